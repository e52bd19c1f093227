import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Lang } from '@livesports/contracts/messages';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { articleLikes, articles, commentLikes, comments, contentReports, newsCategories, postLikes, posts, uploads } from '../../db/schema/content.ts';

// Every query of the content domain. The viewer's likes are computed in the same statement with
// EXISTS sub-queries; whom the viewer follows is the social domain's (the service asks it).

export type UploadRow = typeof uploads.$inferSelect;

/** What a comment hangs under: a circle post or a headline. */
export type Thread = { kind: 'post' | 'article'; id: number };
const threadColumn = (t: Thread) => (t.kind === 'post' ? comments.postId : comments.articleId);

const author = {
  authorId: users.id,
  authorNickname: users.nickname,
  authorAvatar: users.avatar,
  authorIsAnchor: users.isAnchor,
};

/** Lists put rows in the reader's language first (`first`), then the usual order; none given: the usual order. */
const langFirst = (column: typeof articles.lang | typeof posts.lang, first?: Lang) => (first ? [sql`(${column} = ${first}) desc`] : []);

export function createContentRepo(db: Db) {
  const articleCard = {
    id: articles.id,
    title: articles.title,
    summary: articles.summary,
    cover: articles.cover,
    coverThumb: articles.coverThumb,
    video: articles.video,
    lang: articles.lang,
    categoryId: articles.categoryId,
    categorySlug: newsCategories.slug,
    nameZh: newsCategories.nameZh,
    nameEn: newsCategories.nameEn,
    nameEs: newsCategories.nameEs,
    views: articles.views,
    likes: articles.likesCount,
    comments: articles.commentsCount,
    createdAt: articles.createdAt,
    ...author,
  };
  const articleBase = () => db.select(articleCard).from(articles).innerJoin(users, eq(users.id, articles.authorId)).innerJoin(newsCategories, eq(newsCategories.id, articles.categoryId));

  const postCard = (viewer: number | null) => ({
    id: posts.id,
    content: posts.content,
    images: posts.images,
    lang: posts.lang,
    likes: posts.likesCount,
    comments: posts.commentsCount,
    createdAt: posts.createdAt,
    ...author,
    isLiked: viewer == null ? sql<boolean>`false` : sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewer})`,
  });

  return {
    // ------------------------------------------------------------ categories
    categories() {
      return db.select().from(newsCategories).orderBy(asc(newsCategories.sort), asc(newsCategories.id));
    },
    async categoryExists(id: number) {
      const [row] = await db.select({ id: newsCategories.id }).from(newsCategories).where(eq(newsCategories.id, id)).limit(1);
      return !!row;
    },

    // ------------------------------------------------------------ articles
    async insertArticle(values: Omit<typeof articles.$inferInsert, 'searchTsv' | 'lang'> & { lang: Lang; tsv: string }) {
      const { tsv, ...rest } = values;
      const [row] = await db
        .insert(articles)
        .values({ ...rest, searchTsv: sql`${tsv}::tsvector` as unknown as string })
        .returning({ id: articles.id });
      return row.id;
    },
    async articles(opts: { categoryId?: number; authorId?: number; hotSince?: Date; langFirst?: Lang; limit: number; offset: number }) {
      const where = and(
        eq(articles.status, 1),
        opts.categoryId ? eq(articles.categoryId, opts.categoryId) : undefined,
        opts.authorId ? eq(articles.authorId, opts.authorId) : undefined,
        opts.hotSince ? gte(articles.createdAt, opts.hotSince) : undefined,
      );
      const order = [...langFirst(articles.lang, opts.langFirst), ...(opts.hotSince ? [desc(articles.views), desc(articles.id)] : [desc(articles.createdAt), desc(articles.id)])];
      const [list, [{ n }]] = await Promise.all([
        articleBase()
          .where(where)
          .orderBy(...order)
          .limit(opts.limit)
          .offset(opts.offset),
        db.select({ n: count() }).from(articles).where(where),
      ]);
      return { list, total: n };
    },
    /** Visible headlines among `ids`, as cards (in no particular order). */
    async articlesByIds(ids: number[]) {
      if (!ids.length) return [];
      return articleBase().where(and(inArray(articles.id, ids), eq(articles.status, 1)));
    },
    async articleById(id: number, viewer: number | null = null) {
      const isLiked =
        viewer == null ? sql<boolean>`false` : sql<boolean>`exists (select 1 from ${articleLikes} where ${articleLikes.articleId} = ${articles.id} and ${articleLikes.userId} = ${viewer})`;
      const [row] = await db
        .select({ ...articleCard, content: articles.content, isLiked })
        .from(articles)
        .innerJoin(users, eq(users.id, articles.authorId))
        .innerJoin(newsCategories, eq(newsCategories.id, articles.categoryId))
        .where(and(eq(articles.id, id), eq(articles.status, 1)))
        .limit(1);
      return row ?? null;
    },
    /** Same category first (newest), then anything else, never the article itself. */
    related(article: { id: number; categoryId: number }, limit: number) {
      return articleBase()
        .where(and(eq(articles.status, 1), sql`${articles.id} <> ${article.id}`))
        .orderBy(sql`(${articles.categoryId} = ${article.categoryId}) desc`, desc(articles.createdAt))
        .limit(limit);
    },
    async addView(id: number, n = 1) {
      await db
        .update(articles)
        .set({ views: sql`${articles.views} + ${n}` })
        .where(eq(articles.id, id));
    },
    /** Of these posts, the ones the viewer liked (their flags on a shared feed). */
    async likedAmong(viewer: number, postIds: number[]) {
      if (!postIds.length) return new Set<number>();
      const liked = await db
        .select({ id: postLikes.postId })
        .from(postLikes)
        .where(and(eq(postLikes.userId, viewer), inArray(postLikes.postId, postIds)));
      return new Set(liked.map((r) => r.id));
    },
    async articleExists(id: number) {
      const [row] = await db
        .select({ authorId: articles.authorId })
        .from(articles)
        .where(and(eq(articles.id, id), eq(articles.status, 1)))
        .limit(1);
      return row ?? null;
    },
    /** Sets the like; the counter moves only when the row really changed (repeats are harmless). */
    async setArticleLike(articleId: number, userId: number, like: boolean) {
      return db.transaction(async (tx) => {
        const changed = like
          ? await tx.insert(articleLikes).values({ articleId, userId }).onConflictDoNothing().returning({ id: articleLikes.articleId })
          : await tx
              .delete(articleLikes)
              .where(and(eq(articleLikes.articleId, articleId), eq(articleLikes.userId, userId)))
              .returning({ id: articleLikes.articleId });
        if (changed.length) {
          await tx
            .update(articles)
            .set({ likesCount: sql`greatest(${articles.likesCount} + ${like ? 1 : -1}, 0)` })
            .where(eq(articles.id, articleId));
        }
        const [row] = await tx.select({ likes: articles.likesCount }).from(articles).where(eq(articles.id, articleId));
        return row.likes;
      });
    },
    async articleLiked(articleId: number, userId: number) {
      const [row] = await db
        .select({ one: sql`1` })
        .from(articleLikes)
        .where(and(eq(articleLikes.articleId, articleId), eq(articleLikes.userId, userId)))
        .limit(1);
      return !!row;
    },
    searchArticles(tsquery: string, limit: number, offset: number) {
      const match = and(eq(articles.status, 1), sql`${articles.searchTsv} @@ ${tsquery}::tsquery`);
      return Promise.all([
        articleBase()
          .where(match)
          .orderBy(sql`ts_rank(${articles.searchTsv}, ${tsquery}::tsquery) desc`, desc(articles.createdAt))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(articles).where(match),
      ]).then(([list, [{ n }]]) => ({ list, total: n }));
    },

    // ------------------------------------------------------------ posts
    async insertPost(values: { authorId: number; content: string; images: { url: string; thumb: string }[]; lang: Lang; tsv: string; createdAt?: Date }) {
      const [row] = await db
        .insert(posts)
        .values({
          authorId: values.authorId,
          content: values.content,
          images: values.images,
          lang: values.lang,
          createdAt: values.createdAt,
          searchTsv: sql`${values.tsv}::tsvector` as unknown as string,
        })
        .returning({ id: posts.id });
      return row.id;
    },
    async postById(id: number, viewer: number | null) {
      const [row] = await db
        .select(postCard(viewer))
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorId))
        .where(and(eq(posts.id, id), eq(posts.status, 1)))
        .limit(1);
      return row ?? null;
    },
    /** The feed (all), one author's posts, the hot tab (last week, by likes and comments) or the posts of `authorIds` (people the viewer follows). */
    async postList(opts: { viewer: number | null; authorId?: number; hotSince?: Date; authorIds?: number[]; langFirst?: Lang; limit: number; offset: number }) {
      if (opts.authorIds && !opts.authorIds.length) return { list: [], total: 0 };
      const where = and(
        eq(posts.status, 1),
        opts.authorId ? eq(posts.authorId, opts.authorId) : undefined,
        opts.hotSince ? gte(posts.createdAt, opts.hotSince) : undefined,
        opts.authorIds ? inArray(posts.authorId, opts.authorIds) : undefined,
      );
      const order = [
        ...langFirst(posts.lang, opts.langFirst),
        ...(opts.hotSince ? [sql`(${posts.likesCount} + 2 * ${posts.commentsCount}) desc`, desc(posts.id)] : [desc(posts.createdAt), desc(posts.id)]),
      ];
      const [list, [{ n }]] = await Promise.all([
        db
          .select(postCard(opts.viewer))
          .from(posts)
          .innerJoin(users, eq(users.id, posts.authorId))
          .where(where)
          .orderBy(...order)
          .limit(opts.limit)
          .offset(opts.offset),
        db.select({ n: count() }).from(posts).where(where),
      ]);
      return { list, total: n };
    },
    async postOwner(id: number) {
      const [row] = await db
        .select({ authorId: posts.authorId })
        .from(posts)
        .where(and(eq(posts.id, id), eq(posts.status, 1)))
        .limit(1);
      return row ?? null;
    },
    async deletePost(id: number) {
      await db.update(posts).set({ status: 0 }).where(eq(posts.id, id));
    },
    /** Sets the like; counters move only when the row really changed (repeats are harmless). */
    async setPostLike(postId: number, userId: number, like: boolean) {
      return db.transaction(async (tx) => {
        const changed = like
          ? await tx.insert(postLikes).values({ postId, userId }).onConflictDoNothing().returning({ postId: postLikes.postId })
          : await tx
              .delete(postLikes)
              .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
              .returning({ postId: postLikes.postId });
        if (changed.length) {
          await tx
            .update(posts)
            .set({ likesCount: sql`greatest(${posts.likesCount} + ${like ? 1 : -1}, 0)` })
            .where(eq(posts.id, postId));
        }
        const [row] = await tx.select({ likes: posts.likesCount }).from(posts).where(eq(posts.id, postId));
        return row.likes;
      });
    },
    async postLiked(postId: number, userId: number) {
      const [row] = await db
        .select({ one: sql`1` })
        .from(postLikes)
        .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
        .limit(1);
      return !!row;
    },
    searchPosts(tsquery: string, viewer: number | null, limit: number, offset: number) {
      const match = and(eq(posts.status, 1), sql`${posts.searchTsv} @@ ${tsquery}::tsquery`);
      return Promise.all([
        db
          .select(postCard(viewer))
          .from(posts)
          .innerJoin(users, eq(users.id, posts.authorId))
          .where(match)
          .orderBy(sql`ts_rank(${posts.searchTsv}, ${tsquery}::tsquery) desc`, desc(posts.createdAt))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(posts).where(match),
      ]).then(([list, [{ n }]]) => ({ list, total: n }));
    },

    // ------------------------------------------------------------ comments
    /** A new comment under a post or an article; the thread's counter follows in the same transaction. */
    async insertComment(values: { postId?: number; articleId?: number; userId: number; parentId: number | null; content: string }) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(comments).values(values).returning({ id: comments.id });
        if (values.postId != null) {
          await tx
            .update(posts)
            .set({ commentsCount: sql`${posts.commentsCount} + 1` })
            .where(eq(posts.id, values.postId));
        } else if (values.articleId != null) {
          await tx
            .update(articles)
            .set({ commentsCount: sql`${articles.commentsCount} + 1` })
            .where(eq(articles.id, values.articleId));
        }
        return row.id;
      });
    },
    /** A visible comment whose thread (post or article) is visible too. */
    async commentById(id: number) {
      const [row] = await db
        .select({ id: comments.id, postId: comments.postId, articleId: comments.articleId, userId: comments.userId })
        .from(comments)
        .leftJoin(posts, eq(posts.id, comments.postId))
        .leftJoin(articles, eq(articles.id, comments.articleId))
        .where(and(eq(comments.id, id), eq(comments.status, 1), sql`coalesce(${posts.status}, ${articles.status}) = 1`))
        .limit(1);
      return row ?? null;
    },
    async commentsOf(thread: Thread, viewer: number | null, opts: { limit: number; offset: number; ids?: number[] }) {
      const parent = alias(comments, 'parent');
      const parentUser = alias(users, 'parent_user');
      return db
        .select({
          id: comments.id,
          postId: comments.postId,
          articleId: comments.articleId,
          content: comments.content,
          likes: comments.likesCount,
          createdAt: comments.createdAt,
          ...author,
          parentId: parent.id,
          parentNickname: parentUser.nickname,
          isLiked: viewer == null ? sql<boolean>`false` : sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewer})`,
        })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .leftJoin(parent, eq(parent.id, comments.parentId))
        .leftJoin(parentUser, eq(parentUser.id, parent.userId))
        .where(and(eq(threadColumn(thread), thread.id), eq(comments.status, 1), opts.ids ? inArray(comments.id, opts.ids) : undefined))
        .orderBy(asc(comments.id))
        .limit(opts.limit)
        .offset(opts.offset);
    },
    async commentCount(thread: Thread) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(comments)
        .where(and(eq(threadColumn(thread), thread.id), eq(comments.status, 1)));
      return n;
    },
    async deleteComment(id: number, thread: Thread) {
      await db.transaction(async (tx) => {
        const changed = await tx
          .update(comments)
          .set({ status: 0 })
          .where(and(eq(comments.id, id), eq(comments.status, 1)))
          .returning({ id: comments.id });
        if (!changed.length) return;
        if (thread.kind === 'post') {
          await tx
            .update(posts)
            .set({ commentsCount: sql`greatest(${posts.commentsCount} - 1, 0)` })
            .where(eq(posts.id, thread.id));
        } else {
          await tx
            .update(articles)
            .set({ commentsCount: sql`greatest(${articles.commentsCount} - 1, 0)` })
            .where(eq(articles.id, thread.id));
        }
      });
    },
    async setCommentLike(commentId: number, userId: number, like: boolean) {
      return db.transaction(async (tx) => {
        const changed = like
          ? await tx.insert(commentLikes).values({ commentId, userId }).onConflictDoNothing().returning({ id: commentLikes.commentId })
          : await tx
              .delete(commentLikes)
              .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
              .returning({ id: commentLikes.commentId });
        if (changed.length) {
          await tx
            .update(comments)
            .set({ likesCount: sql`greatest(${comments.likesCount} + ${like ? 1 : -1}, 0)` })
            .where(eq(comments.id, commentId));
        }
        const [row] = await tx.select({ likes: comments.likesCount }).from(comments).where(eq(comments.id, commentId));
        return row.likes;
      });
    },
    async commentLiked(commentId: number, userId: number) {
      const [row] = await db
        .select({ one: sql`1` })
        .from(commentLikes)
        .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
        .limit(1);
      return !!row;
    },

    // ------------------------------------------------------------ reports
    /** False when this person already reported this target. */
    async insertReport(values: typeof contentReports.$inferInsert) {
      const rows = await db.insert(contentReports).values(values).onConflictDoNothing().returning({ id: contentReports.id });
      return rows.length > 0;
    },

    // ------------------------------------------------------------ uploads
    async insertUpload(values: typeof uploads.$inferInsert) {
      await db.insert(uploads).values(values);
    },
    async uploadByUrl(url: string): Promise<UploadRow | null> {
      const [row] = await db.select().from(uploads).where(eq(uploads.url, url)).limit(1);
      return row ?? null;
    },
  };
}
export type ContentRepo = ReturnType<typeof createContentRepo>;
