import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One slider puzzle: where the gap is, and the ticket issued once it was solved. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: text('id').primaryKey(),
    gapX: integer('gap_x').notNull(),
    gapY: integer('gap_y').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    solvedAt: timestamp('solved_at', { withTimezone: true }),
    /** sha256 of the one-time ticket handed out on success. */
    ticketHash: text('ticket_hash'),
    ticketExpiresAt: timestamp('ticket_expires_at', { withTimezone: true }),
    ticketUsedAt: timestamp('ticket_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('captcha_ticket_uq').on(t.ticketHash)],
);
