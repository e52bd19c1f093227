import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as content from '@livesports/contracts/content';
import * as gifts from '@livesports/contracts/economy-gifts';
import { getWallet } from '@livesports/contracts/economy-wallet';
import { call, freshIp, testApp } from './helpers.ts';
import { key, quickUser, recharge } from './economy.helpers.ts';

// Older clients of the same API (issue #52, item 8). The spec writes the circle's calls without the
// `api/` prefix every other call has: both paths answer the same. Calls the spec lists without a
// method (handselGift, guard_user/buy) answer GET as well, under the same cross-site rule as
// api/Member/sneHorn: a GET from the site's own page works, one from another site is refused and
// charges nothing.

const SAME = { 'sec-fetch-site': 'same-origin' };
const CROSS = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' };

let app: FastifyInstance;
let giftList: Array<{ id: number; code: string; price: number }>;
beforeAll(async () => {
  app = await testApp();
  giftList = (await call(app, gifts.giftList, {})).data;
});

const get = (url: string, query: Record<string, string | number>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers, remoteAddress: freshIp() });
const consumption = async (token: string) => (await call(app, getWallet, {}, { token })).data.consumption as number;

describe('anchor_dynamics under api/', () => {
  it('reads the same feed and post at both paths', async () => {
    const writer = await quickUser(app);
    const post = await call(app, content.publishPost, { content: 'Both paths, one post' }, { token: writer.token });
    expect(post.code).toBe(200);
    const bare = await get('/anchor_dynamics/info', { id: post.data.id });
    const prefixed = await get('/api/anchor_dynamics/info', { id: post.data.id });
    expect(prefixed.statusCode).toBe(200);
    expect(prefixed.json()).toEqual(bare.json());
    expect(prefixed.json().data.content).toBe('Both paths, one post');
    const feed = await get('/api/anchor_dynamics/userPostList', { uid: writer.id, all_lang: 1 });
    expect(feed.json().data.list.map((p: { id: number }) => p.id)).toEqual([post.data.id]);
  });

  it('publishes under api/ with the same checks: bad input, not logged in, another user, another site', async () => {
    const writer = await quickUser(app);
    const reader = await quickUser(app);
    const url = '/api/anchor_dynamics_user/insert';
    const ok = await app.inject({ method: 'POST', url, headers: { token: writer.token }, payload: { content: 'Posted the old way' }, remoteAddress: freshIp() });
    expect(ok.json()).toMatchObject({ code: 200, msg: 'Published', data: { content: 'Posted the old way', author: { id: writer.id } } });
    const empty = await app.inject({ method: 'POST', url, headers: { token: writer.token }, payload: { content: '  ' }, remoteAddress: freshIp() });
    expect(empty.json()).toMatchObject({ code: 1, msg: 'Please write something or add a picture' });
    const guest = await app.inject({ method: 'POST', url, payload: { content: 'hi' }, remoteAddress: freshIp() });
    expect(guest.json().code).toBe(700);
    // Another user may not delete it by the prefixed path either.
    const del = await app.inject({ method: 'POST', url: '/api/anchor_dynamics_user/delete', headers: { token: reader.token }, payload: { id: ok.json().data.id }, remoteAddress: freshIp() });
    expect(del.json()).toMatchObject({ code: 1, msg: 'You can only delete your own posts and comments' });
    const cross = await app.inject({ method: 'POST', url, headers: { cookie: `token=${writer.token}`, ...CROSS }, payload: { content: 'from elsewhere' }, remoteAddress: freshIp() });
    expect(cross.statusCode).toBe(403);
    const mine = await get('/api/anchor_dynamics/userPostList', { uid: writer.id, all_lang: 1 });
    expect(mine.json().data.list.map((p: { content: string }) => p.content)).toEqual(['Posted the old way']);
  });

  it('documents the alias in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/anchor_dynamics_user/insert'].post.summary).toBe('POST api/anchor_dynamics_user/insert (alias of anchor_dynamics_user/insert)');
    expect(doc.paths['/anchor_dynamics_user/insert'].post.operationId).toBe('publishPost');
  });
});

describe('GET forms of handselGift and guard_user/buy', () => {
  it('sends a gift by GET from the site itself, and says so', async () => {
    const viewer = await quickUser(app);
    const anchor = await quickUser(app, { anchor: true });
    await recharge(app, viewer.token, 2);
    const jersey = giftList.find((g) => g.code === 'jersey')!;
    const res = await get('/api/member/handselGift', { room_id: anchor.id, gift_id: jersey.id, num: 1, idempotency_key: key() }, { cookie: `token=${viewer.token}`, ...SAME });
    expect(res.json()).toMatchObject({ code: 200, msg: 'Gift sent', data: { num: 1, total: jersey.price } });
    expect(await consumption(viewer.token)).toBe(3000 - jersey.price);
  });

  it('refuses a GET from another site and charges nothing', async () => {
    const viewer = await quickUser(app);
    const anchor = await quickUser(app, { anchor: true });
    await recharge(app, viewer.token, 2);
    const jersey = giftList.find((g) => g.code === 'jersey')!;
    const send = await get('/api/member/handselGift', { room_id: anchor.id, gift_id: jersey.id, num: 1, idempotency_key: key() }, { cookie: `token=${viewer.token}`, ...CROSS });
    expect(send.statusCode).toBe(403);
    expect(send.json()).toEqual({ code: 1, msg: 'This request came from another site and was refused. Please do it on this site.', data: null });
    const plans = (await call(app, gifts.guardList, { room_id: anchor.id })).data.plans;
    const guard = await get('/api/guard_user/buy', { room_id: anchor.id, guard_id: plans[0].id, idempotency_key: key() }, { cookie: `token=${viewer.token}`, ...CROSS });
    expect(guard.statusCode).toBe(403);
    expect(await consumption(viewer.token)).toBe(3000);
    expect((await call(app, gifts.guardList, { room_id: anchor.id }, { token: viewer.token })).data.mine).toBeNull();
  });

  it('buys a guard by GET from the site itself; bad input and not logged in answer as the POST does', async () => {
    const viewer = await quickUser(app);
    const anchor = await quickUser(app, { anchor: true });
    await recharge(app, viewer.token, 4);
    const before = await consumption(viewer.token);
    const plan = (await call(app, gifts.guardList, { room_id: anchor.id })).data.plans[0];
    const own = { cookie: `token=${viewer.token}`, ...SAME };
    const bad = await get('/api/guard_user/buy', { room_id: anchor.id, guard_id: 'x', idempotency_key: key() }, own);
    expect(bad.json()).toMatchObject({ code: 1, msg: 'Please choose a guard plan' });
    const guest = await get('/api/guard_user/buy', { room_id: anchor.id, guard_id: plan.id, idempotency_key: key() }, SAME);
    expect(guest.json().code).toBe(700);
    const badGift = await get('/api/member/handselGift', { room_id: anchor.id, gift_id: 0, num: 1, idempotency_key: key() }, own);
    expect(badGift.json()).toMatchObject({ code: 1, msg: 'This gift is not available' });
    const bought = await get('/api/guard_user/buy', { room_id: anchor.id, guard_id: plan.id, idempotency_key: key() }, own);
    expect(bought.json()).toMatchObject({ code: 200, data: { level: plan.level } });
    expect(await consumption(viewer.token)).toBe(before - plan.price);
  });
});
