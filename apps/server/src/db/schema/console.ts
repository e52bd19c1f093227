import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

/**
 * Every action taken in the operator's console: who, when, what, on which target, the state before
 * and after, and the reason given. Rows are only ever inserted (nothing updates or deletes them).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The staff member who acted (null: the system itself). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Dotted action name, e.g. `anchor.approve`, `withdrawal.reject`, `role.set`, `report.hide`. */
    action: text('action').notNull(),
    /** What was acted on: `user`, `application`, `withdrawal`, `post`, `comment`, `setting`… */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_actor_idx').on(t.actorId, t.createdAt), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);

/** Site-wide mutes and bans of an account; `endsAt` null = permanent; lifted early by a staff member. */
export const userSanctions = pgTable(
  'user_sanctions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['mute', 'ban'] }).notNull(),
    reason: text('reason').notNull().default(''),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: integer('lifted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('user_sanctions_user_idx').on(t.userId)],
);
