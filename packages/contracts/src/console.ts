import { z } from 'zod';
import { defineCall, STAFF_ROLES } from './call.ts';

// The operator's console (/admin): its own calls under api/admin/…, each naming the staff role it
// needs. Moderators run content and rooms; administrators everything (money, settings, roles).

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const blankToUndefined = (v: unknown) => (v === '' || v == null ? undefined : trimmed(v));

/** Page and page size of console lists (50 rows by default: the console is dense). */
export const consolePageFields = {
  page: z.preprocess(
    (v) => (v === '' || v == null ? 1 : v),
    z.coerce.number({ error: 'console.page_invalid' }).int('console.page_invalid').min(1, 'console.page_invalid').max(10_000, 'console.page_invalid'),
  ),
  limit: z.preprocess(
    (v) => (v === '' || v == null ? 50 : v),
    z.coerce.number({ error: 'console.page_invalid' }).int('console.page_invalid').min(1, 'console.page_invalid').max(200, 'console.page_invalid'),
  ),
};

/** An optional user id filter (a positive whole number). */
const optionalUserId = (key: string) => z.preprocess(blankToUndefined, z.coerce.number({ error: key }).int(key).positive(key).optional());
/**
 * An optional date or date-time (ISO 8601, e.g. 2026-11-24 or 2026-11-24T10:00:00Z). A bare date
 * is its first moment (UTC), or its last when it ends a range, so "to 2026-11-24" includes that day.
 */
const optionalDate = (end: boolean) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'console.date_invalid' })
      .refine((s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)), 'console.date_invalid')
      .transform((s) => new Date(s.length === 10 ? `${s}T${end ? '23:59:59.999' : '00:00:00'}Z` : s))
      .optional(),
  );

export const staffRoleSchema = z.enum(STAFF_ROLES);
/** A user as the console shows them beside a row. */
export const staffUserSchema = z.object({ id: z.number(), nickname: z.string(), avatar: z.string() });
export type StaffUser = z.infer<typeof staffUserSchema>;

// ---- audit log --------------------------------------------------------------------------------

export const auditEntrySchema = z.object({
  id: z.number(),
  /** Who acted (null when the system did). */
  actor: staffUserSchema.nullable(),
  /** Dotted action name: `anchor.approve`, `withdrawal.reject`, `role.set`, `report.hide`… */
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The audit log, newest first, with filters. Read only: nothing in the console edits it. */
export const auditList = defineCall({
  method: 'GET',
  path: 'api/admin/audit/list',
  auth: true,
  role: 'admin',
  input: z
    .object({
      actor: optionalUserId('console.actor_invalid'),
      /** An action, or its prefix up to a dot (`anchor` matches `anchor.approve` and `anchor.reject`). */
      action: z.preprocess(
        blankToUndefined,
        z
          .string({ error: 'console.action_invalid' })
          .regex(/^[a-z_]+(\.[a-z_]+)*$/, 'console.action_invalid')
          .max(60, 'console.action_invalid')
          .optional(),
      ),
      target_type: z.preprocess(
        blankToUndefined,
        z
          .string({ error: 'console.target_invalid' })
          .regex(/^[a-z_]+$/, 'console.target_invalid')
          .max(40, 'console.target_invalid')
          .optional(),
      ),
      target_id: z.preprocess(blankToUndefined, z.string({ error: 'console.target_invalid' }).max(60, 'console.target_invalid').optional()),
      from: optionalDate(false),
      to: optionalDate(true),
      ...consolePageFields,
    })
    .refine((v) => !v.from || !v.to || v.from.getTime() <= v.to.getTime(), { message: 'console.date_range_invalid', path: ['to'] }),
  data: z.object({ list: z.array(auditEntrySchema), total: z.number(), page: z.number() }),
});

// ---- who am I, and the menu's counts ----------------------------------------------------------

export const consoleMeSchema = z.object({
  user: staffUserSchema,
  /** The strongest role held. */
  role: staffRoleSchema,
  /** Items waiting in each queue (money queues only for administrators: 0 for moderators). */
  counts: z.object({ anchor_applications: z.number(), withdrawals: z.number(), reports: z.number() }),
});
export type ConsoleMe = z.infer<typeof consoleMeSchema>;

/** The console's first call: the caller's role (403 for anyone not staff) and the counts beside the menu. */
export const consoleMe = defineCall({ method: 'GET', path: 'api/admin/me', auth: true, role: 'moderator', input: z.object({}), data: consoleMeSchema });

// ---- roles (administrators only) --------------------------------------------------------------

/** A person's console role: none, moderator (content and rooms) or administrator (everything). */
export const CONSOLE_ROLES = ['none', 'moderator', 'admin'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

export const roleRowSchema = staffUserSchema.extend({ email: z.string(), role: z.enum(CONSOLE_ROLES), created_at: z.string() });
export type RoleRow = z.infer<typeof roleRowSchema>;

/** The staff (no `q`), or anyone found by id, nickname or e-mail (`q`) to give a role to. */
export const rolesList = defineCall({
  method: 'GET',
  path: 'api/admin/roles/list',
  auth: true,
  role: 'admin',
  input: z.object({
    q: z.preprocess(blankToUndefined, z.string({ error: 'console.query_long' }).max(60, 'console.query_long').optional()),
    ...consolePageFields,
  }),
  data: z.object({ list: z.array(roleRowSchema), total: z.number(), page: z.number() }),
});

const reasonField = (required: boolean) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
    required ? z.string({ error: 'console.reason_empty' }).min(1, 'console.reason_empty').max(200, 'console.reason_long') : z.string({ error: 'console.reason_long' }).max(200, 'console.reason_long'),
  );
const userIdField = z.preprocess((v) => (v === '' || v == null ? NaN : v), z.coerce.number({ error: 'console.user_invalid' }).int('console.user_invalid').positive('console.user_invalid'));

/** Gives or takes back a console role. Nobody takes their own administrator role away. Audited. */
export const rolesSet = defineCall({
  method: 'POST',
  path: 'api/admin/roles/set',
  auth: true,
  role: 'admin',
  input: z.object({
    user_id: userIdField,
    role: z.enum(CONSOLE_ROLES, { error: 'console.role_invalid' }),
    reason: reasonField(false),
  }),
  data: roleRowSchema,
});

// ---- dashboard --------------------------------------------------------------------------------

/** One UTC day of the site. Money figures (tenths of a coin) are null for moderators. */
export const dashboardDaySchema = z.object({
  day: z.string(),
  signups: z.number(),
  /** Distinct people who signed in (a session opened) that day. */
  active_users: z.number(),
  recharge_coins: z.number().nullable(),
  recharge_orders: z.number().nullable(),
  gift_coins: z.number().nullable(),
  gift_sends: z.number().nullable(),
  withdrawals_paid: z.number().nullable(),
  withdrawals_paid_count: z.number().nullable(),
  /** What the platform kept: gift and guard shares, nobles, horns (ledger entries into `platform`). */
  revenue: z.number().nullable(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardSchema = z.object({
  now: z.object({
    live_rooms: z.number(),
    /** Viewers of every live room (HTTP-FLV connections and recent HLS players, all processes). */
    viewers: z.number(),
    /** Open WebSockets of this process by endpoint (score, im). */
    sockets: z.record(z.string(), z.number()),
    matches_live: z.number(),
    /** Room chat messages in the last 5 minutes, per minute. */
    chat_per_minute: z.number(),
  }),
  /** Whether the money figures are included (administrators). */
  money: z.boolean(),
  /** The last 30 UTC days, oldest first; the last one is today. */
  days: z.array(dashboardDaySchema),
  generated_at: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The site now and over the last 30 days. Moderators get rooms and people; administrators also money. */
export const dashboard = defineCall({ method: 'GET', path: 'api/admin/dashboard', auth: true, role: 'moderator', input: z.object({}), data: dashboardSchema });

// ---- reports ----------------------------------------------------------------------------------

/** What can be reported: `comment` covers comments of posts and headlines; `chat` is a person's chat line (target = sender); `room` a live room (target = its anchor). */
export const REPORT_TARGET_TYPES = ['post', 'comment', 'article', 'chat', 'room'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_STATES = ['open', 'dismissed', 'actioned'] as const;
export const REPORT_ACTIONS = ['dismiss', 'hide', 'mute', 'ban'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const reportGroupSchema = z.object({
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number(),
  /** How many people reported it, and for which reasons. */
  count: z.number(),
  reasons: z.record(z.string(), z.number()),
  first_at: z.string(),
  last_at: z.string(),
  /** The latest reports (up to 5): who, why, what they wrote. */
  reports: z.array(z.object({ reporter: staffUserSchema, reason: z.string(), detail: z.string(), created_at: z.string() })),
  /** The reported content as it is now (null when it is gone). */
  content: z
    .object({
      title: z.string(),
      text: z.string(),
      /** Whether it is still shown on the site. */
      visible: z.boolean(),
      /** The page it is on: a circle post, a headline or a live room. */
      page: z.object({ kind: z.enum(['post', 'article', 'room']), id: z.number() }).nullable(),
    })
    .nullable(),
  author: staffUserSchema.extend({ sanction: z.enum(['mute', 'ban']).nullable() }).nullable(),
  status: z.enum(REPORT_STATES),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

/** Reports grouped by what they are about, oldest waiting first. Moderators and administrators. */
export const reportsList = defineCall({
  method: 'GET',
  path: 'api/admin/reports/list',
  auth: true,
  role: 'moderator',
  input: z.object({
    status: z.preprocess((v) => (v === '' || v == null ? 'open' : v), z.enum(REPORT_STATES, { error: 'console.report_status_invalid' })),
    target_type: z.preprocess(blankToUndefined, z.enum(REPORT_TARGET_TYPES, { error: 'console.target_invalid' }).optional()),
    ...consolePageFields,
  }),
  data: z.object({ list: z.array(reportGroupSchema), total: z.number(), page: z.number() }),
});

/**
 * Handles every open report of one target at once: dismiss them, hide the content, or mute / ban
 * its author (for `hours`; a ban without hours is permanent). Audited with the reason.
 */
export const reportsHandle = defineCall({
  method: 'POST',
  path: 'api/admin/reports/handle',
  auth: true,
  role: 'moderator',
  input: z
    .object({
      target_type: z.enum(REPORT_TARGET_TYPES, { error: 'console.target_invalid' }),
      target_id: z.preprocess((v) => (v === '' || v == null ? NaN : v), z.coerce.number({ error: 'console.target_invalid' }).int('console.target_invalid').positive('console.target_invalid')),
      action: z.enum(REPORT_ACTIONS, { error: 'console.report_action_invalid' }),
      /** Mute or ban length in hours (1 hour to 1 year); empty: a permanent ban (a mute needs a length). */
      hours: z.preprocess(
        blankToUndefined,
        z.coerce.number({ error: 'console.hours_invalid' }).int('console.hours_invalid').min(1, 'console.hours_invalid').max(8760, 'console.hours_invalid').optional(),
      ),
      reason: reasonField(false),
    })
    .refine((v) => v.action !== 'mute' || v.hours !== undefined, { message: 'console.hours_invalid', path: ['hours'] })
    .refine((v) => v.action === 'dismiss' || v.reason.length > 0, { message: 'console.reason_empty', path: ['reason'] }),
  data: z.object({ handled: z.number(), status: z.enum(REPORT_STATES) }),
});

// ---- reporting a chat line or a room (viewers; posts, comments and headlines: anchor_dynamics_user/report) ----

/** Why something is reported (the same reasons as posts and comments). */
const reportReason = z.enum(['spam', 'abuse', 'illegal', 'other'], { error: 'content.report_reason' });
const reportDetail = z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string({ error: 'content.report_detail_long' }).max(200, 'content.report_detail_long'));
const roomIdField = z.preprocess(
  (v) => (v === '' || v == null ? NaN : v),
  z.coerce.number({ error: 'content.report_target_missing' }).int('content.report_target_missing').positive('content.report_target_missing'),
);

/**
 * Reports one line of a room's chat (its room and sequence number, as the chat hands them out).
 * The server keeps the line's text with the report, so the moderators see what was said.
 */
export const reportChat = defineCall({
  method: 'POST',
  path: 'api/report/chat',
  auth: true,
  input: z.object({
    room_id: roomIdField,
    seq: z.preprocess(
      (v) => (v === '' || v == null ? NaN : v),
      z.coerce.number({ error: 'content.report_target_missing' }).int('content.report_target_missing').min(1, 'content.report_target_missing'),
    ),
    reason: reportReason,
    detail: reportDetail,
  }),
  data: z.null(),
});

/** Reports a live room (what is shown or said in it). */
export const reportRoom = defineCall({
  method: 'POST',
  path: 'api/report/room',
  auth: true,
  input: z.object({ room_id: roomIdField, reason: reportReason, detail: reportDetail }),
  data: z.null(),
});
