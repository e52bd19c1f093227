import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as api from '@livesports/contracts/content';
import { call, testApp } from './helpers.ts';
import { publishedArticle } from './content-helpers.ts';
import { quickUser } from './economy.helpers.ts';

// Headline comments and likes (issue #19 item 14): the same comments as under circle posts, with
// the same rules, deletion rights and reports, and counts on the article lists.

let app: FastifyInstance;
type U = { token: string; id: number };
let writer: U;
let reader: U;
let outsider: U;
let admin: U;
let articleId: number;

beforeAll(async () => {
  app = await testApp();
  [writer, reader, outsider, admin] = await Promise.all([quickUser(app), quickUser(app), quickUser(app), quickUser(app, { admin: true })]);
  articleId = (await publishedArticle(app, writer.token, 'Cup final talking points')).id;
});

const card = async (id: number) => (await call(app, api.getList2, { uid: writer.id, limit: 50 })).data.list.find((a: api.ArticleCard) => a.id === id);

describe('POST api/Headlines_user/likes', () => {
  it('toggles, sets explicitly, never counts twice, and shows on the detail and the list', async () => {
    const t = { token: reader.token };
    expect((await call(app, api.likeArticle, { id: articleId }, t)).data).toEqual({ is_liked: 1, likes: 1 });
    expect((await call(app, api.likeArticle, { id: articleId, like: 1 }, t)).data).toEqual({ is_liked: 1, likes: 1 });
    expect((await call(app, api.likeArticle, { id: articleId }, { token: outsider.token })).data).toEqual({ is_liked: 1, likes: 2 });
    expect((await call(app, api.articleDetail, { id: articleId }, t)).data).toMatchObject({ likes: 2, is_liked: 1 });
    expect((await call(app, api.articleDetail, { id: articleId })).data).toMatchObject({ likes: 2, is_liked: 0 });
    expect(await card(articleId)).toMatchObject({ likes: 2 });
    expect((await call(app, api.likeArticle, { id: articleId }, t)).data).toEqual({ is_liked: 0, likes: 1 });
    expect((await call(app, api.likeArticle, { id: articleId, like: 0 }, t)).data).toEqual({ is_liked: 0, likes: 1 });
    expect((await call(app, api.likeArticle, { id: articleId, like: 0 }, { token: outsider.token })).data).toEqual({ is_liked: 0, likes: 0 });
  });

  it('bad input, unknown articles, and guests', async () => {
    const t = { token: reader.token };
    expect(await call(app, api.likeArticle, { id: articleId, like: 3 }, t)).toMatchObject({ status: 400, msg: 'Something in the form is not right. Please check it.' });
    expect((await call(app, api.likeArticle, { id: 'abc' }, { ...t, lang: 'es' })).msg).toBe('Hay un dato que no es correcto. Revíselo, por favor.');
    expect(await call(app, api.likeArticle, { id: 999999 }, t)).toMatchObject({ status: 404, msg: 'This article does not exist or was removed' });
    expect((await call(app, api.likeArticle, { id: 999999 }, { ...t, lang: 'zh' })).msg).toBe('文章不存在或已被删除');
    expect(await call(app, api.likeArticle, { id: articleId })).toMatchObject({ code: 700, msg: 'Please log in first' });
    expect((await call(app, api.articleDetail, { id: articleId })).data.likes).toBe(0);
  });
});

describe('POST api/Headlines_user/comment and GET api/Headlines/commentList', () => {
  it('comments, replies and paging, with the count on the detail and the list', async () => {
    const first = await call(app, api.commentArticle, { id: articleId, content: 'Great read' }, { token: reader.token });
    expect(first).toMatchObject({ code: 200, msg: 'Comment posted', data: { content: 'Great read', article_id: articleId, post_id: null, reply_to: null, is_mine: 1, user: { id: reader.id } } });
    const reply = await call(app, api.commentArticle, { id: articleId, content: 'Thanks!', pid: first.data.id }, { token: writer.token });
    expect(reply.data.reply_to).toMatchObject({ id: first.data.id });
    for (let i = 0; i < 3; i++) await call(app, api.commentArticle, { id: articleId, content: `point ${i}` }, { token: outsider.token });
    const page1 = await call(app, api.articleCommentList, { id: articleId, page: 1, limit: 2 });
    expect(page1.data).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(page1.data.list.map((c: api.Comment) => c.content)).toEqual(['Great read', 'Thanks!']);
    expect((await call(app, api.articleCommentList, { id: articleId, page: 3, limit: 2 })).data.list.map((c: api.Comment) => c.content)).toEqual(['point 2']);
    expect((await call(app, api.articleDetail, { id: articleId })).data.comments).toBe(5);
    expect(await card(articleId)).toMatchObject({ comments: 5 });
  });

  it('input errors have their own messages, in the caller language', async () => {
    const t = { token: reader.token };
    expect(await call(app, api.commentArticle, { id: articleId, content: '  ' }, t)).toMatchObject({ status: 400, msg: 'Please enter a comment' });
    expect((await call(app, api.commentArticle, { id: articleId, content: 'x'.repeat(501) }, t)).msg).toBe('A comment cannot exceed 500 characters');
    expect((await call(app, api.commentArticle, { id: articleId, content: 'x'.repeat(501) }, { ...t, lang: 'zh' })).msg).toBe('评论不能超过500个字符');
    expect((await call(app, api.commentArticle, { id: articleId, content: '' }, { ...t, lang: 'es' })).msg).toBe('Escriba un comentario');
    expect((await call(app, api.commentArticle, { id: 999999, content: 'hi' }, t)).msg).toBe('This article does not exist or was removed');
    expect((await call(app, api.commentArticle, { id: articleId, content: 'hi', pid: 999999 }, t)).msg).toBe('This comment does not exist or was deleted');
    expect(await call(app, api.articleCommentList, { id: 999999 })).toMatchObject({ status: 404, msg: 'This article does not exist or was removed' });
    expect((await call(app, api.articleCommentList, { id: articleId, limit: 51 })).msg).toBe('Something in the form is not right. Please check it.');
    expect(await call(app, api.commentArticle, { id: articleId, content: 'hi' })).toMatchObject({ code: 700, msg: 'Please log in first' });
  });

  it('a reply must answer a comment of the same thread (not one under a circle post)', async () => {
    const post = (await call(app, api.publishPost, { content: 'Circle chat' }, { token: writer.token })).data;
    const underPost = (await call(app, api.commentPost, { id: post.id, content: 'post comment' }, { token: reader.token })).data;
    const before = (await call(app, api.articleDetail, { id: articleId })).data.comments;
    expect((await call(app, api.commentArticle, { id: articleId, content: 'cross', pid: underPost.id }, { token: reader.token })).msg).toBe('This comment does not exist or was deleted');
    const underArticle = (await call(app, api.commentArticle, { id: articleId, content: 'article comment' }, { token: reader.token })).data;
    expect((await call(app, api.commentPost, { id: post.id, content: 'cross', pid: underArticle.id }, { token: reader.token })).msg).toBe('This comment does not exist or was deleted');
    // Nothing leaked across: the post's thread holds one comment, the article's one more than before.
    expect((await call(app, api.commentList, { id: post.id })).data.total).toBe(1);
    expect((await call(app, api.articleDetail, { id: articleId })).data.comments).toBe(before + 1);
  });
});

describe('comment likes, deletion and reports under headlines (the circle calls)', () => {
  it('likes a headline comment', async () => {
    const c = (await call(app, api.commentArticle, { id: articleId, content: 'like me' }, { token: writer.token })).data;
    expect((await call(app, api.likeComment, { id: c.id }, { token: reader.token })).data).toEqual({ is_liked: 1, likes: 1 });
    const list = await call(app, api.articleCommentList, { id: articleId, limit: 50 }, { token: reader.token });
    expect(list.data.list.find((x: api.Comment) => x.id === c.id)).toMatchObject({ likes: 1, is_liked: 1, is_mine: 0 });
    expect((await call(app, api.likeComment, { id: c.id })).code).toBe(700);
  });

  it('deleted by its author, the article author or an administrator; not by anyone else', async () => {
    const count = async () => (await call(app, api.articleDetail, { id: articleId })).data.comments;
    const c = (await call(app, api.commentArticle, { id: articleId, content: 'temporary' }, { token: reader.token })).data;
    const before = await count();
    expect(await call(app, api.deleteComment, { id: c.id }, { token: outsider.token })).toMatchObject({ status: 403, msg: 'You can only delete your own posts and comments' });
    expect((await call(app, api.deleteComment, { id: c.id }, { token: outsider.token, lang: 'zh' })).msg).toBe('只能删除自己的动态和评论');
    expect(await count()).toBe(before);
    expect((await call(app, api.deleteComment, { id: c.id }, { token: reader.token })).msg).toBe('Deleted');
    expect(await count()).toBe(before - 1);
    expect((await call(app, api.deleteComment, { id: c.id }, { token: reader.token })).status).toBe(404);
    const rude = (await call(app, api.commentArticle, { id: articleId, content: 'rude' }, { token: outsider.token })).data;
    expect((await call(app, api.deleteComment, { id: rude.id }, { token: writer.token })).code).toBe(200);
    const other = (await call(app, api.commentArticle, { id: articleId, content: 'off topic' }, { token: outsider.token })).data;
    expect((await call(app, api.deleteComment, { id: other.id }, { token: admin.token })).code).toBe(200);
    expect(await count()).toBe(before - 1);
    const list = await call(app, api.articleCommentList, { id: articleId, limit: 50 });
    expect(list.data.list.map((x: api.Comment) => x.id)).not.toContain(rude.id);
  });

  it('reports a headline comment once; never one own comment', async () => {
    const c = (await call(app, api.commentArticle, { id: articleId, content: 'buy cheap tickets here' }, { token: outsider.token })).data;
    expect((await call(app, api.report, { type: 'comment', id: c.id, reason: 'spam', detail: '' }, { token: reader.token })).msg).toBe('Thank you, your report was received');
    expect((await call(app, api.report, { type: 'comment', id: c.id, reason: 'spam' }, { token: reader.token })).code).toBe(200);
    expect((await call(app, api.report, { type: 'comment', id: c.id, reason: 'spam' }, { token: outsider.token })).msg).toBe('You cannot report your own content');
  });
});
