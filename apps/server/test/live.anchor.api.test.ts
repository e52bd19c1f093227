import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as account from '@livesports/contracts/account';
import * as anchor from '@livesports/contracts/live-anchor';
import * as rooms from '@livesports/contracts/live';
import * as system from '@livesports/contracts/system';
import { call, testApp } from './helpers.ts';
import { applicationForm, approvedAnchor, liveUser } from './live.helpers.ts';

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof liveUser>>;
beforeAll(async () => {
  app = await testApp();
  admin = await liveUser(app, { admin: true });
});

describe('POST api/Member/getVerifiedInfo', () => {
  it('needs login', async () => {
    expect(await call(app, anchor.getVerifiedInfo, {})).toMatchObject({ status: 401, code: 700, msg: 'Please log in first' });
  });

  it('says a new user never applied and that applications are open', async () => {
    const u = await liveUser(app);
    const res = await call(app, anchor.getVerifiedInfo, {}, { token: u.token });
    expect(res).toMatchObject({ code: 200, data: { status: -1, is_anchor: 0, open: true, application: null } });
  });
});

describe('POST api/Member/verified (the anchor application)', () => {
  it('each missing or bad field gets its own message, in form order', async () => {
    const u = await liveUser(app);
    const send = (patch: Record<string, unknown>, lang = 'en') => call(app, anchor.verified, { ...applicationForm, ...patch }, { token: u.token, lang }).then((r) => r.msg);
    expect(await send({ real_name: '  ' })).toBe('Please enter your real name');
    expect(await send({ real_name: 'x'.repeat(31) })).toBe('The real name cannot exceed 30 characters');
    expect(await send({ id_number: '' })).toBe('Please enter your ID number');
    expect(await send({ id_number: '12 34' })).toBe('The ID number must be 6-30 letters or digits');
    expect(await send({ live_type: '' })).toBe('Please choose a live event type');
    expect(await send({ live_type: 9 })).toBe('Please choose a live event type');
    expect(await send({ experience: '' })).toBe('Please describe your streaming experience');
    expect(await send({ experience: 'x'.repeat(501) })).toBe('The experience cannot exceed 500 characters');
    expect(await send({ contact: '' })).toBe('Please enter a contact method');
    expect(await send({ introduction: '' })).toBe('Please enter a personal introduction');
    expect(await send({ agreement: false })).toBe('Please read and accept the streaming agreement');
    expect(await send({ inviter: 'x'.repeat(31) })).toBe('The inviter or invite code is too long');
    expect(await send({ real_name: '' }, 'zh')).toBe('请输入真实姓名');
    expect(await send({ agreement: '' }, 'es')).toBe('Lea y acepte el acuerdo de retransmisión');
    // Nothing was stored by any of them.
    expect((await call(app, anchor.getVerifiedInfo, {}, { token: u.token })).data.status).toBe(-1);
  });

  it('stores a submitted application, masked for its owner, and refuses a second one while pending', async () => {
    const u = await liveUser(app);
    expect((await call(app, anchor.verified, applicationForm)).code).toBe(700);
    const res = await call(app, anchor.verified, { ...applicationForm, inviter: 'Marco', invite_code: 'ABC123' }, { token: u.token });
    expect(res).toMatchObject({ code: 200, msg: 'Application submitted', data: { status: 0, is_anchor: 0 } });
    expect(res.data.application).toMatchObject({ status: 0, real_name: 'L****', id_number: 'X12****7Z', live_type: 1, inviter: 'Marco', invite_code: 'ABC123' });
    const again = await call(app, anchor.verified, applicationForm, { token: u.token });
    expect(again).toMatchObject({ status: 409, code: 1, msg: 'Your application is already being processed' });
  });

  it('an anchor cannot apply again', async () => {
    const a = await approvedAnchor(app, admin);
    expect(await call(app, anchor.verified, applicationForm, { token: a.token })).toMatchObject({ status: 409, msg: 'You are already an anchor' });
  });

  it('is refused while the operator has applications closed', async () => {
    const u = await liveUser(app);
    expect((await call(app, system.setSystem, { key: 'apply_for_anchor', value: '0' }, { token: admin.token })).code).toBe(200);
    try {
      expect(await call(app, anchor.verified, applicationForm, { token: u.token })).toMatchObject({ status: 403, msg: 'Anchor applications are closed at the moment' });
      expect((await call(app, anchor.getVerifiedInfo, {}, { token: u.token })).data.open).toBe(false);
    } finally {
      await call(app, system.setSystem, { key: 'apply_for_anchor', value: '1' }, { token: admin.token });
    }
  });
});

describe('administrators review applications', () => {
  it('only administrators list and review', async () => {
    const u = await liveUser(app);
    const applied = await call(app, anchor.verified, applicationForm, { token: u.token });
    const id = applied.data.application.id;
    expect(await call(app, anchor.listAnchorApplications, {}, { token: u.token })).toMatchObject({ status: 403, msg: 'You do not have permission to do this' });
    expect(await call(app, anchor.reviewAnchorApplication, { id, status: 2 }, { token: u.token })).toMatchObject({ status: 403 });
    expect((await call(app, anchor.reviewAnchorApplication, { id, status: 2 })).code).toBe(700);
    // Still only submitted.
    expect((await call(app, anchor.getVerifiedInfo, {}, { token: u.token })).data.status).toBe(0);
  });

  it('lists pending applications with the full name and ID for the administrator', async () => {
    const u = await liveUser(app);
    await call(app, anchor.verified, applicationForm, { token: u.token });
    const res = await call(app, anchor.listAnchorApplications, { status: 0, limit: 50 }, { token: admin.token });
    expect(res.code).toBe(200);
    const mine = res.data.list.find((a: { uid: number }) => a.uid === u.id);
    expect(mine).toMatchObject({ status: 0, real_name: 'Lucía Fernández', id_number: 'X1234567Z', nickname: u.nickname });
    expect(res.data.list.every((a: { status: number }) => a.status === 0)).toBe(true);
    expect((await call(app, anchor.listAnchorApplications, { status: 7 }, { token: admin.token })).msg).toBe('Unknown review decision');
  });

  it('under review, then approved: the user becomes an anchor with a room', async () => {
    const u = await liveUser(app);
    const id = (await call(app, anchor.verified, { ...applicationForm, live_type: 2 }, { token: u.token })).data.application.id;
    const review = await call(app, anchor.reviewAnchorApplication, { id, status: 1 }, { token: admin.token });
    expect(review).toMatchObject({ code: 200, msg: 'Review saved', data: { status: 1 } });
    expect((await call(app, anchor.getVerifiedInfo, {}, { token: u.token })).data.status).toBe(1);
    // Not an anchor yet.
    expect(await call(app, rooms.getMyRoom, {}, { token: u.token })).toMatchObject({ status: 403, msg: 'Only anchors can do this. Apply to become an anchor first' });

    expect((await call(app, anchor.reviewAnchorApplication, { id, status: 2 }, { token: admin.token })).data.status).toBe(2);
    const info = await call(app, account.userInfo, {}, { token: u.token });
    expect(info.data.is_anchor).toBe(1);
    const room = await call(app, rooms.getMyRoom, {}, { token: u.token });
    expect(room.data).toMatchObject({ room_id: u.id, type: 2, status: 0, is_live: 0 });
    expect(room.data.stream_key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(room.data.title).toContain(u.nickname);

    expect(await call(app, anchor.reviewAnchorApplication, { id, status: 3, reason: 'late' }, { token: admin.token })).toMatchObject({ status: 409, msg: 'This application has already been decided' });
  });

  it('a rejected applicant sees the reason and may apply again', async () => {
    const u = await liveUser(app);
    const id = (await call(app, anchor.verified, applicationForm, { token: u.token })).data.application.id;
    expect((await call(app, anchor.reviewAnchorApplication, { id, status: 3, reason: 'x'.repeat(201) }, { token: admin.token })).msg).toBe('The reason cannot exceed 200 characters');
    await call(app, anchor.reviewAnchorApplication, { id, status: 3, reason: 'Please add your streaming experience' }, { token: admin.token });
    const info = await call(app, anchor.getVerifiedInfo, {}, { token: u.token });
    expect(info.data).toMatchObject({ status: 3, state: 'rejected', is_anchor: 0, application: { reason: 'Please add your streaming experience' } });
    // The form comes back with the earlier answers, name and ID number whole, to be corrected.
    expect(info.data.application).toMatchObject({ real_name: 'Lucía Fernández', id_number: 'X1234567Z', experience: applicationForm.experience, contact: applicationForm.contact });
    expect((await call(app, account.userInfo, {}, { token: u.token })).data.is_anchor).toBe(0);
    const again = await call(app, anchor.verified, { ...applicationForm, experience: 'Three seasons now' }, { token: u.token });
    expect(again.data).toMatchObject({ status: 0, application: { id, experience: 'Three seasons now', reason: '' } });
  });

  it('takes named decisions (review, approve, reject) as well as the numbers, and names each state', async () => {
    const a = await liveUser(app);
    const idA = (await call(app, anchor.verified, applicationForm, { token: a.token })).data.application.id;
    expect((await call(app, anchor.getVerifiedInfo, {}, { token: a.token })).data).toMatchObject({ status: 0, state: 'submitted' });
    expect((await call(app, anchor.reviewAnchorApplication, { id: idA, decision: 'review' }, { token: admin.token })).data).toMatchObject({ status: 1, state: 'under_review' });
    expect((await call(app, anchor.getVerifiedInfo, {}, { token: a.token })).data.state).toBe('under_review');
    const approved = await call(app, anchor.reviewAnchorApplication, { id: idA, decision: 'Approve' }, { token: admin.token });
    expect(approved).toMatchObject({ code: 200, data: { status: 2, state: 'approved' } });
    expect((await call(app, account.userInfo, {}, { token: a.token })).data.is_anchor).toBe(1);

    const b = await liveUser(app);
    const idB = (await call(app, anchor.verified, applicationForm, { token: b.token })).data.application.id;
    // The word may go in `status` too, and a form-encoded "3" is still the spec's reject.
    expect((await call(app, anchor.reviewAnchorApplication, { id: idB, status: 'reject', reason: 'Blurry ID' }, { token: admin.token })).data).toMatchObject({
      status: 3,
      state: 'rejected',
      reason: 'Blurry ID',
    });
    expect((await call(app, anchor.getVerifiedInfo, {}, { token: b.token })).data).toMatchObject({ status: 3, state: 'rejected' });
    expect((await call(app, account.userInfo, {}, { token: b.token })).data.is_anchor).toBe(0);
  });

  it('refuses a decision it cannot read, or two that disagree, and changes nothing', async () => {
    const u = await liveUser(app);
    const id = (await call(app, anchor.verified, applicationForm, { token: u.token })).data.application.id;
    expect(await call(app, anchor.reviewAnchorApplication, { id, decision: 'accept' }, { token: admin.token })).toMatchObject({ status: 400, code: 1, msg: 'Unknown review decision' });
    expect((await call(app, anchor.reviewAnchorApplication, { id }, { token: admin.token })).msg).toBe('Unknown review decision');
    expect((await call(app, anchor.reviewAnchorApplication, { id, decision: 'approve', status: 3 }, { token: admin.token, lang: 'es' })).msg).toBe(
      'La decisión y el estado no coinciden: envíe solo uno de ellos',
    );
    expect((await call(app, anchor.reviewAnchorApplication, { id, decision: 'reject', status: 'approve' }, { token: admin.token, lang: 'zh' })).msg).toBe('审核决定与状态不一致，请只填写其中一个');
    expect((await call(app, anchor.getVerifiedInfo, {}, { token: u.token })).data).toMatchObject({ status: 0, state: 'submitted' });
  });

  it('rejects unknown applications and decisions', async () => {
    expect(await call(app, anchor.reviewAnchorApplication, { id: 99_999_999, status: 2 }, { token: admin.token })).toMatchObject({ status: 404, msg: 'Application not found' });
    expect((await call(app, anchor.reviewAnchorApplication, { id: 1, status: 0 }, { token: admin.token })).msg).toBe('Unknown review decision');
    expect((await call(app, anchor.reviewAnchorApplication, { id: 'x', status: 2 }, { token: admin.token })).msg).toBe('Application not found');
  });
});
