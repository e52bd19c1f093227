import { z } from 'zod';
import { defineCall } from './call.ts';
import { CONTENT_LANG_CHOICES, CONTENT_LANGS } from './content-lang.ts';

// Headlines (news articles by writers), the circle (community posts, comments, likes) and the
// uploads they carry. Rules from spec §5 and §9; error messages are catalogue keys.

export const TITLE_MIN = 5;
export const TITLE_MAX = 30;
/** Counted in visible characters of the rich text, not in HTML. */
export const BODY_MAX = 5000;
/** Hard cap on the HTML itself, so markup cannot smuggle in megabytes. */
export const BODY_HTML_MAX = 40_000;
export const MB = 1024 * 1024;
export const VIDEO_MAX_BYTES = 500 * MB;
export const COVER_MAX_BYTES = 5 * MB;
export const IMAGE_MAX_BYTES = 5 * MB;
export const POST_TEXT_MAX = 1000;
export const POST_IMAGES_MAX = 9;
export const COMMENT_MAX = 500;
export const REPORT_REASON_MAX = 200;
export const PAGE_LIMIT_MAX = 50;

/** What an upload is for; each kind has its own size limit and accepted formats (checked by content). */
export const UPLOAD_KINDS = ['cover', 'video', 'image', 'avatar'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_LIMITS: Record<UploadKind, { maxBytes: number; mimes: readonly string[] }> = {
  cover: { maxBytes: COVER_MAX_BYTES, mimes: ['image/png', 'image/jpeg'] },
  image: { maxBytes: IMAGE_MAX_BYTES, mimes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] },
  avatar: { maxBytes: IMAGE_MAX_BYTES, mimes: ['image/png', 'image/jpeg', 'image/webp'] },
  // Formats a browser plays: MP4/M4V, QuickTime, WebM, Ogg.
  video: { maxBytes: VIDEO_MAX_BYTES, mimes: ['video/mp4', 'video/x-m4v', 'video/quicktime', 'video/webm', 'video/ogg'] },
};
/** The resumable upload endpoint (tus protocol). The upload token goes in the `upload-token` header. */
export const UPLOAD_ENDPOINT = '/files/';

/** What the tus endpoint answers (JSON body of the final PATCH) once an upload is checked and stored. */
export const uploadResultSchema = z.object({
  id: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  /** Public URL of the file (for images: the size the pages show). */
  url: z.string(),
  /** Small version for lists (images only; the same as url for videos). */
  thumb: z.string(),
  mime: z.string(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** Visible text of a piece of HTML, roughly as the sanitizer and a browser would count it. */
export function htmlTextLength(html: string): number {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|#39|#\d+|#x[0-9a-f]+);/gi, '_')
    .trim();
  return [...text].length;
}

const str = (v: unknown) => (v == null ? '' : typeof v === 'string' ? v : String(v));
const trimmedStr = (v: unknown) => str(v).trim();
export const pageField = z.coerce.number({ error: 'common.input_error' }).int('common.input_error').min(1, 'common.input_error').default(1);
export const limitField = (def = 10) => z.coerce.number({ error: 'common.input_error' }).int('common.input_error').min(1, 'common.input_error').max(PAGE_LIMIT_MAX, 'common.input_error').default(def);
export const idField = z.coerce.number({ error: 'common.input_error' }).int('common.input_error').positive('common.input_error');
/** An optional id (absent = not given; '' from a form counts as absent too). */
const optionalId = idField.optional();
/** Our own upload URLs only: /uploads/… (checked against the uploads table by the server). */
const uploadUrl = z.string().max(300, 'upload.not_found');

export const authorSchema = z.object({
  id: z.number(),
  user_nickname: z.string(),
  avatar: z.string(),
  is_anchor: z.union([z.literal(0), z.literal(1)]),
});
export type Author = z.infer<typeof authorSchema>;

/** The language a headline or post is written in (detected at writing, or chosen by the writer). */
export const contentLangSchema = z.enum(CONTENT_LANGS);
/** The composer's language select: `auto` (the default) lets the server detect it from the text. */
export const contentLangField = z.preprocess((v) => (v === '' || v == null ? undefined : v), z.enum(CONTENT_LANG_CHOICES, { error: 'content.lang_invalid' }).default('auto'));
/**
 * Lists put the reader's language (the `lang` header) first; `all_lang` 1 mixes every language
 * in plain order instead (the reader's "All languages" switch).
 */
export const allLangField = z.coerce
  .number({ error: 'common.input_error' })
  .pipe(z.union([z.literal(0), z.literal(1)], { error: 'common.input_error' }))
  .default(0);

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number(), page: z.number(), limit: z.number() });

// ---------------------------------------------------------------- headlines

export const categorySchema = z.object({ id: z.number(), slug: z.string(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const classifyList = defineCall({
  method: 'GET',
  path: 'api/Headlines/classifyList',
  auth: false,
  input: z.object({}),
  /** Names in the caller's language. */
  data: z.array(categorySchema),
});

export const articleCardSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Plain-text opening of the body. */
  summary: z.string(),
  /** Cover in the size of the article page (16:9). */
  image: z.string(),
  /** Cover in the size of list cards. */
  thumb: z.string(),
  video: z.string().nullable(),
  classify_id: z.number(),
  classify_name: z.string(),
  /** The language the headline is written in. */
  lang: contentLangSchema,
  author: authorSchema,
  views: z.number(),
  /** Likes and visible comments, as on circle posts. */
  likes: z.number(),
  comments: z.number(),
  created_at: z.string(),
});
export type ArticleCard = z.infer<typeof articleCardSchema>;

export const getList2 = defineCall({
  method: 'GET',
  path: 'api/Portal_post/getList2',
  auth: false,
  input: z.object({
    classify_id: optionalId,
    /** Articles of one writer (personal space). */
    uid: optionalId,
    /** 1: the hot list (most read of the last 30 days). */
    hot: z.coerce
      .number({ error: 'common.input_error' })
      .pipe(z.union([z.literal(0), z.literal(1)], { error: 'common.input_error' }))
      .default(0),
    all_lang: allLangField,
    page: pageField,
    limit: limitField(10),
  }),
  data: pageOf(articleCardSchema),
});

export const articleDetailSchema = articleCardSchema.extend({
  /** Sanitized HTML: safe to render as is. */
  content: z.string(),
  /** Whether the viewer follows the writer (0 for guests). */
  is_followed: z.union([z.literal(0), z.literal(1)]),
  /** Whether the viewer likes the article (0 for guests). */
  is_liked: z.union([z.literal(0), z.literal(1)]),
  related: z.array(articleCardSchema),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

export const articleDetail = defineCall({
  method: 'GET',
  path: 'api/Portal_post/detail',
  auth: false,
  input: z.object({ id: idField }),
  data: articleDetailSchema,
});

export const titleField = z.preprocess(
  trimmedStr,
  z.string().refine((v) => [...v].length >= TITLE_MIN && [...v].length <= TITLE_MAX, 'content.title_length'),
);
export const bodyField = z.preprocess(
  str,
  z
    .string()
    .refine((v) => htmlTextLength(v) > 0, 'content.body_empty')
    .refine((v) => v.length <= BODY_HTML_MAX && htmlTextLength(v) <= BODY_MAX, 'content.body_long'),
);

export const publishArticleInput = z.object({
  title: titleField,
  classify_id: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.coerce.number({ error: 'content.category_empty' }).int('content.category_empty').positive('content.category_empty')),
  /** Rich text (HTML); the server sanitizes it. */
  content: bodyField,
  /** Cover URL from an upload of kind cover. */
  image: z.preprocess(trimmedStr, z.string().min(1, 'content.cover_empty').pipe(uploadUrl)),
  /** Optional video URL from an upload of kind video. */
  video: z.preprocess((v) => (v === '' || v == null ? undefined : String(v).trim()), uploadUrl.optional()),
  lang: contentLangField,
});
export type PublishArticleInput = z.input<typeof publishArticleInput>;

/** Writers publish a headline. The spec writes GET; the server takes POST as well (bodies are long). */
export const publishArticle = defineCall({
  method: 'POST',
  path: 'api/Headlines_user/insert',
  also: 'GET',
  auth: true,
  input: publishArticleInput,
  data: z.object({ id: z.number() }),
});

// ---------------------------------------------------------------- circle

export const postSchema = z.object({
  id: z.number(),
  content: z.string(),
  images: z.array(z.object({ url: z.string(), thumb: z.string() })),
  /** The language the post is written in. */
  lang: contentLangSchema,
  author: authorSchema,
  likes: z.number(),
  comments: z.number(),
  /** Viewer state (0 for guests). */
  is_liked: z.union([z.literal(0), z.literal(1)]),
  is_followed: z.union([z.literal(0), z.literal(1)]),
  is_mine: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
});
export type Post = z.infer<typeof postSchema>;

export const publishPostInput = z
  .object({
    content: z.preprocess(trimmedStr, z.string().max(POST_TEXT_MAX, 'content.post_long')),
    /** Image URLs from uploads of kind image (an array, or one comma-separated string from forms). */
    images: z.preprocess(
      (v) =>
        v == null || v === ''
          ? []
          : typeof v === 'string'
            ? v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : v,
      z.array(uploadUrl, { error: 'common.input_error' }).max(POST_IMAGES_MAX, 'content.images_too_many'),
    ),
    lang: contentLangField,
  })
  .refine((v) => v.content.length > 0 || v.images.length > 0, { message: 'content.post_empty', path: ['content'] });

export const publishPost = defineCall({
  method: 'POST',
  path: 'anchor_dynamics_user/insert',
  auth: true,
  input: publishPostInput,
  data: postSchema,
});

export const FeedTab = { LATEST: 0, HOT: 1, FOLLOWING: 2 } as const;

/** The circle feed (no uid) or one user's posts (uid). */
export const userPostList = defineCall({
  method: 'GET',
  path: 'anchor_dynamics/userPostList',
  auth: false,
  input: z.object({
    uid: optionalId,
    /** Feed tab: 0 latest, 1 hot (most liked and commented this week), 2 people I follow. */
    tab: z.coerce
      .number({ error: 'common.input_error' })
      .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'common.input_error' }))
      .default(0),
    all_lang: allLangField,
    page: pageField,
    limit: limitField(10),
  }),
  data: pageOf(postSchema),
});

export const postInfo = defineCall({
  method: 'GET',
  path: 'anchor_dynamics/info',
  auth: false,
  input: z.object({ id: idField }),
  data: postSchema,
});

export const likeSchema = z.object({ is_liked: z.union([z.literal(0), z.literal(1)]), likes: z.number() });

/** Likes or unlikes a post (toggle, or `like` 1/0 to set). */
export const likePost = defineCall({
  method: 'POST',
  path: 'anchor_dynamics_user/likes',
  auth: true,
  input: z.object({
    id: idField,
    like: z.coerce
      .number({ error: 'common.input_error' })
      .pipe(z.union([z.literal(0), z.literal(1)], { error: 'common.input_error' }))
      .optional(),
  }),
  data: likeSchema,
});

export const commentSchema = z.object({
  id: z.number(),
  /** The thread: a circle post or a headline (exactly one is set). */
  post_id: z.number().nullable(),
  article_id: z.number().nullable(),
  content: z.string(),
  user: authorSchema,
  /** The comment this one answers, if any. */
  reply_to: z.object({ id: z.number(), user_nickname: z.string() }).nullable(),
  likes: z.number(),
  is_liked: z.union([z.literal(0), z.literal(1)]),
  is_mine: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentInput = z.object({
  id: idField,
  content: z.preprocess(trimmedStr, z.string().min(1, 'content.comment_empty').max(COMMENT_MAX, 'content.comment_long')),
  /** Comment being answered (optional). */
  pid: optionalId,
});

export const commentPost = defineCall({
  method: 'POST',
  path: 'anchor_dynamics_user/comment',
  auth: true,
  input: commentInput,
  data: commentSchema,
});

export const likeComment = defineCall({
  method: 'POST',
  path: 'anchor_dynamics_user/commentLikes',
  auth: true,
  input: z.object({
    id: idField,
    like: z.coerce
      .number({ error: 'common.input_error' })
      .pipe(z.union([z.literal(0), z.literal(1)], { error: 'common.input_error' }))
      .optional(),
  }),
  data: likeSchema,
});

export const commentList = defineCall({
  method: 'POST',
  path: 'anchor_dynamics/commentList',
  writes: false,
  auth: false,
  input: z.object({ id: idField, page: pageField, limit: limitField(20) }),
  data: pageOf(commentSchema),
});

export const deletePost = defineCall({
  method: 'POST',
  path: 'anchor_dynamics_user/delete',
  auth: true,
  input: z.object({ id: idField }),
  data: z.null(),
});

export const deleteComment = defineCall({
  method: 'POST',
  path: 'anchor_dynamics_user/deleteComment',
  auth: true,
  input: z.object({ id: idField }),
  data: z.null(),
});

// ---------------------------------------------------------------- headline comments and likes
// The same comments as under circle posts (one table, same limits, deletion rules and reports);
// liking or deleting a comment uses the circle calls above, since a comment id names either kind.

/** Likes or unlikes a headline (toggle, or `like` 1/0 to set). */
export const likeArticle = defineCall({
  method: 'POST',
  path: 'api/Headlines_user/likes',
  auth: true,
  input: z.object({
    id: idField,
    like: z.coerce
      .number({ error: 'common.input_error' })
      .pipe(z.union([z.literal(0), z.literal(1)], { error: 'common.input_error' }))
      .optional(),
  }),
  data: likeSchema,
});

/** Comments on a headline, or answers a comment under it (pid). */
export const commentArticle = defineCall({
  method: 'POST',
  path: 'api/Headlines_user/comment',
  auth: true,
  input: commentInput,
  data: commentSchema,
});

export const articleCommentList = defineCall({
  method: 'GET',
  path: 'api/Headlines/commentList',
  auth: false,
  input: z.object({ id: idField, page: pageField, limit: limitField(20) }),
  data: pageOf(commentSchema),
});

export const REPORT_TARGETS = ['post', 'comment', 'article'] as const;
export const REPORT_REASONS = ['spam', 'abuse', 'illegal', 'other'] as const;

export const report = defineCall({
  method: 'POST',
  path: 'anchor_dynamics_user/report',
  auth: true,
  input: z.object({
    type: z.enum(REPORT_TARGETS, { error: 'common.input_error' }),
    id: idField,
    reason: z.enum(REPORT_REASONS, { error: 'content.report_reason' }),
    detail: z.preprocess(trimmedStr, z.string().max(REPORT_REASON_MAX, 'content.report_detail_long')),
  }),
  data: z.null(),
});
