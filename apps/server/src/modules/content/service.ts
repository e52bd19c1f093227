import type { Lang } from '@livesports/contracts/messages';
import {
  BODY_MAX,
  type ArticleCard,
  type ArticleDetail,
  type Author,
  type Comment,
  type Post,
  type UploadKind,
  type publishArticleInput,
  type publishPostInput,
  type commentInput,
} from '@livesports/contracts/content';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, forbidden, notFound, notLoggedIn } from '../../platform/errors.ts';
import { tsvectorLiteral } from '../search/tokenize.ts';
import type { ContentRepo } from './repo.ts';
import { plainText, sanitizeRichText } from './rich-text.ts';

const SUMMARY_CHARS = 120;
const RELATED_COUNT = 6;
const HOT_ARTICLE_DAYS = 30;
const HOT_POST_DAYS = 7;
const DAY_MS = 86_400_000;

const flag = (v: unknown): 0 | 1 => (v ? 1 : 0);
/** The opening of a body for lists, cut at a character (not a byte) with an ellipsis when cut. */
export const summaryOf = (text: string) => {
  const chars = [...text];
  return chars.length > SUMMARY_CHARS ? `${chars.slice(0, SUMMARY_CHARS).join('').trimEnd()}…` : text;
};
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const page = (p: number, limit: number) => ({ limit, offset: (p - 1) * limit });

interface AuthorCols {
  authorId: number;
  authorNickname: string;
  authorAvatar: string;
  authorIsAnchor: number;
}
const toAuthor = (r: AuthorCols): Author => ({ id: r.authorId, user_nickname: r.authorNickname, avatar: r.authorAvatar, is_anchor: flag(r.authorIsAnchor) });

interface CategoryCols {
  nameZh: string;
  nameEn: string;
  nameEs: string;
}
const categoryName = (r: CategoryCols, lang: Lang) => (lang === 'zh' ? r.nameZh : lang === 'es' ? r.nameEs : r.nameEn);

type ArticleCols = AuthorCols &
  CategoryCols & { id: number; title: string; summary: string; cover: string; coverThumb: string; video: string | null; categoryId: number; views: number; createdAt: Date };
export function toArticleCard(r: ArticleCols, lang: Lang): ArticleCard {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    image: r.cover,
    thumb: r.coverThumb,
    video: r.video,
    classify_id: r.categoryId,
    classify_name: categoryName(r, lang),
    author: toAuthor(r),
    views: r.views,
    created_at: iso(r.createdAt),
  };
}

type PostCols = AuthorCols & { id: number; content: string; images: { url: string; thumb: string }[]; likes: number; comments: number; createdAt: Date; isLiked: boolean; isFollowed: boolean };
export function toPost(r: PostCols, viewer: number | null): Post {
  return {
    id: r.id,
    content: r.content,
    images: r.images,
    author: toAuthor(r),
    likes: r.likes,
    comments: r.comments,
    is_liked: flag(r.isLiked),
    is_followed: flag(r.isFollowed),
    is_mine: flag(viewer != null && viewer === r.authorId),
    created_at: iso(r.createdAt),
  };
}

type CommentCols = AuthorCols & { id: number; postId: number; content: string; likes: number; createdAt: Date; parentId: number | null; parentNickname: string | null; isLiked: boolean };
function toComment(r: CommentCols, viewer: number | null): Comment {
  return {
    id: r.id,
    post_id: r.postId,
    content: r.content,
    user: toAuthor(r),
    reply_to: r.parentId != null ? { id: r.parentId, user_nickname: r.parentNickname ?? '' } : null,
    likes: r.likes,
    is_liked: flag(r.isLiked),
    is_mine: flag(viewer != null && viewer === r.authorId),
    created_at: iso(r.createdAt),
  };
}

export interface ContentDeps {
  repo: ContentRepo;
  clock: Clock;
}

export function createContentService(deps: ContentDeps) {
  const { repo, clock } = deps;
  const since = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);

  /** A URL given in a publish call must be one of the caller's own finished uploads of that kind. */
  async function ownUpload(user: AuthUser, url: string, kind: UploadKind) {
    const up = await repo.uploadByUrl(url);
    if (!up) throw badInput('upload.not_found');
    if (up.userId !== user.id) throw forbidden('upload.not_yours');
    if (up.kind !== kind) throw badInput('upload.wrong_kind');
    return up;
  }

  async function postOrThrow(id: number, viewer: number | null) {
    const row = await repo.postById(id, viewer);
    if (!row) throw notFound('content.post_not_found');
    return row;
  }

  return {
    async categories(lang: Lang) {
      const rows = await repo.categories();
      return rows.map((r) => ({ id: r.id, slug: r.slug, name: categoryName(r, lang) }));
    },

    async listArticles(input: { classify_id?: number; uid?: number; hot: 0 | 1; page: number; limit: number }, lang: Lang) {
      const p = page(input.page, input.limit);
      let result = await repo.articles({ categoryId: input.classify_id, authorId: input.uid, hotSince: input.hot ? since(HOT_ARTICLE_DAYS) : undefined, ...p });
      // A quiet month still has a hot list: fall back to the most read of all time.
      if (input.hot && result.total === 0) result = await repo.articles({ categoryId: input.classify_id, authorId: input.uid, hotSince: new Date(0), ...p });
      return { list: result.list.map((r) => toArticleCard(r, lang)), total: result.total, page: input.page, limit: input.limit };
    },

    async articleDetail(id: number, viewer: number | null, lang: Lang): Promise<ArticleDetail> {
      const row = await repo.articleById(id);
      if (!row) throw notFound('content.article_not_found');
      const [related, followed] = await Promise.all([
        repo.related({ id: row.id, categoryId: row.categoryId }, RELATED_COUNT),
        viewer != null && viewer !== row.authorId ? repo.isFollowing(viewer, row.authorId) : Promise.resolve(false),
        repo.addView(id),
      ]);
      return {
        ...toArticleCard({ ...row, views: row.views + 1 }, lang),
        content: row.content,
        is_followed: flag(followed),
        related: related.map((r) => toArticleCard(r, lang)),
      };
    },

    async publishArticle(user: AuthUser, input: z.output<typeof publishArticleInput>) {
      if (!(await repo.categoryExists(input.classify_id))) throw badInput('content.category_empty');
      const html = sanitizeRichText(input.content);
      const text = plainText(html);
      // The contract counted the raw text; count again after sanitizing, which is what is stored.
      if (!text.length) throw badInput('content.body_empty');
      if ([...text].length > BODY_MAX) throw badInput('content.body_long');
      const cover = await ownUpload(user, input.image, 'cover');
      const video = input.video ? await ownUpload(user, input.video, 'video') : null;
      const id = await repo.insertArticle({
        authorId: user.id,
        categoryId: input.classify_id,
        title: input.title,
        content: html,
        summary: summaryOf(text),
        cover: cover.url,
        coverThumb: cover.thumb,
        video: video?.url ?? null,
        tsv: tsvectorLiteral([
          { text: input.title, weight: 'A' },
          { text, weight: 'B' },
        ]),
      });
      return { id };
    },

    /** Full-text matches (tsquery literal from modules/search/tokenize.ts), best first. */
    async searchArticles(tsquery: string, input: { page: number; limit: number }, lang: Lang) {
      const { list, total } = await repo.searchArticles(tsquery, input.limit, (input.page - 1) * input.limit);
      return { list: list.map((r) => toArticleCard(r, lang)), total, page: input.page, limit: input.limit };
    },

    async searchPosts(tsquery: string, input: { page: number; limit: number }, viewer: number | null) {
      const { list, total } = await repo.searchPosts(tsquery, viewer, input.limit, (input.page - 1) * input.limit);
      return { list: list.map((r) => toPost(r, viewer)), total, page: input.page, limit: input.limit };
    },

    // -------------------------------------------------------------- circle

    async publishPost(user: AuthUser, input: z.output<typeof publishPostInput>): Promise<Post> {
      const images = [];
      for (const url of input.images) {
        const up = await ownUpload(user, url, 'image');
        images.push({ url: up.url, thumb: up.thumb });
      }
      const id = await repo.insertPost({ authorId: user.id, content: input.content, images, tsv: tsvectorLiteral([{ text: input.content, weight: 'B' }]) });
      return toPost(await postOrThrow(id, user.id), user.id);
    },

    async postList(input: { uid?: number; tab: 0 | 1 | 2; page: number; limit: number }, viewer: number | null) {
      if (input.tab === 2 && viewer == null) throw notLoggedIn();
      const { list, total } = await repo.postList({
        viewer,
        authorId: input.uid,
        hotSince: input.tab === 1 ? since(HOT_POST_DAYS) : undefined,
        following: input.tab === 2 ? (viewer ?? undefined) : undefined,
        ...page(input.page, input.limit),
      });
      return { list: list.map((r) => toPost(r, viewer)), total, page: input.page, limit: input.limit };
    },

    async postInfo(id: number, viewer: number | null) {
      return toPost(await postOrThrow(id, viewer), viewer);
    },

    async likePost(user: AuthUser, id: number, like?: 0 | 1) {
      if (!(await repo.postOwner(id))) throw notFound('content.post_not_found');
      const want = like === undefined ? !(await repo.postLiked(id, user.id)) : like === 1;
      const likes = await repo.setPostLike(id, user.id, want);
      return { is_liked: flag(want), likes };
    },

    async deletePost(user: AuthUser, id: number) {
      const post = await repo.postOwner(id);
      if (!post) throw notFound('content.post_not_found');
      if (post.authorId !== user.id && !user.isAdmin) throw forbidden('content.not_yours');
      await repo.deletePost(id);
    },

    async comment(user: AuthUser, input: z.output<typeof commentInput>): Promise<Comment> {
      if (!(await repo.postOwner(input.id))) throw notFound('content.post_not_found');
      if (input.pid) {
        const parent = await repo.commentById(input.pid);
        if (!parent || parent.postId !== input.id) throw notFound('content.comment_not_found');
      }
      const id = await repo.insertComment({ postId: input.id, userId: user.id, parentId: input.pid ?? null, content: input.content });
      const [row] = await repo.commentsOf(input.id, user.id, { limit: 1, offset: 0, ids: [id] });
      return toComment(row, user.id);
    },

    async commentList(input: { id: number; page: number; limit: number }, viewer: number | null) {
      if (!(await repo.postOwner(input.id))) throw notFound('content.post_not_found');
      const [rows, total] = await Promise.all([repo.commentsOf(input.id, viewer, page(input.page, input.limit)), repo.commentCount(input.id)]);
      return { list: rows.map((r) => toComment(r, viewer)), total, page: input.page, limit: input.limit };
    },

    async likeComment(user: AuthUser, id: number, like?: 0 | 1) {
      if (!(await repo.commentById(id))) throw notFound('content.comment_not_found');
      const want = like === undefined ? !(await repo.commentLiked(id, user.id)) : like === 1;
      const likes = await repo.setCommentLike(id, user.id, want);
      return { is_liked: flag(want), likes };
    },

    /** The comment's author, the post's author (their own thread) and administrators may delete. */
    async deleteComment(user: AuthUser, id: number) {
      const c = await repo.commentById(id);
      if (!c) throw notFound('content.comment_not_found');
      const post = await repo.postOwner(c.postId);
      if (c.userId !== user.id && post?.authorId !== user.id && !user.isAdmin) throw forbidden('content.not_yours');
      await repo.deleteComment(id, c.postId);
    },

    async report(user: AuthUser, input: { type: 'post' | 'comment' | 'article'; id: number; reason: string; detail: string }) {
      const owner =
        input.type === 'post'
          ? (await repo.postOwner(input.id))?.authorId
          : input.type === 'comment'
            ? (await repo.commentById(input.id))?.userId
            : (await repo.articleExists(input.id))?.authorId;
      if (owner == null) throw notFound('content.report_target_missing');
      if (owner === user.id) throw badInput('content.report_self');
      // A repeated report is accepted silently: the moderators see one per person.
      await repo.insertReport({ reporterId: user.id, targetType: input.type, targetId: input.id, reason: input.reason, detail: input.detail });
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
