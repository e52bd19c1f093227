import { z } from 'zod';
import { defineCall } from './call.ts';
import { consolePageFields, staffUserSchema } from './console.ts';
import { articleCardSchema } from './content.ts';
import { ROOM_TITLE_MAX } from './live.ts';

// Console: content (headlines, circle posts, comments) and live rooms. Moderators run these.

const blankToUndefined = (v: unknown) => (v === '' || v == null ? undefined : typeof v === 'string' ? v.trim() : v);
const text = (v: unknown) => (v == null ? '' : typeof v === 'string' ? v.trim() : v);

export const REASON_MAX = 200;
/** Why a staff member acted (kept in the audit log). Required where `required`. */
export const reasonField = (required: boolean) =>
  z.preprocess(
    text,
    required
      ? z.string({ error: 'console.reason_required' }).min(1, 'console.reason_required').max(REASON_MAX, 'console.reason_long')
      : z.string({ error: 'console.reason_long' }).max(REASON_MAX, 'console.reason_long'),
  );
const idOf = (key: string) => z.coerce.number({ error: key }).int(key).positive(key).max(2_147_483_647, key);

// ---- content ----------------------------------------------------------------------------------

export const CONTENT_KINDS = ['article', 'post', 'comment'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** What a row's `status` column says: 1 visible, 2 hidden by staff (restorable), 0 deleted. */
export const CONTENT_STATES = ['visible', 'hidden', 'deleted'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];
export const ContentStatus = { DELETED: 0, VISIBLE: 1, HIDDEN: 2 } as const;
export const contentStateOf = (status: number): ContentState => (status === ContentStatus.VISIBLE ? 'visible' : status === ContentStatus.HIDDEN ? 'hidden' : 'deleted');

const kindField = z.enum(CONTENT_KINDS, { error: 'console.kind_invalid' });

export const contentRowSchema = z.object({
  kind: z.enum(CONTENT_KINDS),
  id: z.number(),
  /** Headlines: their title; posts and comments: ''. */
  title: z.string(),
  /** Plain text opening (headline summary, post or comment text). */
  text: z.string(),
  author: staffUserSchema,
  state: z.enum(CONTENT_STATES),
  /** Headlines on the home page's featured list. */
  featured: z.boolean(),
  /** Open reports of the row. */
  reports: z.number(),
  /** A comment's thread (post or headline); null for headlines and posts. */
  thread: z.object({ kind: z.enum(['post', 'article']), id: z.number() }).nullable(),
  created_at: z.string(),
});
export type ContentRow = z.infer<typeof contentRowSchema>;

export const contentList = defineCall({
  method: 'GET',
  path: 'api/admin/content/list',
  auth: true,
  role: 'moderator',
  input: z.object({
    kind: z.preprocess((v) => blankToUndefined(v) ?? 'article', kindField),
    state: z.preprocess((v) => blankToUndefined(v) ?? 'all', z.enum(['all', ...CONTENT_STATES], { error: 'console.state_invalid' })),
    /** Words in the title or text. */
    q: z.preprocess(blankToUndefined, z.string({ error: 'console.query_long' }).max(60, 'console.query_long').optional()),
    author: z.preprocess(blankToUndefined, idOf('console.actor_invalid').optional()),
    /** Only rows with open reports. */
    reported: z.preprocess((v) => (v === '' || v == null ? 0 : v), z.coerce.number({ error: 'console.state_invalid' }).pipe(z.union([z.literal(0), z.literal(1)], { error: 'console.state_invalid' }))),
    ...consolePageFields,
  }),
  data: z.object({ list: z.array(contentRowSchema), total: z.number(), page: z.number() }),
});

export const CONTENT_ACTIONS = ['hide', 'restore', 'delete'] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

/** Hide (restorable), restore a hidden row, or delete. A reason is required to hide or delete. */
export const contentModerate = defineCall({
  method: 'POST',
  path: 'api/admin/content/moderate',
  auth: true,
  role: 'moderator',
  input: z
    .object({
      kind: kindField,
      id: idOf('console.target_invalid'),
      action: z.enum(CONTENT_ACTIONS, { error: 'console.action_invalid' }),
      reason: reasonField(false),
    })
    .refine((v) => v.action === 'restore' || v.reason.length > 0, { message: 'console.reason_required', path: ['reason'] }),
  data: contentRowSchema,
});

/** Puts a headline on the home page's featured list (first), or takes it off. */
export const articleFeature = defineCall({
  method: 'POST',
  path: 'api/admin/content/feature',
  auth: true,
  role: 'moderator',
  input: z.object({
    id: idOf('console.target_invalid'),
    featured: z.coerce.number({ error: 'common.input_error' }).pipe(z.union([z.literal(0), z.literal(1)], { error: 'common.input_error' })),
  }),
  data: z.object({ featured: z.array(z.number()) }),
});

/** At most this many headlines are featured at once (the newest choice first). */
export const FEATURED_MAX = 5;

/** The home page's featured headlines (visible ones only), in the order staff chose. */
export const featuredArticles = defineCall({ method: 'GET', path: 'api/Headlines/featured', auth: false, input: z.object({}), data: z.object({ list: z.array(articleCardSchema) }) });

// ---- live rooms --------------------------------------------------------------------------------

export const staffRoomSchema = z.object({
  room_id: z.number(),
  anchor: staffUserSchema,
  title: z.string(),
  type: z.number(),
  /** 0 offline, 1 waiting for the stream, 2 live. */
  status: z.number(),
  online: z.number(),
  live_since: z.string().nullable(),
  /** When the last broadcast ended (null: never, or live now). */
  last_live_at: z.string().nullable(),
  placard: z.string(),
});
export type StaffRoom = z.infer<typeof staffRoomSchema>;

export const roomList = defineCall({
  method: 'GET',
  path: 'api/admin/rooms/list',
  auth: true,
  role: 'moderator',
  input: z.object({
    /** live: open or live now; recent: everything, most recently live first. */
    state: z.preprocess((v) => blankToUndefined(v) ?? 'live', z.enum(['live', 'recent'], { error: 'console.state_invalid' })),
    q: z.preprocess(blankToUndefined, z.string({ error: 'console.query_long' }).max(60, 'console.query_long').optional()),
    ...consolePageFields,
  }),
  data: z.object({ list: z.array(staffRoomSchema), total: z.number(), page: z.number() }),
});

const roomIdField = idOf('live.room_id_invalid');

/** Ends the room's broadcast (the encoder is cut and the record closes). */
export const roomEnd = defineCall({
  method: 'POST',
  path: 'api/admin/rooms/end',
  auth: true,
  role: 'moderator',
  input: z.object({ room_id: roomIdField, reason: reasonField(true) }),
  data: staffRoomSchema,
});

/** A new stream key: the old one stops working and a stream using it is cut. */
export const roomResetKey = defineCall({
  method: 'POST',
  path: 'api/admin/rooms/resetKey',
  auth: true,
  role: 'moderator',
  input: z.object({ room_id: roomIdField, reason: reasonField(true) }),
  data: staffRoomSchema,
});

/** Changes a room's title or category. */
export const roomUpdate = defineCall({
  method: 'POST',
  path: 'api/admin/rooms/update',
  auth: true,
  role: 'moderator',
  input: z
    .object({
      room_id: roomIdField,
      title: z.preprocess(blankToUndefined, z.string({ error: 'live.title_empty' }).min(1, 'live.title_empty').max(ROOM_TITLE_MAX, 'live.title_long').optional()),
      type: z.preprocess(
        blankToUndefined,
        z.coerce
          .number({ error: 'live.room_type_invalid' })
          .pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'live.room_type_invalid' }))
          .optional(),
      ),
      reason: reasonField(false),
    })
    .refine((v) => v.title !== undefined || v.type !== undefined, { message: 'console.nothing_to_change', path: ['title'] }),
  data: staffRoomSchema,
});

export const WARNING_MAX = 200;
/** A warning from the site's staff, shown in the room's chat as a system message. */
export const roomWarn = defineCall({
  method: 'POST',
  path: 'api/admin/rooms/warn',
  auth: true,
  role: 'moderator',
  input: z.object({
    room_id: roomIdField,
    text: z.preprocess(text, z.string({ error: 'console.warning_empty' }).min(1, 'console.warning_empty').max(WARNING_MAX, 'console.warning_long')),
  }),
  data: z.object({ room_id: z.number(), seq: z.number() }),
});
