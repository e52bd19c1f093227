import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as content from '@livesports/contracts/content';
import * as consoleCalls from '@livesports/contracts/console';
import { contentReports, posts } from '../../src/db/schema/content.ts';
import { userSanctions } from '../../src/db/schema/console.ts';
import { barrageSend } from '@livesports/contracts/chat-barrage';
import { call, testApp } from '../helpers.ts';
import { quickUser } from '../economy.helpers.ts';
import { approvedAnchor, liveUser } from '../live.helpers.ts';
import { staff } from './console.helpers.ts';

type Group = {
  target_type: string;
  target_id: number;
  count: number;
  reasons: Record<string, number>;
  content: { text: string; visible: boolean } | null;
  author: { id: number; sanction: string | null } | null;
};

describe('console reports: api/admin/reports/list and api/admin/reports/handle', () => {
  let app: FastifyInstance;
  let s: Awaited<ReturnType<typeof staff>>;
  beforeAll(async () => {
    app = await testApp();
    s = await staff(app);
  });
  const openGroups = async (token = s.moderator.token, input: Record<string, unknown> = {}) => (await call(app, consoleCalls.reportsList, { limit: 200, ...input }, { token })).data.list as Group[];
  const find = (list: Group[], type: string, id: number) => list.find((g) => g.target_type === type && g.target_id === id);
  const handle = (input: Record<string, unknown>, token = s.moderator.token) => call(app, consoleCalls.reportsHandle, input, { token, lang: 'en' });

  /** A post by a fresh author, reported by two people. */
  async function reportedPost(text = 'Buy cheap followers at spam.example') {
    const author = await liveUser(app);
    const post = (await call(app, content.publishPost, { content: text }, { token: author.token })).data;
    for (const [reason, detail] of [
      ['spam', 'advert'],
      ['abuse', ''],
    ]) {
      const r = await liveUser(app);
      expect((await call(app, content.report, { type: 'post', id: post.id, reason, detail }, { token: r.token })).code).toBe(200);
    }
    return { author, post };
  }

  it('groups the reports of one target with the content and its author; hiding takes the post off the site, closes them all, audited', async () => {
    const { author, post } = await reportedPost();
    const group = find(await openGroups(), 'post', post.id)!;
    expect(group).toMatchObject({ count: 2, reasons: { spam: 1, abuse: 1 }, content: { text: 'Buy cheap followers at spam.example', visible: true }, author: { id: author.id, sanction: null } });
    const me = await call(app, consoleCalls.consoleMe, {}, { token: s.moderator.token });
    expect(me.data.counts.reports).toBeGreaterThan(0);

    const res = await handle({ target_type: 'post', target_id: post.id, action: 'hide', reason: 'Advertising' });
    expect(res).toMatchObject({ code: 200, msg: 'Done', data: { handled: 2, status: 'actioned' } });
    const [row] = await app.database.db.select({ status: posts.status }).from(posts).where(eq(posts.id, post.id));
    expect(row.status).toBe(0);
    expect(find(await openGroups(), 'post', post.id)).toBeUndefined();
    expect(find(await openGroups(s.moderator.token, { status: 'actioned' }), 'post', post.id)).toMatchObject({ count: 2, content: { visible: false } });

    // One click, then the next item: a second moderator's click on the same target changes nothing.
    const again = await handle({ target_type: 'post', target_id: post.id, action: 'hide', reason: 'Advertising' });
    expect({ status: again.status, msg: again.msg }).toEqual({ status: 409, msg: 'There are no open reports of this' });

    const log = await call(app, consoleCalls.auditList, { action: 'report', target_type: 'post', target_id: String(post.id) }, { token: s.admin.token });
    expect(log.data.list).toEqual([
      expect.objectContaining({ action: 'report.hide', actor: expect.objectContaining({ id: s.moderator.id }), before: { reports: 2, visible: true, author_id: author.id }, reason: 'Advertising' }),
    ]);
  });

  it('dismisses; mutes the author, and an administrator bans them, through the account module; never a staff member', async () => {
    const a = await reportedPost('Fair comment');
    expect((await handle({ target_type: 'post', target_id: a.post.id, action: 'dismiss' })).data).toEqual({ handled: 2, status: 'dismissed' });
    expect(find(await openGroups(s.moderator.token, { status: 'dismissed' }), 'post', a.post.id)).toBeDefined();

    const b = await reportedPost('Abuse');
    const muted = await handle({ target_type: 'post', target_id: b.post.id, action: 'mute', hours: 24, reason: 'Insults' });
    expect(muted.data).toEqual({ handled: 2, status: 'actioned' });
    const [mute] = await app.database.db.select().from(userSanctions).where(eq(userSanctions.userId, b.author.id));
    expect(mute).toMatchObject({ kind: 'mute', reason: 'Insults', createdBy: s.moderator.id, liftedAt: null });
    expect(Math.round((mute.endsAt!.getTime() - mute.createdAt.getTime()) / 3_600_000)).toBe(24);

    const c = await reportedPost('Worse');
    // Bans are the administrators' (the account module decides who may sanction whom).
    const byModerator = await handle({ target_type: 'post', target_id: c.post.id, action: 'ban', reason: 'Repeated abuse' });
    expect({ status: byModerator.status, msg: byModerator.msg }).toEqual({ status: 403, msg: 'Only administrators may ban or unban an account' });
    expect(find(await openGroups(), 'post', c.post.id)).toBeDefined();
    await handle({ target_type: 'post', target_id: c.post.id, action: 'ban', reason: 'Repeated abuse' }, s.admin.token);
    const [ban] = await app.database.db
      .select()
      .from(userSanctions)
      .where(and(eq(userSanctions.userId, c.author.id), eq(userSanctions.kind, 'ban')));
    expect(ban).toMatchObject({ endsAt: null, reason: 'Repeated abuse' });
    // The queue shows who is sanctioned now (the banned author's sessions are gone: they post no more).
    expect(find(await openGroups(s.moderator.token, { status: 'actioned' }), 'post', c.post.id)?.author).toMatchObject({ id: c.author.id, sanction: 'ban' });
    expect((await call(app, content.publishPost, { content: 'Back again' }, { token: c.author.token })).code).toBe(700);

    // Staff answer to an administrator, not to the queue.
    const staffPost = (await call(app, content.publishPost, { content: 'Moderator post' }, { token: s.moderator.token })).data;
    await call(app, content.report, { type: 'post', id: staffPost.id, reason: 'other' }, { token: s.viewer.token });
    const refused = await handle({ target_type: 'post', target_id: staffPost.id, action: 'ban', reason: 'x' }, s.admin.token);
    expect({ status: refused.status, msg: refused.msg }).toEqual({ status: 403, msg: 'Staff members cannot be muted or banned from here' });
  });

  it('chat lines and rooms: no hiding, the author can be muted', async () => {
    const talker = await liveUser(app);
    await app.database.db.insert(contentReports).values({ reporterId: s.viewer.id, targetType: 'chat', targetId: talker.id, reason: 'abuse', detail: '“you are all idiots”' });
    const group = find(await openGroups(), 'chat', talker.id)!;
    expect(group.author).toMatchObject({ id: talker.id });
    const hide = await handle({ target_type: 'chat', target_id: talker.id, action: 'hide', reason: 'x' });
    expect(hide.msg).toBe('This kind of content cannot be hidden; mute or ban its author instead');
    expect((await handle({ target_type: 'chat', target_id: talker.id, action: 'mute', hours: 1, reason: 'Insults in chat' })).data.status).toBe('actioned');
  });

  it('viewers report a chat line (grouped by its author, the line kept) and a room (its anchor)', async () => {
    const anchor = await quickUser(app, { anchor: true });
    const talker = await quickUser(app);
    const sent = await call(app, barrageSend, { room_id: anchor.id, text: 'you are all idiots' }, { token: talker.token });
    const t = { token: s.viewer.token, lang: 'en' };
    const res = await call(app, consoleCalls.reportChat, { room_id: anchor.id, seq: sent.data.seq, reason: 'abuse', detail: 'insults' }, t);
    expect(res).toMatchObject({ code: 200, msg: 'Thank you, your report was received' });
    const group = find(await openGroups(), 'chat', talker.id)!;
    expect(group.author).toMatchObject({ id: talker.id });
    expect((group as unknown as { reports: Array<{ detail: string }> }).reports[0].detail).toBe(`“you are all idiots” (room ${anchor.id}, #${sent.data.seq}) — insults`);
    expect((await call(app, consoleCalls.reportChat, { room_id: anchor.id, seq: 999_999, reason: 'abuse' }, t)).msg).toBe('The reported content does not exist');
    expect((await call(app, consoleCalls.reportChat, { room_id: anchor.id, seq: sent.data.seq, reason: 'abuse' }, { token: talker.token, lang: 'en' })).msg).toBe('You cannot report your own content');
    expect((await call(app, consoleCalls.reportChat, { room_id: anchor.id, seq: sent.data.seq, reason: 'rude' }, t)).msg).toBe('Please choose a reason for the report');
    expect((await call(app, consoleCalls.reportChat, { room_id: anchor.id, seq: sent.data.seq, reason: 'abuse' })).code).toBe(700);

    const room = await approvedAnchor(app, s.admin);
    expect((await call(app, consoleCalls.reportRoom, { room_id: room.id, reason: 'illegal', detail: 'pirated stream' }, t)).code).toBe(200);
    expect(find(await openGroups(), 'room', room.id)).toMatchObject({ count: 1, author: { id: room.id }, content: { visible: true } });
    expect((await call(app, consoleCalls.reportRoom, { room_id: 999_999_999, reason: 'illegal' }, t)).msg).toBe('The reported content does not exist');
    expect((await call(app, consoleCalls.reportRoom, { room_id: room.id, reason: 'illegal', detail: 'x'.repeat(201) }, t)).msg).toBe('The description cannot exceed 200 characters');
    // Handled, then reported again by the same person: it comes back to the queue.
    await handle({ target_type: 'room', target_id: room.id, action: 'dismiss' });
    expect(find(await openGroups(), 'room', room.id)).toBeUndefined();
    await call(app, consoleCalls.reportRoom, { room_id: room.id, reason: 'illegal', detail: 'again' }, t);
    expect(find(await openGroups(), 'room', room.id)).toMatchObject({ count: 1 });
  });

  it('refuses bad input with its message, viewers with 403, nobody with 700', async () => {
    const ok = { target_type: 'post', target_id: 1, action: 'hide', reason: 'x' };
    expect((await handle({ ...ok, target_type: 'user' })).msg).toBe('Invalid target');
    expect((await handle({ ...ok, target_id: 'abc' })).msg).toBe('Invalid target');
    expect((await handle({ ...ok, action: 'delete' })).msg).toBe('Choose an action: dismiss, hide, mute or ban');
    expect((await handle({ ...ok, reason: '' })).msg).toBe('Please give a reason');
    expect((await handle({ ...ok, action: 'mute' })).msg).toBe('Give a length from 1 to 8,760 hours');
    expect((await handle({ ...ok, action: 'ban', hours: 9000 })).msg).toBe('Give a length from 1 to 8,760 hours');
    expect((await handle({ ...ok, reason: 'x'.repeat(201) })).msg).toBe('The reason cannot exceed 200 characters');
    expect((await call(app, consoleCalls.reportsList, { status: 'closed' }, { token: s.moderator.token, lang: 'en' })).msg).toBe('Invalid report state');
    expect((await call(app, consoleCalls.reportsList, { status: 'closed' }, { token: s.moderator.token, lang: 'es' })).msg).toBe('Estado de denuncia no válido');
    expect((await handle({ ...ok, target_id: 999_999_999 })).status).toBe(409);
    const viewer = await call(app, consoleCalls.reportsHandle, ok, { token: s.viewer.token });
    expect(viewer.status).toBe(403);
    expect((await call(app, consoleCalls.reportsList, {}, { token: s.viewer.token })).status).toBe(403);
    expect((await call(app, consoleCalls.reportsHandle, ok)).code).toBe(700);
    expect((await call(app, consoleCalls.reportsList, {})).code).toBe(700);
  });
});
