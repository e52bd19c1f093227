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
