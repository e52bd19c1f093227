import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as anchor from '@livesports/contracts/live-anchor';
import * as consoleCalls from '@livesports/contracts/console';
import * as payout from '@livesports/contracts/economy-withdrawal';
import { giftList, handselGift } from '@livesports/contracts/economy-gifts';
import { call, testApp } from '../helpers.ts';
import { key, quickUser, recharge, setPayPassword } from '../economy.helpers.ts';
import { applicationForm, liveUser } from '../live.helpers.ts';
import { staff } from './console.helpers.ts';

// The console's queues are the domains' own review calls (api/admin/reviewAnchor,
// api/admin/withdrawal/*): here, that each decision lands in the audit log and the menu counts move.

describe('console queues: anchor applications and withdrawals, audited', () => {
  let app: FastifyInstance;
  let s: Awaited<ReturnType<typeof staff>>;
  beforeAll(async () => {
    app = await testApp();
    s = await staff(app);
  });
  const counts = async () => (await call(app, consoleCalls.consoleMe, {}, { token: s.admin.token })).data.counts;
  const audit = async (target_type: string, target_id: number) =>
    (await call(app, consoleCalls.auditList, { target_type, target_id: String(target_id) }, { token: s.admin.token })).data.list as Array<Record<string, unknown>>;

  it('an approval and a rejection of anchor applications are recorded; the applicant sees the reason; the count moves', async () => {
    const before = (await counts()).anchor_applications;
    const yes = await liveUser(app);
    const no = await liveUser(app);
    const a = (await call(app, anchor.verified, applicationForm, { token: yes.token })).data.application;
    const b = (await call(app, anchor.verified, applicationForm, { token: no.token })).data.application;
    expect((await counts()).anchor_applications).toBe(before + 2);

    expect((await call(app, anchor.reviewAnchorApplication, { id: a.id, decision: 'approve' }, { token: s.admin.token })).code).toBe(200);
    expect((await call(app, anchor.reviewAnchorApplication, { id: b.id, decision: 'reject', reason: 'The ID number does not match the name' }, { token: s.admin.token })).code).toBe(200);
    expect((await counts()).anchor_applications).toBe(before);

    expect(await audit('anchor_application', a.id)).toEqual([
      expect.objectContaining({ action: 'anchor.approve', actor: expect.objectContaining({ id: s.admin.id }), before: { status: 0, user_id: yes.id }, after: { status: 2, user_id: yes.id } }),
    ]);
    expect(await audit('anchor_application', b.id)).toEqual([
      expect.objectContaining({ action: 'anchor.reject', before: { status: 0, user_id: no.id }, after: { status: 3, user_id: no.id }, reason: 'The ID number does not match the name' }),
    ]);
    const seen = await call(app, anchor.getVerifiedInfo, {}, { token: no.token });
    expect(seen.data).toMatchObject({ state: 'rejected', application: { reason: 'The ID number does not match the name' } });
    // Moderators do not review applications (real names and ID numbers): no count, no call.
    expect((await call(app, consoleCalls.consoleMe, {}, { token: s.moderator.token })).data.counts.anchor_applications).toBe(0);
    expect((await call(app, anchor.listAnchorApplications, {}, { token: s.moderator.token })).status).toBe(403);
  });

  it('withdrawal decisions are recorded in their own transaction; the queue is oldest first and shows one person’s history', async () => {
    const earner = await quickUser(app, { anchor: true });
    const fan = await quickUser(app);
    await recharge(app, fan.token, 4);
    const rocket = (await call(app, giftList, {})).data.find((g: { code: string }) => g.code === 'rocket');
    await call(app, handselGift, { room_id: earner.id, gift_id: rocket.id, idempotency_key: key() }, { token: fan.token });
    const password = await setPayPassword(app, earner.token);
    await call(app, payout.bindBankCard, { name: 'Li Lei', card_no: '6222021234567890', bank_name: 'ICBC', pay_password: password }, { token: earner.token });
    const apply = async (money: number) =>
      (await call(app, payout.applyForWithdrawal, { type: 1, money, pay_password: password, idempotency_key: key() }, { token: earner.token })).data as { id: number };
    const before = (await counts()).withdrawals;
    const w1 = await apply(1000);
    const w2 = await apply(1200);
    expect((await counts()).withdrawals).toBe(before + 2);

    const history = await call(app, payout.adminWithdrawals, { user_id: earner.id, order: 'oldest' }, { token: s.admin.token });
    expect(history.data.list.map((w: { id: number }) => w.id)).toEqual([w1.id, w2.id]);
    expect((await call(app, payout.adminWithdrawals, { user_id: earner.id }, { token: s.admin.token })).data.list.map((w: { id: number }) => w.id)).toEqual([w2.id, w1.id]);
    expect((await call(app, payout.adminWithdrawals, { order: 'random' }, { token: s.admin.token, lang: 'en' })).msg).toBe('Something in the form is not right. Please check it.');

    await call(app, payout.approveWithdrawal, { id: w1.id }, { token: s.admin.token });
    await call(app, payout.rejectWithdrawal, { id: w2.id, reason: 'Card holder differs' }, { token: s.admin.token });
    expect((await counts()).withdrawals).toBe(before);
    expect(await audit('withdrawal', w1.id)).toEqual([
      expect.objectContaining({ action: 'withdrawal.approve', before: { status: 0, user_id: earner.id, money: 1000 }, after: { status: 1, user_id: earner.id, money: 1000 } }),
    ]);
    expect(await audit('withdrawal', w2.id)).toEqual([expect.objectContaining({ action: 'withdrawal.reject', after: expect.objectContaining({ status: 2 }), reason: 'Card holder differs' })]);
    // A refused second decision leaves no record.
    await call(app, payout.approveWithdrawal, { id: w2.id }, { token: s.admin.token });
    expect(await audit('withdrawal', w2.id)).toHaveLength(1);
    // Moderators: no money.
    expect((await call(app, payout.adminWithdrawals, {}, { token: s.moderator.token })).status).toBe(403);
  });
});
