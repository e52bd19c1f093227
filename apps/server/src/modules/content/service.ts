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
import { contentLangOf, type ContentLang } from '@livesports/contracts/content-lang';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, forbidden, notFound, notLoggedIn } from '../../platform/errors.ts';
import { escapeHtml } from '../../platform/html.ts';
import type { Cached, ReadCache } from '../../platform/read-cache.ts';
import type { ContentRepo, Thread } from './repo.ts';
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
  CategoryCols & {
    id: number;
    title: string;
    summary: string;
    cover: string;
    coverThumb: string;
    video: string | null;
    lang: ContentLang;
    categoryId: number;
    views: number;
    likes: number;
    comments: number;
    createdAt: Date;
  };
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
    lang: r.lang,
    author: toAuthor(r),
    views: r.views,
    likes: r.likes,
    comments: r.comments,
    created_at: iso(r.createdAt),
  };
}

type PostCols = AuthorCols & {
  id: number;
  content: string;
  images: { url: string; thumb: string }[];
  lang: ContentLang;
  likes: number;
  comments: number;
  createdAt: Date;
  isLiked: boolean;
  isFollowed?: boolean;
};
export function toPost(r: PostCols, viewer: number | null): Post {
  return {
    id: r.id,
    content: r.content,
    images: r.images,
    lang: r.lang,
    author: toAuthor(r),
    likes: r.likes,
    comments: r.comments,
    is_liked: flag(r.isLiked),
    is_followed: flag(r.isFollowed),
    is_mine: flag(viewer != null && viewer === r.authorId),
    created_at: iso(r.createdAt),
  };
}

type CommentCols = AuthorCols & {
  id: number;
  postId: number | null;
  articleId: number | null;
  content: string;
  likes: number;
  createdAt: Date;
  parentId: number | null;
  parentNickname: string | null;
  isLiked: boolean;
};
function toComment(r: CommentCols, viewer: number | null): Comment {
  return {
    id: r.id,
    post_id: r.postId,
    article_id: r.articleId,
    content: r.content,
    user: toAuthor(r),
    reply_to: r.parentId != null ? { id: r.parentId, user_nickname: r.parentNickname ?? '' } : null,
    likes: r.likes,
    is_liked: flag(r.isLiked),
    is_mine: flag(viewer != null && viewer === r.authorId),
    created_at: iso(r.createdAt),
  };
}

/** A search vector for weighted fields (the search module's indexing port; A titles, B bodies). */
export type SearchVector = (fields: Array<{ text: string; weight: 'A' | 'B' | 'C' | 'D' }>) => string;

export interface ContentDeps {
  repo: ContentRepo;
  clock: Clock;
  /** Public reads kept in memory; publishing, liking, commenting and deleting drop them (any process). */
  cache: ReadCache;
  vector: SearchVector;
  /** Throws when the user may not write for others (a site-wide mute or ban). */
  speak?: (userId: number) => void;
  /** Whom a viewer follows: the social module's (its plugin face), for is_followed and the following tab. */
  follows: ContentFollows;
}

/** What the content domain asks the social domain about follows. */
export interface ContentFollows {
  /** Of `ids`, the people `viewer` follows (as anything). */
  followedAmong(viewer: number, ids: number[]): Promise<Set<number>>;
  /** Everyone `viewer` follows (as anything). */
  followees(viewer: number): Promise<number[]>;
}

type ArticleListInput = { classify_id?: number; uid?: number; hot: 0 | 1; all_lang: 0 | 1; page: number; limit: number };

/** The hot tabs look back a week or a month from now: their lists are read again at least this often. */
const COUNTERS_MS = 60_000;
/**
 * Article views are counted in memory and written this often (a read costs no write); each write
 * drops the answers showing views (tag `article-views`), so they follow within this time.
 */
const VIEW_FLUSH_MS = 2_000;

export function createContentService(deps: ContentDeps) {
  const { repo, clock, cache } = deps;
  const since = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);

  const categoriesRead = cache.define('content:categories', {
    key: (lang: Lang) => lang,
    tags: () => ['categories'],
    load: async (lang) => (await repo.categories()).map((r) => ({ id: r.id, slug: r.slug, name: categoryName(r, lang) })),
  });

  /**
   * Headline lists per reader language: category names are in it, and headlines in that language
   * come first unless the reader switched to all languages (`all_lang`, also in the key).
   */
  const articlesRead = cache.define('content:articles', {
    key: (q: { input: ArticleListInput; lang: Lang }) => JSON.stringify([q.input.classify_id, q.input.uid, q.input.hot, q.input.all_lang, q.input.page, q.input.limit, q.lang]),
    tags: () => ['articles', 'article-views', 'people'],
    maxAgeMs: COUNTERS_MS,
    async load({ input, lang }) {
      const p = page(input.page, input.limit);
      const langFirst = input.all_lang ? undefined : lang;
      let result = await repo.articles({ categoryId: input.classify_id, authorId: input.uid, hotSince: input.hot ? since(HOT_ARTICLE_DAYS) : undefined, langFirst, ...p });
      // A quiet month still has a hot list: fall back to the most read of all time.
      if (input.hot && result.total === 0) result = await repo.articles({ categoryId: input.classify_id, authorId: input.uid, hotSince: new Date(0), langFirst, ...p });
      return { list: result.list.map((r) => toArticleCard(r, lang)), total: result.total, page: input.page, limit: input.limit };
    },
  });

  const articleRead = cache.define('content:article', {
    key: (q: { id: number; lang: Lang }) => `${q.id}|${q.lang}`,
    // Related headlines change with any new article.
    tags: (q) => [`article:${q.id}`, 'articles', 'article-views', 'people'],
    max: 2000,
    async load({ id, lang }): Promise<ArticleDetail & { authorId: number }> {
      const row = await repo.articleById(id);
      if (!row) throw notFound('content.article_not_found');
      const related = await repo.related({ id: row.id, categoryId: row.categoryId }, RELATED_COUNT);
      return {
        ...toArticleCard({ ...row, views: row.views + 1 }, lang),
        content: row.content,
        is_followed: 0,
        is_liked: 0,
        related: related.map((r) => toArticleCard(r, lang)),
        authorId: row.authorId,
      };
    },
  });

  const views = new Map<number, number>();
  const flushViews = async () => {
    const batch = [...views];
    views.clear();
    for (const [id, n] of batch) await repo.addView(id, n);
    if (batch.length) await cache.invalidate(['article-views']);
  };
  const viewTimer = setInterval(() => void flushViews().catch(() => undefined), VIEW_FLUSH_MS);
  viewTimer.unref();

  /**
   * The circle's all and hot tabs as a guest of that reader language sees them (posts in it first,
   * unless `all_lang`); a viewer's likes and follows go on a copy.
   */
  const postsRead = cache.define('content:posts', {
    key: (q: { uid?: number; tab: 0 | 1; all_lang: 0 | 1; page: number; limit: number; lang: Lang }) => JSON.stringify([q.uid, q.tab, q.all_lang, q.page, q.limit, q.lang]),
    tags: () => ['posts', 'people'],
    maxAgeMs: COUNTERS_MS,
    async load(q) {
      const { list, total } = await repo.postList({
        viewer: null,
        authorId: q.uid,
        hotSince: q.tab === 1 ? since(HOT_POST_DAYS) : undefined,
        langFirst: q.all_lang ? undefined : q.lang,
        ...page(q.page, q.limit),
      });
      return { list: list.map((r) => toPost(r, null)), total, page: q.page, limit: q.limit };
    },
  });
  const postRead = cache.define('content:post', {
    key: (id: number) => String(id),
    tags: (id) => [`post:${id}`, 'people'],
    max: 2000,
    async load(id) {
      return toPost(await postOrThrow(id, null), null);
    },
  });

  /** The viewer's own flags on shared posts: a copy when any is set, else the shared answer itself. */
  async function viewerPosts<T>(shared: Cached<T>, viewer: number | null, postsOf: (d: T) => Post[], rebuild: (d: T, list: Post[]) => T): Promise<T | Cached<T>> {
    const list = postsOf(shared.data);
    if (viewer == null || !list.length) return shared;
    const [liked, followed] = await Promise.all([
      repo.likedAmong(
        viewer,
        list.map((p) => p.id),
      ),
      deps.follows.followedAmong(viewer, [...new Set(list.map((p) => p.author.id))]),
    ]);
    const mine = (p: Post) => p.author.id === viewer;
    if (!list.some((p) => liked.has(p.id) || followed.has(p.author.id) || mine(p))) return shared;
    return rebuild(
      shared.data,
      list.map((p) => ({ ...p, is_liked: flag(liked.has(p.id)), is_followed: flag(followed.has(p.author.id)), is_mine: flag(mine(p)) })),
    );
  }
  /** A post's page and the feeds showing it changed (likes, comments, deletion): drop them everywhere. */
  const postChanged = (id: number) => cache.invalidate(['posts', `post:${id}`]);
  /** Article lists and pages show likes and comment counts. */
  const articleChanged = (id: number) => cache.invalidate(['articles', `article:${id}`]);
  const threadChanged = (t: { kind: 'post' | 'article'; id: number }) => (t.kind === 'post' ? postChanged(t.id) : articleChanged(t.id));

  /** A URL given in a publish call must be one of the caller's own finished uploads of that kind. */
  async function ownUpload(user: AuthUser, url: string, kind: UploadKind) {
    const up = await repo.uploadByUrl(url);
    if (!up) throw badInput('upload.not_found');
    if (up.userId !== user.id) throw forbidden('upload.not_yours');
    if (up.kind !== kind) throw badInput('upload.wrong_kind');
    return up;
  }

  /** The author of a visible thread (post or article); throws the thread's not-found otherwise. */
  async function threadOwner(thread: Thread): Promise<number> {
    const row = thread.kind === 'post' ? await repo.postOwner(thread.id) : await repo.articleExists(thread.id);
    if (!row) throw notFound(thread.kind === 'post' ? 'content.post_not_found' : 'content.article_not_found');
    return row.authorId;
  }

  /** One write path for comments under posts and headlines: same length rules, same answers. */
  async function addComment(user: AuthUser, thread: Thread, input: { content: string; pid?: number }): Promise<Comment> {
    deps.speak?.(user.id);
    await threadOwner(thread);
    if (input.pid) {
      const parent = await repo.commentById(input.pid);
      const parentThread = thread.kind === 'post' ? parent?.postId : parent?.articleId;
      if (!parent || parentThread !== thread.id) throw notFound('content.comment_not_found');
    }
    const id = await repo.insertComment({ ...(thread.kind === 'post' ? { postId: thread.id } : { articleId: thread.id }), userId: user.id, parentId: input.pid ?? null, content: input.content });
    await threadChanged(thread);
    const [row] = await repo.commentsOf(thread, user.id, { limit: 1, offset: 0, ids: [id] });
    return toComment(row, user.id);
  }

  async function listComments(thread: Thread, input: { page: number; limit: number }, viewer: number | null) {
    await threadOwner(thread);
    const [rows, total] = await Promise.all([repo.commentsOf(thread, viewer, page(input.page, input.limit)), repo.commentCount(thread)]);
    return { list: rows.map((r) => toComment(r, viewer)), total, page: input.page, limit: input.limit };
  }

  async function postOrThrow(id: number, viewer: number | null) {
    const row = await repo.postById(id, viewer);
    if (!row) throw notFound('content.post_not_found');
    return (await withFollowed([row], viewer))[0];
  }

  /** The viewer's is_followed on posts read for them (the authors they follow, asked of the social domain). */
  async function withFollowed<R extends { authorId: number }>(rows: R[], viewer: number | null): Promise<Array<R & { isFollowed: boolean }>> {
    const followed = viewer == null || !rows.length ? new Set<number>() : await deps.follows.followedAmong(viewer, [...new Set(rows.map((r) => r.authorId))]);
    return rows.map((r) => ({ ...r, isFollowed: followed.has(r.authorId) }));
  }

  return {
    categories: (lang: Lang) => categoriesRead.get(lang),

    listArticles: (input: ArticleListInput, lang: Lang) => articlesRead.get({ input, lang }),

    async articleDetail(id: number, viewer: number | null, lang: Lang): Promise<ArticleDetail | Cached<ArticleDetail>> {
      const shared = await articleRead.get({ id, lang });
      views.set(id, (views.get(id) ?? 0) + 1);
      if (viewer == null) return shared;
      // The reader's own: whether they follow the writer and liked the article.
      const author = shared.data.authorId;
      const [followed, liked] = await Promise.all([viewer !== author ? deps.follows.followedAmong(viewer, [author]).then((s) => s.has(author)) : false, repo.articleLiked(id, viewer)]);
      if (!followed && !liked) return shared;
      return { ...shared.data, is_followed: flag(followed), is_liked: flag(liked) };
    },

    /** A headline's cover and title as its page shows them (null without a cover); not a read of the article. */
    async articlePicture(id: number, lang: Lang): Promise<{ src: string; title: string } | null> {
      const { image, title } = (await articleRead.get({ id, lang })).data;
      return image ? { src: image, title } : null;
    },

    /** Writes the views counted since the last flush now (tests; the timer does it every 2 s). */
    flushViews,

    /** Writes the views counted since the last flush (the module calls it on close). */
    async close() {
      clearInterval(viewTimer);
      await flushViews();
    },

    async publishArticle(user: AuthUser, input: z.output<typeof publishArticleInput>) {
      deps.speak?.(user.id);
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
        lang: contentLangOf(input.lang, `${input.title}\n${text}`),
        tsv: deps.vector([
          { text: input.title, weight: 'A' },
          { text, weight: 'B' },
        ]),
      });
      await cache.invalidate(['articles']);
      return { id };
    },

    /**
     * A video headline from the site itself (a replay clip the anchor publishes): the video and
     * cover are the site's own files, so no upload ownership applies. Filed under the category of
     * the room's sport (room types 1–4 match the categories' slugs).
     */
    async publishVideo(authorId: number, input: { title: string; body: string; roomType: number; cover: string; video: string }) {
      const slug = (['football', 'basketball', 'esports', 'general'] as const)[input.roomType - 1] ?? 'general';
      const category = (await repo.categories()).find((c) => c.slug === slug) ?? (await repo.categories())[0];
      const text = input.body;
      const id = await repo.insertArticle({
        authorId,
        categoryId: category.id,
        title: input.title,
        content: sanitizeRichText(`<p>${escapeHtml(text)}</p>`),
        summary: summaryOf(text),
        cover: input.cover,
        coverThumb: input.cover,
        video: input.video,
        lang: contentLangOf('auto', `${input.title}\n${text}`),
        tsv: deps.vector([
          { text: input.title, weight: 'A' },
          { text, weight: 'B' },
        ]),
      });
      return { id };
    },

    /** Full-text matches (a tsquery literal from the search module), best first. */
    async searchArticles(tsquery: string, input: { page: number; limit: number }, lang: Lang) {
      const { list, total } = await repo.searchArticles(tsquery, input.limit, (input.page - 1) * input.limit);
      return { list: list.map((r) => toArticleCard(r, lang)), total, page: input.page, limit: input.limit };
    },

    async searchPosts(tsquery: string, input: { page: number; limit: number }, viewer: number | null) {
      const { list, total } = await repo.searchPosts(tsquery, viewer, input.limit, (input.page - 1) * input.limit);
      return { list: (await withFollowed(list, viewer)).map((r) => toPost(r, viewer)), total, page: input.page, limit: input.limit };
    },

    // -------------------------------------------------------------- circle

    async publishPost(user: AuthUser, input: z.output<typeof publishPostInput>): Promise<Post> {
      deps.speak?.(user.id);
      const images = [];
      for (const url of input.images) {
        const up = await ownUpload(user, url, 'image');
        images.push({ url: up.url, thumb: up.thumb });
      }
      const id = await repo.insertPost({ authorId: user.id, content: input.content, images, lang: contentLangOf(input.lang, input.content), tsv: deps.vector([{ text: input.content, weight: 'B' }]) });
      await postChanged(id);
      return toPost(await postOrThrow(id, user.id), user.id);
    },

    async postList(input: { uid?: number; tab: 0 | 1 | 2; all_lang: 0 | 1; page: number; limit: number }, viewer: number | null, lang: Lang) {
      if (input.tab === 2 && viewer == null) throw notLoggedIn();
      if (input.tab !== 2) {
        const shared = await postsRead.get({ uid: input.uid, tab: input.tab, all_lang: input.all_lang, page: input.page, limit: input.limit, lang });
        return viewerPosts(
          shared,
          viewer,
          (d) => d.list,
          (d, list) => ({ ...d, list }),
        );
      }
      // The people the viewer follows: personal through and through.
      const { list, total } = await repo.postList({
        viewer,
        authorId: input.uid,
        authorIds: viewer == null ? undefined : await deps.follows.followees(viewer),
        langFirst: input.all_lang ? undefined : lang,
        ...page(input.page, input.limit),
      });
      return { list: (await withFollowed(list, viewer)).map((r) => toPost(r, viewer)), total, page: input.page, limit: input.limit };
    },

    async postInfo(id: number, viewer: number | null) {
      return viewerPosts(
        await postRead.get(id),
        viewer,
        (p) => [p],
        (_p, [p]) => p,
      );
    },

    async likePost(user: AuthUser, id: number, like?: 0 | 1) {
      if (!(await repo.postOwner(id))) throw notFound('content.post_not_found');
      const want = like === undefined ? !(await repo.postLiked(id, user.id)) : like === 1;
      const likes = await repo.setPostLike(id, user.id, want);
      await postChanged(id);
      return { is_liked: flag(want), likes };
    },

    async deletePost(user: AuthUser, id: number) {
      const post = await repo.postOwner(id);
      if (!post) throw notFound('content.post_not_found');
      if (post.authorId !== user.id && !user.isAdmin) throw forbidden('content.not_yours');
      await repo.deletePost(id);
      await postChanged(id);
    },

    async comment(user: AuthUser, input: z.output<typeof commentInput>): Promise<Comment> {
      return addComment(user, { kind: 'post', id: input.id }, input);
    },

    async commentList(input: { id: number; page: number; limit: number }, viewer: number | null) {
      return listComments({ kind: 'post', id: input.id }, input, viewer);
    },

    // -------------------------------------------------------------- headline comments and likes

    async commentArticle(user: AuthUser, input: z.output<typeof commentInput>): Promise<Comment> {
      return addComment(user, { kind: 'article', id: input.id }, input);
    },

    async articleCommentList(input: { id: number; page: number; limit: number }, viewer: number | null) {
      return listComments({ kind: 'article', id: input.id }, input, viewer);
    },

    async likeArticle(user: AuthUser, id: number, like?: 0 | 1) {
      await threadOwner({ kind: 'article', id });
      const want = like === undefined ? !(await repo.articleLiked(id, user.id)) : like === 1;
      const likes = await repo.setArticleLike(id, user.id, want);
      await articleChanged(id);
      return { is_liked: flag(want), likes };
    },

    async likeComment(user: AuthUser, id: number, like?: 0 | 1) {
      if (!(await repo.commentById(id))) throw notFound('content.comment_not_found');
      const want = like === undefined ? !(await repo.commentLiked(id, user.id)) : like === 1;
      const likes = await repo.setCommentLike(id, user.id, want);
      return { is_liked: flag(want), likes };
    },

    /** The comment's author, the post's or article's author (their own thread) and administrators may delete. */
    async deleteComment(user: AuthUser, id: number) {
      const c = await repo.commentById(id);
      if (!c) throw notFound('content.comment_not_found');
      const thread: Thread = c.postId != null ? { kind: 'post', id: c.postId } : { kind: 'article', id: c.articleId! };
      const threadAuthor = await threadOwner(thread).catch(() => null);
      if (c.userId !== user.id && threadAuthor !== user.id && !user.isAdmin) throw forbidden('content.not_yours');
      await repo.deleteComment(id, thread);
      await threadChanged(thread);
    },

    async report(user: AuthUser, input: { type: 'post' | 'comment' | 'article'; id: number; reason: string; detail: string }) {
      const owner =
        input.type === 'post' ? (await repo.postOwner(input.id))?.authorId : input.type === 'comment' ? (await repo.commentById(input.id))?.userId : (await repo.articleExists(input.id))?.authorId;
      if (owner == null) throw notFound('content.report_target_missing');
      if (owner === user.id) throw badInput('content.report_self');
      // A repeated report is accepted silently: the moderators see one per person.
      await repo.insertReport({ reporterId: user.id, targetType: input.type, targetId: input.id, reason: input.reason, detail: input.detail });
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
