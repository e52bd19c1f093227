import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as content from '@livesports/contracts/content';
import * as api from '@livesports/contracts/social';
import { FOLLOW_CHANGED } from '../src/modules/social/service.ts';
import { call, seedUser, testApp } from './helpers.ts';
import { makeAnchor, picture, upload } from './content-helpers.ts';

let app: FastifyInstance;
type U = { token: string; id: number };
let fan: U;
let anchor: U;
let writer: U;
let plain: U;

beforeAll(async () => {
  app = await testApp();
  [fan, anchor, writer, plain] = await Promise.all([seedUser(app), seedUser(app), seedUser(app), seedUser(app)]);
  await makeAnchor(app, anchor.id, 3500);
  const cover = (await upload(app, writer.token, 'cover', await picture('png', 800, 450), 'image/png')).url;
  const cats = await call(app, content.classifyList, {});
  await call(app, content.publishArticle, { title: 'Transfer window notes', classify_id: cats.data[0].id, content: '<p>Deals done.</p>', image: cover }, { token: writer.token });
});

describe('POST api/Member/attention', () => {
  it('follows an anchor, a writer and a user; toggles and sets', async () => {
    const t = { token: fan.token };
    const a = await call(app, api.attention, { id: anchor.id, type: 1 }, t);
    expect(a).toMatchObject({ code: 200, msg: 'Followed', data: { is_followed: 1, fans: 1 } });
    expect((await call(app, api.attention, { id: writer.id, type: 2, attention: 1 }, t)).data.is_followed).toBe(1);
    expect((await call(app, api.attention, { id: writer.id, type: 2, attention: 1 }, t)).data).toEqual({ is_followed: 1, fans: 1 });
    expect((await call(app, api.attention, { id: plain.id }, t)).data.is_followed).toBe(1);
    const off = await call(app, api.attention, { id: plain.id, type: 3 }, { ...t, lang: 'zh' });
    expect(off).toMatchObject({ msg: '已取消关注', data: { is_followed: 0, fans: 0 } });
    expect((await call(app, api.attention, { id: plain.id, type: 3, attention: 0 }, t)).data.is_followed).toBe(0);
  });

  it('one person followed as anchor and as user counts one fan', async () => {
    const other = await seedUser(app);
    await call(app, api.attention, { id: anchor.id, type: 1, attention: 1 }, { token: other.token });
    const res = await call(app, api.attention, { id: anchor.id, type: 3, attention: 1 }, { token: other.token });
    expect(res.data.fans).toBe(2); // fan (earlier test) + other
    const info = await call(app, api.getUserInfo, { uid: anchor.id }, { token: other.token });
    expect(info.data.followed_as).toEqual([1, 3]);
  });

  it('refuses self, unknown people, non-anchors as anchors and non-writers as writers', async () => {
    const t = { token: fan.token };
    expect((await call(app, api.attention, { id: fan.id, type: 3 }, t)).msg).toBe('You cannot follow yourself');
    expect(await call(app, api.attention, { id: 999999, type: 3 }, t)).toMatchObject({ status: 404, msg: 'This user does not exist' });
    expect((await call(app, api.attention, { id: plain.id, type: 1 }, t)).msg).toBe('This user is not an anchor');
    expect((await call(app, api.attention, { id: plain.id, type: 2 }, t)).msg).toBe('This user has not published any headlines');
    expect((await call(app, api.attention, { id: plain.id, type: 7 }, t)).msg).toBe('Unknown follow type');
    expect((await call(app, api.attention, { id: 'x', type: 1 }, t)).msg).toBe('Something in the form is not right. Please check it.');
    expect((await call(app, api.attention, { id: plain.id, type: 3, attention: 5 }, t)).msg).toBe('Something in the form is not right. Please check it.');
    expect((await call(app, api.attention, { id: plain.id, type: 3 })).code).toBe(700);
  });

  it('announces the change on the bus for the live rooms', async () => {
    const seen: string[] = [];
    const off = await app.bus.subscribe(FOLLOW_CHANGED, (m) => seen.push(m));
    const other = await seedUser(app);
    await call(app, api.attention, { id: anchor.id, type: 1, attention: 1 }, { token: other.token });
    await off();
    expect(JSON.parse(seen.at(-1)!)).toMatchObject({ follower: other.id, followee: anchor.id, kind: 'anchor', followed: true });
  });
});

describe('GET api/User/attentionList and api/User/watchlistList', () => {
  it('lists follows per kind, newest first, for me or for anyone', async () => {
    const anchors = await call(app, api.attentionList, { type: 1 }, { token: fan.token });
    expect(anchors.data.list.map((p: api.Person) => p.id)).toEqual([anchor.id]);
    expect(anchors.data.list[0]).toMatchObject({ type: 1, is_anchor: 1, level: 3, is_followed: 1 });
    expect(anchors.data.list[0].followed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const writers = await call(app, api.attentionList, { type: 2 }, { token: fan.token });
    expect(writers.data.list.map((p: api.Person) => p.id)).toEqual([writer.id]);
    const all = await call(app, api.attentionList, { uid: fan.id });
    expect(all.data.total).toBe(2);
    expect(all.data.list.map((p: api.Person) => p.id)).toEqual([writer.id, anchor.id]);
    expect(all.data.list[0].is_followed).toBe(0); // a guest is looking
    expect((await call(app, api.attentionList, { uid: fan.id, limit: 1, page: 2 })).data.list.map((p: api.Person) => p.id)).toEqual([anchor.id]);
  });

  it('lists fans', async () => {
    const fans = await call(app, api.watchlistList, { uid: writer.id });
    expect(fans.data).toMatchObject({ total: 1, list: [{ id: fan.id }] });
    const mine = await call(app, api.watchlistList, {}, { token: anchor.token });
    expect(mine.data.list.map((p: api.Person) => p.id)).toContain(fan.id);
    expect(mine.data.total).toBe(mine.data.list.length);
  });

  it('without uid needs login; unknown uid and bad type are refused', async () => {
    expect((await call(app, api.attentionList, {})).code).toBe(700);
    expect((await call(app, api.watchlistList, {})).code).toBe(700);
    expect((await call(app, api.attentionList, { uid: 999999 })).msg).toBe('This user does not exist');
    expect((await call(app, api.attentionList, { uid: fan.id, type: 9 })).msg).toBe('Unknown follow type');
    expect((await call(app, api.watchlistList, { uid: fan.id, limit: 0 })).msg).toBe('Something in the form is not right. Please check it.');
  });
});

describe('GET api/User/getUserInfo', () => {
  it('shows a personal space header with counts and the viewer relation', async () => {
    const info = await call(app, api.getUserInfo, { uid: writer.id }, { token: fan.token });
    expect(info.data).toMatchObject({ id: writer.id, is_writer: 1, articles: 1, posts: 0, fans: 1, follows: 0, followed_as: [2], is_mine: 0 });
    const self = await call(app, api.getUserInfo, { uid: fan.id }, { token: fan.token });
    expect(self.data).toMatchObject({ is_mine: 1, follows: 2, followed_as: [], is_writer: 0 });
    const guest = await call(app, api.getUserInfo, { uid: anchor.id });
    expect(guest.data).toMatchObject({ is_anchor: 1, level: 3, exp: 3500, followed_as: [] });
    expect(guest.data).not.toHaveProperty('mobile');
    expect(guest.data).not.toHaveProperty('email');
    expect((await call(app, api.getUserInfo, { uid: 999999 })).msg).toBe('This user does not exist');
    expect((await call(app, api.getUserInfo, {})).msg).toBe('Something in the form is not right. Please check it.');
  });
});

describe('GET api/User/anchorExperienceList', () => {
  it('gives the level ladder, and where the caller stands', async () => {
    const guest = await call(app, api.anchorExperienceList, {});
    expect(guest.data.levels.slice(0, 4)).toEqual([
      { level: 1, exp: 0 },
      { level: 2, exp: 1000 },
      { level: 3, exp: 3000 },
      { level: 4, exp: 6000 },
    ]);
    expect(guest.data.exp).toBeNull();
    const me = await call(app, api.anchorExperienceList, {}, { token: anchor.token });
    expect(me.data).toMatchObject({ exp: 3500, level: 3, next_exp: 6000 });
  });
});
