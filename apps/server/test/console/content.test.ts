import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as cc from '@livesports/contracts/console-content';
import * as consoleCalls from '@livesports/contracts/console';
import * as content from '@livesports/contracts/content';
import * as live from '@livesports/contracts/live';
import { contentReports } from '../../src/db/schema/content.ts';
import { call, testApp } from '../helpers.ts';
import { approvedAnchor } from '../live.helpers.ts';
import { staff } from './console.helpers.ts';

type Staff = Awaited<ReturnType<typeof staff>>;

/** The latest audit rows of one target, newest first. */
async function auditOf(app: FastifyInstance, s: Staff, type: string, id: number | string) {
  return (await call(app, consoleCalls.auditList, { target_type: type, target_id: String(id) }, { token: s.admin.token })).data.list as Array<{
    action: string;
    reason: string;
    actor: { id: number };
    before: unknown;
    after: unknown;
  }>;
}

describe('console: content (moderators)', () => {
  let app: FastifyInstance;
  let s: Staff;
  beforeAll(async () => {
    app = await testApp();
    s = await staff(app);
  });

  const newPost = async (text: string) => {
    const res = await call(app, content.publishPost, { content: text }, { token: s.viewer.token });
    expect(res.code).toBe(200);
    return res.data.id as number;
  };
  const feed = async () => (await call(app, content.userPostList, { tab: 0, limit: 50 })).data.list.map((p: { id: number }) => p.id) as number[];

  it('a hidden post disappears from the public feed and page at once; restored, it is back; the audit has who, what and why', async () => {
    const id = await newPost(`console hide me ${Date.now()}`);
    expect(await feed()).toContain(id); // cached now
    const listed = await call(app, cc.contentList, { kind: 'post', q: 'console hide me' }, { token: s.moderator.token });
    expect(listed.code).toBe(200);
    expect(listed.data.list.find((r: { id: number }) => r.id === id)).toMatchObject({ kind: 'post', state: 'visible', author: { id: s.viewer.id } });

    const hidden = await call(app, cc.contentModerate, { kind: 'post', id, action: 'hide', reason: 'spam link' }, { token: s.moderator.token, lang: 'en' });
    expect(hidden.code).toBe(200);
    expect(hidden.data).toMatchObject({ id, state: 'hidden' });
    expect(await feed()).not.toContain(id);
    expect((await call(app, content.postInfo, { id })).status).toBe(404);
    const audit = await auditOf(app, s, 'post', id);
    expect(audit[0]).toMatchObject({ action: 'post.hide', reason: 'spam link', actor: { id: s.moderator.id }, before: { state: 'visible' }, after: { state: 'hidden' } });

    // Hidden again: refused with its message; restored: visible again.
    expect((await call(app, cc.contentModerate, { kind: 'post', id, action: 'hide', reason: 'again' }, { token: s.moderator.token, lang: 'en' })).msg).toBe('That item is already hidden');
    const restored = await call(app, cc.contentModerate, { kind: 'post', id, action: 'restore' }, { token: s.moderator.token });
    expect(restored.data.state).toBe('visible');
    expect(await feed()).toContain(id);

    // Deleted: gone, and cannot be restored.
    expect((await call(app, cc.contentModerate, { kind: 'post', id, action: 'delete', reason: 'illegal' }, { token: s.moderator.token })).data.state).toBe('deleted');
    expect(await feed()).not.toContain(id);
    expect((await call(app, cc.contentModerate, { kind: 'post', id, action: 'restore' }, { token: s.moderator.token, lang: 'en' })).msg).toBe('That item was deleted');
    expect((await auditOf(app, s, 'post', id)).map((e) => e.action)).toEqual(['post.delete', 'post.restore', 'post.hide']);
  });

  it('a hidden comment leaves the thread and its count; its open reports are closed', async () => {
    const postId = await newPost(`console comment thread ${Date.now()}`);
    const c = await call(app, content.commentPost, { id: postId, content: 'rude words here' }, { token: s.admin.token });
    expect(c.code).toBe(200);
    const reported = await call(app, content.report, { type: 'comment', id: c.data.id, reason: 'abuse' }, { token: s.viewer.token });
    expect(reported.code).toBe(200);
    const withReports = await call(app, cc.contentList, { kind: 'comment', reported: 1 }, { token: s.moderator.token });
    expect(withReports.data.list.find((r: { id: number }) => r.id === c.data.id)).toMatchObject({ reports: 1, thread: { kind: 'post', id: postId } });

    expect((await call(app, content.postInfo, { id: postId })).data.comments).toBe(1);
    const res = await call(app, cc.contentModerate, { kind: 'comment', id: c.data.id, action: 'hide', reason: 'abuse' }, { token: s.moderator.token });
    expect(res.code).toBe(200);
    expect((await call(app, content.commentList, { id: postId })).data.list).toEqual([]);
    expect((await call(app, content.postInfo, { id: postId })).data.comments).toBe(0);
    const [report] = await app.database.db
      .select()
      .from(contentReports)
      .where(and(eq(contentReports.targetType, 'comment'), eq(contentReports.targetId, c.data.id)));
    expect(report).toMatchObject({ status: 'actioned', handledBy: s.moderator.id });
    await call(app, cc.contentModerate, { kind: 'comment', id: c.data.id, action: 'restore' }, { token: s.moderator.token });
    expect((await call(app, content.postInfo, { id: postId })).data.comments).toBe(1);
  });

  it('features a headline on the home page (first), drops it when hidden, and unfeatures', async () => {
    const { id } = await app.content.publishVideo(s.viewer.id, { title: `Featured story ${Date.now() % 100000}`, body: 'A story for the home page.', roomType: 1, cover: '/c.jpg', video: '/v.mp4' });
    await app.readCache.invalidate(['articles']);
    const before = await call(app, cc.featuredArticles, {});
    expect(before.code).toBe(200);
    const on = await call(app, cc.articleFeature, { id, featured: 1 }, { token: s.moderator.token });
    expect(on.code).toBe(200);
    expect(on.data.featured[0]).toBe(id);
    const home = await call(app, cc.featuredArticles, {}, { lang: 'en' });
    expect(home.data.list[0]).toMatchObject({ id, classify_name: expect.any(String) });
    const rows = await call(app, cc.contentList, { kind: 'article', q: 'Featured story' }, { token: s.moderator.token });
    expect(rows.data.list.find((r: { id: number }) => r.id === id)).toMatchObject({ featured: true, state: 'visible' });

    await call(app, cc.contentModerate, { kind: 'article', id, action: 'hide', reason: 'wrong facts' }, { token: s.moderator.token });
    expect((await call(app, cc.featuredArticles, {})).data.list.map((a: { id: number }) => a.id)).not.toContain(id);
    expect((await call(app, content.getList2, { limit: 50 })).data.list.map((a: { id: number }) => a.id)).not.toContain(id);
    expect((await call(app, content.articleDetail, { id })).status).toBe(404);
    expect((await call(app, cc.articleFeature, { id, featured: 1 }, { token: s.moderator.token, lang: 'en' })).msg).toBe('Only a visible headline can be featured');

    await call(app, cc.contentModerate, { kind: 'article', id, action: 'restore' }, { token: s.moderator.token });
    expect((await call(app, cc.featuredArticles, {})).data.list[0].id).toBe(id);
    const off = await call(app, cc.articleFeature, { id, featured: 0 }, { token: s.moderator.token });
    expect(off.data.featured).not.toContain(id);
    expect((await auditOf(app, s, 'article', id)).map((e) => e.action)).toEqual(['article.unfeature', 'article.restore', 'article.hide', 'article.feature']);
  });

  it('refuses bad input with its message, nobody with 700, a viewer with 403', async () => {
    const bad = async (def: Parameters<typeof call>[1], input: Record<string, unknown>) => (await call(app, def, input, { token: s.moderator.token, lang: 'en' })).msg;
    expect(await bad(cc.contentModerate, { kind: 'post', id: 1, action: 'hide' })).toBe('Please give a reason');
    expect(await bad(cc.contentModerate, { kind: 'post', id: 1, action: 'hide', reason: 'x'.repeat(201) })).toBe('The reason cannot exceed 200 characters');
    expect(await bad(cc.contentModerate, { kind: 'video', id: 1, action: 'hide', reason: 'x' })).toBe('Invalid content type');
    expect(await bad(cc.contentModerate, { kind: 'post', id: 1, action: 'burn', reason: 'x' })).toBe('Invalid action');
    expect(await bad(cc.contentModerate, { kind: 'post', id: 2_000_000_000, action: 'hide', reason: 'x' })).toBe('That item does not exist');
    expect(await bad(cc.contentList, { kind: 'post', state: 'gone' })).toBe('Invalid state');
    for (const def of [cc.contentList, cc.contentModerate, cc.articleFeature, cc.roomList, cc.roomEnd, cc.roomWarn]) {
      expect((await call(app, def, {})).code).toBe(700);
      const viewer = await call(app, def, {}, { token: s.viewer.token });
      expect({ path: def.path, status: viewer.status, code: viewer.code }).toEqual({ path: def.path, status: 403, code: 1 });
    }
  });
});

describe('console: live rooms (moderators)', () => {
  let app: FastifyInstance;
  let s: Staff;
  let anchor: Awaited<ReturnType<typeof approvedAnchor>>;
  beforeAll(async () => {
    app = await testApp();
    s = await staff(app);
    anchor = await approvedAnchor(app, s.admin);
  });

  it('lists rooms, changes title and category, resets the key, ends the broadcast; each audited', async () => {
    await call(app, live.startRoom, {}, { token: anchor.token });
    const listed = await call(app, cc.roomList, { state: 'live', q: String(anchor.id) }, { token: s.moderator.token });
    expect(listed.code).toBe(200);
    expect(listed.data.list[0]).toMatchObject({ room_id: anchor.id, status: 1 });

    const upd = await call(app, cc.roomUpdate, { room_id: anchor.id, title: 'Renamed by staff', type: 2, reason: 'misleading title' }, { token: s.moderator.token });
    expect(upd.code).toBe(200);
    expect(upd.data).toMatchObject({ title: 'Renamed by staff', type: 2 });
    const info = (await call(app, live.getRoomInfo, { room_id: anchor.id })).data;
    expect({ title: info.anchor.title, type: info.live.type }).toEqual({ title: 'Renamed by staff', type: 2 });

    const reset = await call(app, cc.roomResetKey, { room_id: anchor.id, reason: 'key leaked' }, { token: s.moderator.token });
    expect(reset.code).toBe(200);
    expect((await call(app, live.getMyRoom, {}, { token: anchor.token })).data.stream_key).not.toBe(anchor.key);

    const end = await call(app, cc.roomEnd, { room_id: anchor.id, reason: 'rules broken' }, { token: s.moderator.token });
    expect(end.code).toBe(200);
    expect(end.data.status).toBe(0);
    const audit = await auditOf(app, s, 'room', anchor.id);
    expect(audit.map((e) => e.action)).toEqual(['room.end', 'room.reset_key', 'room.update']);
    expect(audit[2]).toMatchObject({ reason: 'misleading title', before: { type: 1 }, after: { title: 'Renamed by staff', type: 2 } });
    expect(JSON.stringify(audit)).not.toContain(anchor.key);
  });

  it('sends a warning into the room chat as a stored system notice', async () => {
    const res = await call(app, cc.roomWarn, { room_id: anchor.id, text: 'Keep it clean, please.' }, { token: s.moderator.token });
    expect(res.code).toBe(200);
    const history = await app.chat.messages.history(anchor.id);
    const last = history.at(-1)!;
    expect(JSON.parse(last.payload.data!)).toMatchObject({ type: 103, action: 'warning', text: 'Keep it clean, please.', target: { id: anchor.id } });
    expect((await auditOf(app, s, 'room', anchor.id))[0]).toMatchObject({ action: 'room.warn', after: { text: 'Keep it clean, please.' } });
  });

  it('refuses bad input with its message', async () => {
    const bad = async (def: Parameters<typeof call>[1], input: Record<string, unknown>) => (await call(app, def, input, { token: s.moderator.token, lang: 'en' })).msg;
    expect(await bad(cc.roomEnd, { room_id: anchor.id })).toBe('Please give a reason');
    expect(await bad(cc.roomUpdate, { room_id: anchor.id, reason: 'x' })).toBe('Nothing to change');
    expect(await bad(cc.roomUpdate, { room_id: anchor.id, type: 9 })).toBe('Unknown live room category');
    expect(await bad(cc.roomWarn, { room_id: anchor.id, text: '  ' })).toBe('Please write the warning');
    expect(await bad(cc.roomEnd, { room_id: 2_000_000_000, reason: 'x' })).toBe('That room does not exist');
    expect(await bad(cc.roomWarn, { room_id: s.viewer.id, text: 'hi' })).toBe('That room does not exist');
  });
});
