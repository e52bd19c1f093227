import { z } from 'zod';
import { defineCall } from './call.ts';
import { SANCTION_KINDS, activeSanctionSchema } from './account.ts';
import { consolePageFields, staffUserSchema } from './console.ts';

export { SANCTION_KINDS, activeSanctionSchema, type ActiveSanction, type SanctionKind } from './account.ts';

// The console's Users pages (/admin/users): find an account, look at everything about it, and
// mute or ban it site-wide. Moderators find people, read their profile, rooms, reports and
// sanctions, and mute; administrators also see e-mail addresses and money, and ban.

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** A user id (a positive whole number). */
const userId = z.coerce.number({ error: 'console_users.user_invalid' }).int('console_users.user_invalid').positive('console_users.user_invalid').max(2_147_483_647, 'console_users.user_invalid');

export const SANCTION_UNITS = ['minutes', 'hours', 'days', 'permanent'] as const;
export type SanctionUnit = (typeof SANCTION_UNITS)[number];
/** Longest timed sanction, whatever the unit: one year (longer is "permanent"). */
export const SANCTION_MAX_MINUTES = 366 * 24 * 60;
export const SANCTION_REASON_MAX = 200;
const UNIT_MINUTES: Record<Exclude<SanctionUnit, 'permanent'>, number> = { minutes: 1, hours: 60, days: 1440 };
/** Minutes a duration lasts (null: permanent). */
export const sanctionMinutes = (duration: number, unit: SanctionUnit): number | null => (unit === 'permanent' ? null : duration * UNIT_MINUTES[unit]);

/** A site-wide sanction as the console and its owner see it. */
export const sanctionSchema = z.object({
  id: z.number(),
  kind: z.enum(SANCTION_KINDS),
  reason: z.string(),
  created_at: z.string(),
  /** null: permanent. */
  ends_at: z.string().nullable(),
  lifted_at: z.string().nullable(),
  /** Running now (not lifted, not over). */
  active: z.boolean(),
  created_by: staffUserSchema.nullable(),
  lifted_by: staffUserSchema.nullable(),
});
export type Sanction = z.infer<typeof sanctionSchema>;

/** One row of the search list. */
export const consoleUserRowSchema = z.object({
  id: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  /** Only administrators see addresses (null for moderators, and for accounts without one). */
  email: z.string().nullable(),
  is_anchor: z.boolean(),
  is_moderator: z.boolean(),
  is_admin: z.boolean(),
  /** The account's `status` (1 active). */
  status: z.number(),
  created_at: z.string(),
  /** Running sanctions (mute and/or ban). */
  sanctions: z.array(activeSanctionSchema),
});
export type ConsoleUserRow = z.infer<typeof consoleUserRowSchema>;

/** Find accounts by id, nickname (part of it) or e-mail (administrators only); newest first, or everyone when `q` is empty. */
export const consoleUserSearch = defineCall({
  method: 'GET',
  path: 'api/admin/users/search',
  auth: true,
  role: 'moderator',
  input: z.object({
    q: z.preprocess((v) => trimmed(v ?? ''), z.string({ error: 'console_users.query_invalid' }).max(100, 'console_users.query_invalid')),
    ...consolePageFields,
  }),
  data: z.object({ list: z.array(consoleUserRowSchema), total: z.number(), page: z.number() }),
});

export const consoleUserDetailSchema = consoleUserRowSchema.extend({
  signature: z.string(),
  sex: z.number(),
  invite_code: z.string(),
  invited_by: staffUserSchema.nullable(),
  anchor_exp: z.number(),
  wealth_exp: z.number(),
  /** Open login sessions. */
  sessions: z.number(),
  third_party: z.array(z.string()),
  counts: z.object({ posts: z.number(), comments: z.number(), articles: z.number(), reports_against: z.number(), sanctions: z.number() }),
  /** What the caller may do to this account. */
  can: z.object({ mute: z.boolean(), ban: z.boolean(), money: z.boolean() }),
});
export type ConsoleUserDetail = z.infer<typeof consoleUserDetailSchema>;

export const consoleUserDetail = defineCall({ method: 'GET', path: 'api/admin/users/detail', auth: true, role: 'moderator', input: z.object({ id: userId }), data: consoleUserDetailSchema });

const pagedById = z.object({ id: userId, ...consolePageFields });

export const ledgerLineSchema = z.object({
  id: z.number(),
  op_id: z.number(),
  /** The operation's kind: recharge, gift, guard, noble, withdraw, invite… */
  kind: z.string(),
  /** Which of this user's wallets moved. */
  wallet: z.enum(['consumption', 'income']),
  /** Signed, in tenths of a coin: negative when money left the wallet. */
  amount: z.number(),
  balance_after: z.number().nullable(),
  /** The other side: a system account or a user's wallet. */
  counterpart: z.string(),
  room_id: z.number().nullable(),
  created_at: z.string(),
});
export type LedgerLine = z.infer<typeof ledgerLineSchema>;

/** Wallet balances and the ledger lines touching them, newest first (administrators). */
export const consoleUserLedger = defineCall({
  method: 'GET',
  path: 'api/admin/users/ledger',
  auth: true,
  role: 'admin',
  input: pagedById,
  data: z.object({ wallets: z.object({ consumption: z.number(), income: z.number() }), list: z.array(ledgerLineSchema), total: z.number(), page: z.number() }),
});

export const rechargeOrderRowSchema = z.object({
  id: z.number(),
  order_no: z.string(),
  coins: z.number(),
  /** Cents of `currency`. */
  money: z.number(),
  currency: z.string(),
  provider: z.string(),
  status: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export const consoleUserOrders = defineCall({
  method: 'GET',
  path: 'api/admin/users/orders',
  auth: true,
  role: 'admin',
  input: pagedById,
  data: z.object({ list: z.array(rechargeOrderRowSchema), total: z.number(), page: z.number() }),
});

export const withdrawalRowSchema = z.object({
  id: z.number(),
  /** 1 bank card, 2 Alipay. */
  method: z.number(),
  money: z.number(),
  payout: z.number(),
  /** 0 in review, 1 approved, 2 rejected. */
  status: z.number(),
  reason: z.string(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export const consoleUserWithdrawals = defineCall({
  method: 'GET',
  path: 'api/admin/users/withdrawals',
  auth: true,
  role: 'admin',
  input: pagedById,
  data: z.object({ list: z.array(withdrawalRowSchema), total: z.number(), page: z.number() }),
});

export const userRoomSchema = z.object({
  room_id: z.number(),
  title: z.string(),
  /** 0 offline, 1 waiting, 2 live (as live rooms). */
  status: z.number(),
  type: z.number(),
  live_since: z.string().nullable(),
  created_at: z.string(),
});
export const broadcastRowSchema = z.object({ id: z.number(), title: z.string(), started_at: z.string(), ended_at: z.string().nullable(), peak_viewers: z.number() });
/** The user's live room (an anchor has one) and its latest broadcasts. */
export const consoleUserRooms = defineCall({
  method: 'GET',
  path: 'api/admin/users/rooms',
  auth: true,
  role: 'moderator',
  input: pagedById,
  data: z.object({ room: userRoomSchema.nullable(), list: z.array(broadcastRowSchema), total: z.number(), page: z.number() }),
});

export const reportAgainstSchema = z.object({
  id: z.number(),
  target_type: z.string(),
  target_id: z.number(),
  reason: z.string(),
  detail: z.string(),
  status: z.string(),
  reporter: staffUserSchema.nullable(),
  created_at: z.string(),
});
/** Reports against the user's posts, comments, articles and room, newest first. */
export const consoleUserReports = defineCall({
  method: 'GET',
  path: 'api/admin/users/reports',
  auth: true,
  role: 'moderator',
  input: pagedById,
  data: z.object({ list: z.array(reportAgainstSchema), total: z.number(), page: z.number() }),
});

/** Every sanction the user has had, newest first. */
export const consoleUserSanctions = defineCall({
  method: 'GET',
  path: 'api/admin/users/sanctions',
  auth: true,
  role: 'moderator',
  input: pagedById,
  data: z.object({ list: z.array(sanctionSchema), total: z.number(), page: z.number() }),
});

const reasonField = z.preprocess(trimmed, z.string({ error: 'console_users.reason_empty' }).min(1, 'console_users.reason_empty').max(SANCTION_REASON_MAX, 'console_users.reason_too_long'));

/**
 * Mute (no chat, danmaku, horn, comment, post or article anywhere) or ban (no login; every
 * session and chat socket ends at once, a live broadcast stops). A new sanction of a kind replaces
 * a running one. Moderators may mute; banning takes an administrator. Nobody sanctions an
 * administrator or themselves; moderators do not sanction other staff.
 */
export const consoleUserSanction = defineCall({
  method: 'POST',
  path: 'api/admin/users/sanction',
  auth: true,
  role: 'moderator',
  input: z
    .object({
      id: userId,
      kind: z.enum(SANCTION_KINDS, { error: 'console_users.kind_invalid' }),
      unit: z.enum(SANCTION_UNITS, { error: 'console_users.duration_invalid' }),
      /** How many units (ignored for permanent). */
      duration: z.preprocess(
        (v) => (v === '' || v == null ? undefined : v),
        z.coerce.number({ error: 'console_users.duration_invalid' }).int('console_users.duration_invalid').min(1, 'console_users.duration_invalid').optional(),
      ),
      reason: reasonField,
    })
    .refine((v) => v.unit === 'permanent' || (v.duration !== undefined && sanctionMinutes(v.duration, v.unit)! <= SANCTION_MAX_MINUTES), {
      message: 'console_users.duration_invalid',
      path: ['duration'],
    }),
  data: sanctionSchema,
});

/** Ends a running sanction early (a ban: administrators only). */
export const consoleUserLift = defineCall({
  method: 'POST',
  path: 'api/admin/users/lift',
  auth: true,
  role: 'moderator',
  input: z.object({
    sanction_id: z.coerce
      .number({ error: 'console_users.sanction_invalid' })
      .int('console_users.sanction_invalid')
      .positive('console_users.sanction_invalid')
      .max(2_147_483_647, 'console_users.sanction_invalid'),
    reason: reasonField,
  }),
  data: sanctionSchema,
});
