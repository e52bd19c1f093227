import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as api from '@livesports/contracts/content';
import { call, seedUser, testApp } from './helpers.ts';
import { mp4Bytes, picture, upload } from './content-helpers.ts';

let app: FastifyInstance;
type U = { token: string; id: number };
let writer: U;
let reader: U;
let cover: string;
let football: number;
let basketball: number;

beforeAll(async () => {
  app = await testApp();
  [writer, reader] = await Promise.all([seedUser(app), seedUser(app)]);
  cover = (await upload(app, writer.token, 'cover', await picture('png', 1280, 720), 'image/png')).url;
  const cats = await call(app, api.classifyList, {});
  football = cats.data.find((c: { slug: string }) => c.slug === 'football').id;
  basketball = cats.data.find((c: { slug: string }) => c.slug === 'basketball').id;
});

const article = (over: Record<string, unknown> = {}) => ({
  title: 'Derby night recap',
  classify_id: football,
  content: '<p>The <strong>derby</strong> ended 2-1 after a late winner.</p>',
  image: cover,
  ...over,
});

describe('GET api/Headlines/classifyList', () => {
  it('lists the categories in the caller language', async () => {
    const en = await call(app, api.classifyList, {});
    expect(en).toMatchObject({ code: 200 });
    expect(en.data.map((c: { slug: string }) => c.slug)).toEqual(['football', 'basketball', 'esports', 'general']);
    expect(en.data[0].name).toBe('Football');
    const zh = await call(app, api.classifyList, {}, { lang: 'zh' });
    expect(zh.data[0].name).toBe('足球');
    const es = await call(app, api.classifyList, {}, { lang: 'es' });
    expect(es.data[1].name).toBe('Baloncesto');
  });
});

describe('POST api/Headlines_user/insert', () => {
  it('publishes a headline with a cover and a video; the body is sanitized', async () => {
    const video = (await upload(app, writer.token, 'video', mp4Bytes(), 'video/mp4')).url;
    const res = await call(
      app,
      api.publishArticle,
      article({ title: 'Late winner seals it', video, content: '<p onclick="steal()">Great <em>game</em><script>alert(1)</script><img src="https://tracker.example/p.gif"></p>' }),
      { token: writer.token },
    );
    expect(res).toMatchObject({ status: 200, code: 200, msg: 'Published' });
    const detail = await call(app, api.articleDetail, { id: res.data.id });
    expect(detail.data).toMatchObject({ title: 'Late winner seals it', video, image: cover, classify_name: 'Football', author: { id: writer.id } });
    expect(detail.data.content).toBe('<p>Great <em>game</em></p>');
    expect(detail.data.thumb).toMatch(/-thumb\.jpg$/);
    expect(detail.data.summary).toBe('Great game');
  });

  it('also answers the GET form the spec writes', async () => {
    const res = await call(app, { ...api.publishArticle, method: 'GET' }, article({ title: 'Short GET article' }), { token: writer.token });
    expect(res.code).toBe(200);
  });

  it('checks each field with its own message, in order', async () => {
    const t = { token: writer.token };
    expect((await call(app, api.publishArticle, article({ title: 'Goal' }), t)).msg).toBe('The title must be 5-30 characters');
    expect((await call(app, api.publishArticle, article({ title: 'x'.repeat(31) }), t)).msg).toBe('The title must be 5-30 characters');
    expect((await call(app, api.publishArticle, article({ title: '   五个字   ' }), t)).msg).toBe('The title must be 5-30 characters');
    expect((await call(app, api.publishArticle, article({ title: '五个字标题' }), t)).code).toBe(200);
    expect((await call(app, api.publishArticle, article({ classify_id: '' }), t)).msg).toBe('Please choose a category');
    expect((await call(app, api.publishArticle, article({ classify_id: 9999 }), t)).msg).toBe('Please choose a category');
    expect((await call(app, api.publishArticle, article({ content: '<p> </p>' }), t)).msg).toBe('Please enter the article body');
    expect((await call(app, api.publishArticle, article({ content: `<p>${'a'.repeat(5001)}</p>` }), t)).msg).toBe('The body cannot exceed 5000 characters');
    expect((await call(app, api.publishArticle, article({ content: `<p>${'a'.repeat(5000)}</p>` }), t)).code).toBe(200);
    expect((await call(app, api.publishArticle, article({ image: '' }), t)).msg).toBe('Please upload a cover image');
    const zh = await call(app, api.publishArticle, article({ title: 'abc' }), { ...t, lang: 'zh' });
    expect(zh).toMatchObject({ status: 400, code: 1, msg: '标题长度为5-30个字符' });
  });

  it('the cover and video must be the writer own uploads of the right kind', async () => {
    const t = { token: writer.token };
    expect((await call(app, api.publishArticle, article({ image: '/uploads/cover/2020-01/nothing.jpg' }), t)).msg).toBe('This file was not uploaded here, please upload it again');
    const readersCover = (await upload(app, reader.token, 'cover', await picture('jpeg', 640, 360), 'image/jpeg')).url;
    const stolen = await call(app, api.publishArticle, article({ image: readersCover }), t);
    expect(stolen).toMatchObject({ status: 403, msg: 'This upload belongs to someone else' });
    const image = (await upload(app, writer.token, 'image', await picture('png', 400, 400), 'image/png')).url;
    expect((await call(app, api.publishArticle, article({ video: image }), t)).msg).toBe('This file cannot be used here, please upload it again');
  });

  it('needs login (code 700 before the input is looked at)', async () => {
    const res = await call(app, api.publishArticle, article({ title: 'x' }));
    expect(res).toMatchObject({ status: 401, code: 700, msg: 'Please log in first' });
    expect((await call(app, api.publishArticle, {}, { lang: 'es' })).msg).toBe('Inicie sesión primero, por favor');
  });
});

describe('GET api/Portal_post/getList2 and api/Portal_post/detail', () => {
  let basketId: number;
  beforeAll(async () => {
    basketId = (await call(app, api.publishArticle, article({ title: 'Basketball finals preview', classify_id: basketball }), { token: writer.token })).data.id;
  });

  it('pages the newest first, filtered by category and by writer', async () => {
    const all = await call(app, api.getList2, { page: 1, limit: 2 });
    expect(all.data.list).toHaveLength(2);
    expect(all.data.total).toBeGreaterThanOrEqual(3);
    expect(all.data.list[0].id).toBe(basketId);
    const page2 = await call(app, api.getList2, { page: 2, limit: 2 });
    expect(page2.data.list[0].id).not.toBe(all.data.list[0].id);
    const basket = await call(app, api.getList2, { classify_id: basketball });
    expect(basket.data.list.every((a: api.ArticleCard) => a.classify_id === basketball)).toBe(true);
    const mine = await call(app, api.getList2, { uid: writer.id, limit: 50 });
    expect(mine.data.list.every((a: api.ArticleCard) => a.author.id === writer.id)).toBe(true);
    expect((await call(app, api.getList2, { uid: reader.id })).data).toMatchObject({ list: [], total: 0 });
  });

  it('the hot list is ordered by reads', async () => {
    for (let i = 0; i < 3; i++) await call(app, api.articleDetail, { id: basketId });
    // Reads are counted in memory and written every 2 s (each write drops the lists showing views).
    await app.content.flushViews();
    const hot = await call(app, api.getList2, { hot: 1, limit: 5 });
    expect(hot.data.list[0].id).toBe(basketId);
    const views = hot.data.list.map((a: api.ArticleCard) => a.views);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
  });

  it('detail counts a read and lists related articles, same category first', async () => {
    const before = (await call(app, api.getList2, { classify_id: basketball })).data.list[0].views;
    const d = await call(app, api.articleDetail, { id: basketId });
    expect(d.data.views).toBe(before + 1);
    expect(d.data.related.length).toBeGreaterThan(0);
    expect(d.data.related.some((r: api.ArticleCard) => r.id === basketId)).toBe(false);
    expect(d.data.is_followed).toBe(0);
  });

  it('bad paging and unknown articles', async () => {
    expect((await call(app, api.getList2, { page: 0 })).msg).toBe('Something in the form is not right. Please check it.');
    expect((await call(app, api.getList2, { limit: 500 })).msg).toBe('Something in the form is not right. Please check it.');
    expect((await call(app, api.getList2, { hot: 2 })).msg).toBe('Something in the form is not right. Please check it.');
    const missing = await call(app, api.articleDetail, { id: 999999 });
    expect(missing).toMatchObject({ status: 404, code: 1, msg: 'This article does not exist or was removed' });
    expect((await call(app, api.articleDetail, { id: 'abc' })).msg).toBe('Something in the form is not right. Please check it.');
  });
});

describe('circle: posts', () => {
  it('publishes text with pictures; pictures are shown as their page sizes', async () => {
    const img = await upload(app, writer.token, 'image', await picture('jpeg', 2000, 1500), 'image/jpeg');
    const res = await call(app, api.publishPost, { content: 'Matchday at the stadium', images: [img.url] }, { token: writer.token });
    expect(res).toMatchObject({ code: 200, msg: 'Published' });
    expect(res.data).toMatchObject({ content: 'Matchday at the stadium', images: [{ url: img.url, thumb: img.thumb }], likes: 0, comments: 0, is_mine: 1 });
    const info = await call(app, api.postInfo, { id: res.data.id });
    expect(info.data).toMatchObject({ id: res.data.id, is_mine: 0, is_liked: 0, author: { id: writer.id } });
  });

  it('takes a comma-separated list from forms, and a picture alone', async () => {
    const a = await upload(app, reader.token, 'image', await picture('png', 300, 300), 'image/png');
    const b = await upload(app, reader.token, 'image', await picture('webp', 300, 300), 'image/webp');
    const res = await call(app, api.publishPost, { content: '', images: `${a.url},${b.url}` }, { token: reader.token });
    expect(res.code).toBe(200);
    expect(res.data.images).toHaveLength(2);
  });

  it('checks text, pictures and ownership', async () => {
    const t = { token: writer.token };
    expect((await call(app, api.publishPost, { content: '   ' }, t)).msg).toBe('Please write something or add a picture');
    expect((await call(app, api.publishPost, { content: 'x'.repeat(1001) }, t)).msg).toBe('A post cannot exceed 1000 characters');
    const ten = Array.from({ length: 10 }, (_, i) => `/uploads/image/x/${i}.jpg`);
    expect((await call(app, api.publishPost, { content: 'hi', images: ten }, t)).msg).toBe('You can add up to 9 pictures');
    expect((await call(app, api.publishPost, { content: 'hi', images: ['/uploads/image/none.jpg'] }, t)).msg).toBe('This file was not uploaded here, please upload it again');
    const coverAsImage = await call(app, api.publishPost, { content: 'hi', images: [cover] }, t);
    expect(coverAsImage.msg).toBe('This file cannot be used here, please upload it again');
    expect((await call(app, api.publishPost, { content: 'hi' })).code).toBe(700);
  });

  it('feed tabs: latest, hot, following (login), one user', async () => {
    // All languages: newest first. (The reader's language first is content.lang.test.ts's.)
    const latest = await call(app, api.userPostList, { all_lang: 1 });
    expect(latest.data.list.length).toBeGreaterThan(0);
    const times = latest.data.list.map((p: api.Post) => p.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    // The reader's language first, newest first within each language.
    const mine = (await call(app, api.userPostList, {})).data.list as api.Post[];
    const firstOther = mine.findIndex((p) => p.lang !== 'en');
    if (firstOther >= 0) expect(mine.slice(firstOther).every((p) => p.lang !== 'en')).toBe(true);
    const byUser = await call(app, api.userPostList, { uid: reader.id });
    expect(byUser.data.list.every((p: api.Post) => p.author.id === reader.id)).toBe(true);
    expect((await call(app, api.userPostList, { tab: 2 })).code).toBe(700);
    const fresh = await seedUser(app);
    expect((await call(app, api.userPostList, { tab: 2 }, { token: fresh.token })).data).toMatchObject({ list: [], total: 0 });
    expect((await call(app, api.userPostList, { tab: 1 })).code).toBe(200);
    expect((await call(app, api.userPostList, { tab: 5 })).msg).toBe('Something in the form is not right. Please check it.');
  });

  it('someone else cannot delete a post; the author can, and it is gone', async () => {
    const post = (await call(app, api.publishPost, { content: 'to be deleted' }, { token: writer.token })).data;
    const other = await call(app, api.deletePost, { id: post.id }, { token: reader.token });
    expect(other).toMatchObject({ status: 403, code: 1, msg: 'You can only delete your own posts and comments' });
    expect((await call(app, api.deletePost, { id: post.id }, { token: writer.token })).msg).toBe('Deleted');
    expect((await call(app, api.postInfo, { id: post.id })).msg).toBe('This post does not exist or was deleted');
    expect((await call(app, api.deletePost, { id: post.id }, { token: writer.token })).status).toBe(404);
    expect((await call(app, api.deletePost, { id: post.id })).code).toBe(700);
  });
});

describe('circle: likes and comments', () => {
  let postId: number;
  beforeAll(async () => {
    postId = (await call(app, api.publishPost, { content: 'Who wins the league?' }, { token: writer.token })).data.id;
  });

  it('likes toggle, set explicitly, and never count twice', async () => {
    const t = { token: reader.token };
    expect((await call(app, api.likePost, { id: postId }, t)).data).toEqual({ is_liked: 1, likes: 1 });
    expect((await call(app, api.likePost, { id: postId, like: 1 }, t)).data).toEqual({ is_liked: 1, likes: 1 });
    expect((await call(app, api.postInfo, { id: postId }, t)).data.is_liked).toBe(1);
    expect((await call(app, api.likePost, { id: postId }, t)).data).toEqual({ is_liked: 0, likes: 0 });
    expect((await call(app, api.likePost, { id: postId, like: 0 }, t)).data).toEqual({ is_liked: 0, likes: 0 });
    expect((await call(app, api.likePost, { id: 999999 }, t)).msg).toBe('This post does not exist or was deleted');
    expect((await call(app, api.likePost, { id: postId, like: 3 }, t)).msg).toBe('Something in the form is not right. Please check it.');
    expect((await call(app, api.likePost, { id: postId })).code).toBe(700);
  });

  it('comments, replies and paging', async () => {
    const first = await call(app, api.commentPost, { id: postId, content: 'Us, obviously' }, { token: reader.token });
    expect(first).toMatchObject({ code: 200, msg: 'Comment posted', data: { content: 'Us, obviously', reply_to: null, is_mine: 1, user: { id: reader.id } } });
    const reply = await call(app, api.commentPost, { id: postId, content: 'Dream on', pid: first.data.id }, { token: writer.token });
    expect(reply.data.reply_to).toMatchObject({ id: first.data.id });
    for (let i = 0; i < 3; i++) await call(app, api.commentPost, { id: postId, content: `more ${i}` }, { token: reader.token });
    const page1 = await call(app, api.commentList, { id: postId, page: 1, limit: 2 });
    expect(page1.data).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(page1.data.list.map((c: api.Comment) => c.content)).toEqual(['Us, obviously', 'Dream on']);
    const page3 = await call(app, api.commentList, { id: postId, page: 3, limit: 2 });
    expect(page3.data.list.map((c: api.Comment) => c.content)).toEqual(['more 2']);
    expect((await call(app, api.postInfo, { id: postId })).data.comments).toBe(5);
  });

  it('comment input errors', async () => {
    const t = { token: reader.token };
    expect((await call(app, api.commentPost, { id: postId, content: '  ' }, t)).msg).toBe('Please enter a comment');
    expect((await call(app, api.commentPost, { id: postId, content: 'x'.repeat(501) }, t)).msg).toBe('A comment cannot exceed 500 characters');
    expect((await call(app, api.commentPost, { id: 999999, content: 'hi' }, t)).msg).toBe('This post does not exist or was deleted');
    expect((await call(app, api.commentPost, { id: postId, content: 'hi', pid: 999999 }, t)).msg).toBe('This comment does not exist or was deleted');
    expect((await call(app, api.commentPost, { id: postId, content: 'hi' })).code).toBe(700);
    expect((await call(app, api.commentList, { id: 999999 })).status).toBe(404);
  });

  it('comment likes', async () => {
    const c = (await call(app, api.commentPost, { id: postId, content: 'like me' }, { token: writer.token })).data;
    expect((await call(app, api.likeComment, { id: c.id }, { token: reader.token })).data).toEqual({ is_liked: 1, likes: 1 });
    const list = await call(app, api.commentList, { id: postId, limit: 50 }, { token: reader.token });
    expect(list.data.list.find((x: api.Comment) => x.id === c.id)).toMatchObject({ likes: 1, is_liked: 1, is_mine: 0 });
    expect((await call(app, api.likeComment, { id: c.id }, { token: reader.token })).data).toEqual({ is_liked: 0, likes: 0 });
    expect((await call(app, api.likeComment, { id: 999999 }, { token: reader.token })).msg).toBe('This comment does not exist or was deleted');
    expect((await call(app, api.likeComment, { id: c.id })).code).toBe(700);
  });

  it('a comment is deleted by its author or the post author, not by others', async () => {
    const outsider = await seedUser(app);
    const c = (await call(app, api.commentPost, { id: postId, content: 'temporary' }, { token: reader.token })).data;
    const before = (await call(app, api.postInfo, { id: postId })).data.comments;
    expect((await call(app, api.deleteComment, { id: c.id }, { token: outsider.token })).msg).toBe('You can only delete your own posts and comments');
    expect((await call(app, api.deleteComment, { id: c.id }, { token: reader.token })).msg).toBe('Deleted');
    expect((await call(app, api.postInfo, { id: postId })).data.comments).toBe(before - 1);
    const c2 = (await call(app, api.commentPost, { id: postId, content: 'rude' }, { token: outsider.token })).data;
    expect((await call(app, api.deleteComment, { id: c2.id }, { token: writer.token })).code).toBe(200);
    expect((await call(app, api.deleteComment, { id: c2.id }, { token: writer.token })).status).toBe(404);
  });
});

describe('POST anchor_dynamics_user/report', () => {
  it('reports a post, a comment and an article once each', async () => {
    const post = (await call(app, api.publishPost, { content: 'spam spam' }, { token: writer.token })).data;
    const t = { token: reader.token };
    expect((await call(app, api.report, { type: 'post', id: post.id, reason: 'spam', detail: '' }, t)).msg).toBe('Thank you, your report was received');
    expect((await call(app, api.report, { type: 'post', id: post.id, reason: 'spam' }, t)).code).toBe(200);
    const art = (await call(app, api.getList2, { uid: writer.id })).data.list[0];
    expect((await call(app, api.report, { type: 'article', id: art.id, reason: 'other', detail: 'wrong score' }, t)).code).toBe(200);
    expect((await call(app, api.report, { type: 'post', id: post.id, reason: 'nope' }, t)).msg).toBe('Please choose a reason for the report');
    expect((await call(app, api.report, { type: 'post', id: post.id, reason: 'spam', detail: 'x'.repeat(201) }, t)).msg).toBe('The description cannot exceed 200 characters');
    expect((await call(app, api.report, { type: 'post', id: 999999, reason: 'spam' }, t)).msg).toBe('The reported content does not exist');
    expect((await call(app, api.report, { type: 'post', id: post.id, reason: 'spam' }, { token: writer.token })).msg).toBe('You cannot report your own content');
    expect((await call(app, api.report, { type: 'user', id: post.id, reason: 'spam' }, t)).msg).toBe('Something in the form is not right. Please check it.');
    expect((await call(app, api.report, { type: 'post', id: post.id, reason: 'spam' })).code).toBe(700);
  });
});
