import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as content from '@livesports/contracts/content';
import * as rooms from '@livesports/contracts/live';
import * as social from '@livesports/contracts/social';
import * as system from '@livesports/contracts/system';
import * as rank from '@livesports/contracts/economy-rank';
import { giftList, handselGift } from '@livesports/contracts/economy-gifts';
import { call, seedUser, testApp } from './helpers.ts';
import { picture, upload } from './content-helpers.ts';
import { key, quickUser, recharge } from './economy.helpers.ts';
import { approvedAnchor, liveUser, srsHook } from './live.helpers.ts';

// Live rooms, headlines, the circle, settings and leaderboards are served from memory
// (platform/read-cache.ts): each test reads an answer first (so it is cached), changes what it
// shows through the site's own calls, and expects the very next read to show the change.

let app: FastifyInstance;
let admin: { id: number; token: string };

beforeAll(async () => {
  app = await testApp();
  admin = await liveUser(app, { admin: true });
});

const ids = (list: Array<{ room_id?: number; id?: number }>) => list.map((r) => r.room_id ?? r.id);

describe('live rooms', () => {
  it('a room going live enters the live lists and its info at once; going offline takes it out', async () => {
    const a = await approvedAnchor(app, admin);
    const live = async () => ids((await call(app, rooms.getLiveList, { type: 0, limit: 50 })).data.list);
    const info = async () => (await call(app, rooms.getRoomInfo, { room_id: a.id })).data as rooms.RoomInfo;
    expect(await live()).not.toContain(a.id);
    expect((await info()).live.is_live).toBe(0);
    const hits = app.readCache.stats().hits;
    await live();
    expect(app.readCache.stats().hits).toBeGreaterThan(hits);

    expect((await srsHook(app, 'on_publish', a.key)).status).toBe(200);
    expect(await live()).toContain(a.id);
    expect((await info()).live.is_live).toBe(1);
    expect(ids((await call(app, rooms.getRoomList, { type: 0, uids: String(a.id) })).data.list)).toEqual([a.id]);

    // The anchor's own changes show too.
    await call(app, rooms.setTitle, { title: 'Derby watch-along' }, { token: a.token });
    expect((await info()).anchor.title).toBe('Derby watch-along');
    await call(app, rooms.setPlacard, { placard: 'Kick-off 21:00' }, { token: a.token });
    expect((await call(app, rooms.getPlacard, { room_id: a.id })).data.placard).toBe('Kick-off 21:00');

    await srsHook(app, 'on_unpublish', a.key);
    expect(await live()).not.toContain(a.id);
    expect((await info()).live.is_live).toBe(0);
  });

  it('room info: a follow changes the count for everyone, is_followed stays the follower own (no-store)', async () => {
    const a = await approvedAnchor(app, admin);
    const fan = await liveUser(app);
    const get = (token?: string) => app.inject({ method: 'GET', url: `/api/Live_streaming/getRoomInfo?room_id=${a.id}`, headers: token ? { token } : {} });
    expect((await get()).json().data.anchor.followers).toBe(0);
    expect((await call(app, social.attention, { id: a.id, type: 1, attention: 1 }, { token: fan.token })).code).toBe(200);
    const guest = await get();
    expect(guest.json().data.anchor).toMatchObject({ followers: 1, is_followed: 0 });
    expect(guest.headers['cache-control']).toMatch(/^public/);
    const mine = await get(fan.token);
    expect(mine.json().data.anchor).toMatchObject({ followers: 1, is_followed: 1 });
    expect(mine.headers['cache-control']).toBe('no-store');
  });
});

describe('headlines and the circle', () => {
  let writer: { id: number; token: string };
  let cover: string;
  beforeAll(async () => {
    writer = await seedUser(app);
    cover = (await upload(app, writer.token, 'cover', await picture('png', 1280, 720), 'image/png')).url;
  });

  it('an article published shows at once in the headline lists and the related list of a detail', async () => {
    const cats = (await call(app, content.classifyList, {})).data as Array<{ id: number; slug: string }>;
    const football = cats.find((c) => c.slug === 'football')!.id;
    const publish = async (title: string) =>
      (await call(app, content.publishArticle, { title, classify_id: football, content: '<p>Report.</p>', image: cover }, { token: writer.token })).data.id as number;
    const first = await publish('Cache test first report');
    const list = async (input: Record<string, unknown>) => ids((await call(app, content.getList2, input)).data.list);
    const detail = async (id: number) => (await call(app, content.articleDetail, { id })).data as content.ArticleDetail;
    expect((await list({ limit: 5 }))[0]).toBe(first);
    expect((await list({ uid: writer.id }))[0]).toBe(first);
    expect(ids((await detail(first)).related)).not.toContain(first);

    const second = await publish('Cache test second one');
    expect((await list({ limit: 5 }))[0]).toBe(second);
    expect((await list({ classify_id: football }))[0]).toBe(second);
    expect(await list({ uid: writer.id })).toEqual([second, first]);
    expect(ids((await detail(first)).related)[0]).toBe(second);
    // Per reader language: the category name is the reader's.
    expect((await call(app, content.getList2, { uid: writer.id }, { lang: 'zh' })).data.list[0].classify_name).toBe('足球');
    expect((await call(app, content.getList2, { uid: writer.id }, { lang: 'es' })).data.list[0].classify_name).toBe('Fútbol');
  });

  it('circle feeds: a new post, a like and a deletion show at once; likes and follows stay personal', async () => {
    const fan = await seedUser(app);
    const feed = (token?: string) => app.inject({ method: 'GET', url: '/anchor_dynamics/userPostList?limit=10', headers: token ? { token } : {} });
    const first = (p: { json(): { data: { list: content.Post[] } } }) => p.json().data.list[0];
    await feed();
    const post = (await call(app, content.publishPost, { content: 'Who wins tonight?', images: [] }, { token: writer.token })).data as content.Post;
    expect(first(await feed())).toMatchObject({ id: post.id, likes: 0, is_liked: 0, is_mine: 0 });

    await call(app, content.likePost, { id: post.id, like: 1 }, { token: fan.token });
    const guest = await feed();
    expect(first(guest)).toMatchObject({ id: post.id, likes: 1, is_liked: 0 });
    expect(guest.headers['cache-control']).toMatch(/^public/);
    const mine = await feed(fan.token);
    expect(first(mine)).toMatchObject({ id: post.id, likes: 1, is_liked: 1, is_mine: 0 });
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(first(await feed(writer.token))).toMatchObject({ id: post.id, is_liked: 0, is_mine: 1 });
    expect((await call(app, content.postInfo, { id: post.id }, { token: fan.token })).data).toMatchObject({ likes: 1, is_liked: 1 });

    await call(app, content.deletePost, { id: post.id }, { token: writer.token });
    expect(first(await feed())?.id).not.toBe(post.id);
    expect((await call(app, content.postInfo, { id: post.id })).status).toBe(404);
  });
});

describe('settings and leaderboards', () => {
  it('a setting changed by an operator shows on the next read', async () => {
    const before = (await call(app, system.getSystem, {})).data;
    await call(app, system.setSystem, { key: 'feedback_qq', value: `qq-${Date.now()}` }, { token: admin.token });
    expect((await call(app, system.getSystem, {})).data.feedback_qq).not.toBe(before.feedback_qq);
  });

  it('a gift moves the leaderboards at once', async () => {
    const gifts = Object.fromEntries((await call(app, giftList, {})).data.map((g: { code: string; id: number }) => [g.code, g.id]));
    const [anchor, fan] = [await quickUser(app, { anchor: true }), await quickUser(app)];
    await recharge(app, fan.token, 6);
    const roomBoard = async () => (await call(app, rank.roomRanking, { room_id: anchor.id, type: 'all' })).data as Array<{ user: { id: number }; value: number }>;
    expect(await roomBoard()).toEqual([]);
    expect((await call(app, handselGift, { room_id: anchor.id, gift_id: gifts.rocket, num: 1, idempotency_key: key() }, { token: fan.token })).code).toBe(200);
    const after = await roomBoard();
    expect(after.map((r) => r.user.id)).toEqual([fan.id]);
    expect(after[0].value).toBeGreaterThan(0);
  });
});
