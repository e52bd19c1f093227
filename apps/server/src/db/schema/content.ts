import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

/**
 * Full-text search vector. Built by the app (modules/search/tokenize.ts) as a tsvector literal of
 * words and CJK bigrams, so Chinese is searchable on PGlite and PostgreSQL alike without zhparser.
 */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/** Headline categories (api/Headlines/classifyList); names in the three languages. */
export const newsCategories = pgTable(
  'news_categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    nameEs: text('name_es').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('news_categories_slug_uq').on(t.slug)],
);

/** Headlines written by users ("writers"). The body is sanitized HTML. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => newsCategories.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    summary: text('summary').notNull(),
    cover: text('cover').notNull(),
    coverThumb: text('cover_thumb').notNull(),
    video: text('video'),
    /** The language it is written in (zh, en, es): the writer's choice or detected from the text. */
    lang: text('lang', { enum: ['zh', 'en', 'es'] })
      .notNull()
      .default('en'),
    views: integer('views').notNull().default(0),
    /** Kept in step with article_likes and the article's visible comments, inside transactions. */
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    /** 1 published, 0 removed. */
    status: smallint('status').notNull().default(1),
    searchTsv: tsvector('search_tsv').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('articles_list_idx').on(t.status, t.createdAt.desc()),
    index('articles_category_idx').on(t.categoryId, t.createdAt.desc()),
    index('articles_author_idx').on(t.authorId, t.createdAt.desc()),
    index('articles_search_idx').using('gin', t.searchTsv),
  ],
);

/** Circle posts: text and up to nine pictures. Counters are kept in step inside transactions. */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    images: jsonb('images')
      .$type<{ url: string; thumb: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The language it is written in (zh, en, es): the writer's choice or detected from the text. */
    lang: text('lang', { enum: ['zh', 'en', 'es'] })
      .notNull()
      .default('en'),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    /** 1 visible, 0 deleted. */
    status: smallint('status').notNull().default(1),
    searchTsv: tsvector('search_tsv').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('posts_feed_idx').on(t.status, t.createdAt.desc()), index('posts_author_idx').on(t.authorId, t.createdAt.desc()), index('posts_search_idx').using('gin', t.searchTsv)],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** Likes of headlines, as post_likes are of circle posts. */
export const articleLikes = pgTable(
  'article_likes',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] })],
);

/**
 * Comments of circle posts and of headlines: one table, so both share likes, deletion rules and
 * the reports moderators work through (a report of type `comment` names a row here). Each
 * comment belongs to exactly one thread: a post or an article.
 */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The comment this one answers. */
    parentId: integer('parent_id'),
    content: text('content').notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_post_idx').on(t.postId, t.status, t.id),
    index('comments_article_idx').on(t.articleId, t.status, t.id),
    check('comments_one_thread', sql`(${t.postId} is null) <> (${t.articleId} is null)`),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

/**
 * Reports for the moderators (posts, comments, articles, chat messages, rooms); one per person and
 * target. A report is open until a moderator dismisses it or acts on its target (every open report
 * of that target is closed with it).
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `comment` covers comments of posts and of articles (one table); `chat` a chat_messages row; `room` a live room (its anchor's id). */
    targetType: text('target_type', { enum: ['post', 'comment', 'article', 'chat', 'room'] }).notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason').notNull(),
    detail: text('detail').notNull().default(''),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_reports_once_uq').on(t.reporterId, t.targetType, t.targetId), index('content_reports_open_idx').on(t.status, t.targetType, t.targetId)],
);

/** Finished, checked uploads. Publishing refers to them by URL, so ownership and kind are checked. */
export const uploads = pgTable(
  'uploads',
  {
    /** The tus upload id. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['cover', 'video', 'image', 'avatar'] }).notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    url: text('url').notNull(),
    thumb: text('thumb').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_url_uq').on(t.url), index('uploads_user_idx').on(t.userId)],
);
