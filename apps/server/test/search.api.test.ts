import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as content from '@livesports/contracts/content';
import * as api from '@livesports/contracts/search';
import { getHot } from '@livesports/contracts/system';
import { call, seedUser, otherApp, testApp } from './helpers.ts';
import { makeAnchor, picture, setNickname, upload } from './content-helpers.ts';

let app: FastifyInstance;
type U = { token: string; id: number };
let anchor: U;
let fan: U;
// A word no other test file uses, so counts and totals are this file's own.
const tag = `zq${Date.now().toString(36)}`;
let articleZh: number;
let articleEn: number;
let postZh: number;

beforeAll(async () => {
  app = await testApp();
  [anchor, fan] = await Promise.all([seedUser(app), seedUser(app)]);
  await makeAnchor(app, anchor.id);
  await setNickname(app, anchor.id, `梅西球迷${tag}`);
  await setNickname(app, fan.id, `Fan_${tag}`);
  const cover = (await upload(app, anchor.token, 'cover', await picture('png', 800, 450), 'image/png')).url;
  const cat = (await call(app, content.classifyList, {})).data[0].id;
  const publish = (title: string, body: string) =>
    call(app, content.publishArticle, { title, classify_id: cat, content: `<p>${body}</p>`, image: cover }, { token: anchor.token }).then((r) => r.data.id);
  articleZh = await publish('梅西上演帽子戏法', `巴塞罗那主场大胜，${tag}全场最佳。`);
  articleEn = await publish('Fútbol: the derby report', `A tight derby decided late. ${tag}`);
  postZh = (await call(app, content.publishPost, { content: `今晚的足球比赛太精彩了 ${tag}` }, { token: fan.token })).data.id;
});

const ids = (list: { id: number }[]) => list.map((x) => x.id);

describe('GET api/Search/index', () => {
  it('finds Chinese headlines and posts by words inside the text', async () => {
    const r = await call(app, api.searchIndex, { name: '帽子戏法' });
    expect(r.code).toBe(200);
    expect(ids(r.data.articles.list)).toContain(articleZh);
    expect(ids(r.data.articles.list)).not.toContain(articleEn);
    const post = await call(app, api.searchIndex, { name: '足球比赛' });
    expect(ids(post.data.posts.list)).toContain(postZh);
    // A single character matches as a prefix of the bigrams.
    expect(ids((await call(app, api.searchIndex, { name: '梅' })).data.articles.list)).toContain(articleZh);
    // Characters next to each other in the text match; the same characters apart do not.
    expect(ids((await call(app, api.searchIndex, { name: '上演' })).data.articles.list)).toContain(articleZh);
    expect(ids((await call(app, api.searchIndex, { name: '西帽' })).data.articles.list)).not.toContain(articleZh);
  });

  it('finds Latin words regardless of case and accents, and by prefix', async () => {
    for (const name of ['futbol', 'FÚTBOL', 'derb', 'Derby Report']) {
      expect(ids((await call(app, api.searchIndex, { name })).data.articles.list), name).toContain(articleEn);
    }
    expect((await call(app, api.searchIndex, { name: `${tag}` })).data.articles.total).toBe(2);
  });

  it('has every section: anchors, users, live rooms (empty until rooms exist), articles, posts', async () => {
    const r = await call(app, api.searchIndex, { name: tag }, { token: fan.token });
    expect(r.data.name).toBe(tag);
    expect(ids(r.data.anchors.list)).toEqual([anchor.id]);
    expect(r.data.anchors.list[0]).toMatchObject({ is_anchor: 1, user_nickname: `梅西球迷${tag}` });
    expect(ids(r.data.users.list).sort()).toEqual([anchor.id, fan.id].sort());
    expect(r.data.lives).toEqual({ list: [], total: 0 });
    expect(r.data.posts.list[0]).toMatchObject({ id: postZh, is_mine: 1 });
    const few = await call(app, api.searchIndex, { name: tag, limit: 1 });
    expect(few.data.articles).toMatchObject({ total: 2 });
    expect(few.data.articles.list).toHaveLength(1);
  });

  it('counts searched words into the hot list (api/universal/getHot)', async () => {
    const word = `hot${tag}`;
    for (let i = 0; i < 30; i++) await call(app, api.searchIndex, { name: word });
    // getHot caches for a few seconds; a second process (same database, cold cache) sees the count now.
    const other = await otherApp({});
    try {
      const hot = await call(other, getHot, {});
      expect(hot.data.keywords.find((k: { name: string }) => k.name === word)).toMatchObject({ hits: 30 });
    } finally {
      await other.close();
    }
  });

  it('refuses an empty or over-long word; punctuation finds nothing', async () => {
    expect((await call(app, api.searchIndex, { name: '   ' })).msg).toBe('Please enter a search term');
    expect((await call(app, api.searchIndex, {}, { lang: 'zh' })).msg).toBe('请输入搜索内容');
    expect((await call(app, api.searchIndex, { name: 'x'.repeat(51) })).msg).toBe('The search term cannot exceed 50 characters');
    const punct = await call(app, api.searchIndex, { name: "%_'\\" });
    expect(punct.code).toBe(200);
    expect(punct.data.articles.total).toBe(0);
    expect(punct.data.users.total).toBe(0);
  });
});

describe('GET api/Search/anchor, api/Search/live, api/Search/article, api/Search/post', () => {
  it('anchor search only returns anchors, paged', async () => {
    const r = await call(app, api.searchAnchor, { name: '球迷' + tag });
    expect(r.data).toMatchObject({ total: 1, page: 1 });
    expect(ids(r.data.list)).toEqual([anchor.id]);
    expect((await call(app, api.searchAnchor, { name: `Fan_${tag}` })).data.total).toBe(0);
    expect((await call(app, api.searchAnchor, { name: tag, page: 0 })).msg).toBe('Something in the form is not right. Please check it.');
  });

  it('live search: an empty room list in the room shape, and the anchors by that name', async () => {
    const r = await call(app, api.searchLive, { name: tag });
    expect(r.data).toMatchObject({ list: [], total: 0, page: 1 });
    expect(ids(r.data.anchors)).toEqual([anchor.id]);
  });

  it('live rooms appear once the live module plugs in its search', async () => {
    const room = { room_id: 7, uid: anchor.id, user_nickname: 'x', avatar: '', title: `Live ${tag}`, cover: '', is_live: 1 as const, heat: 9 };
    // The shared test app has the live module's real search plugged in: put it back afterwards.
    const real = app.siteSearch.provide({ liveRooms: async (name) => (name === tag ? { list: [room], total: 1 } : { list: [], total: 0 }) });
    try {
      expect((await call(app, api.searchLive, { name: tag })).data.list).toEqual([room]);
      expect((await call(app, api.searchIndex, { name: tag })).data.lives).toEqual({ list: [room], total: 1 });
    } finally {
      app.siteSearch.provide(real);
    }
  });

  it('article and post tabs page through matches', async () => {
    const a1 = await call(app, api.searchArticles, { name: tag, limit: 1, page: 1 });
    const a2 = await call(app, api.searchArticles, { name: tag, limit: 1, page: 2 });
    expect(a1.data.total).toBe(2);
    expect(ids([...a1.data.list, ...a2.data.list]).sort()).toEqual([articleZh, articleEn].sort());
    const p = await call(app, api.searchPosts, { name: '精彩' });
    expect(ids(p.data.list)).toContain(postZh);
  });

  it('a deleted post is no longer found', async () => {
    const post = (await call(app, content.publishPost, { content: `gone soon ${tag}x` }, { token: fan.token })).data.id;
    expect(ids((await call(app, api.searchPosts, { name: `${tag}x` })).data.list)).toEqual([post]);
    await call(app, content.deletePost, { id: post }, { token: fan.token });
    expect((await call(app, api.searchPosts, { name: `${tag}x` })).data.total).toBe(0);
  });
});
