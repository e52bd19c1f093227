import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

/**
 * Two wallets per user: consumption (coins to spend) and income (anchor earnings).
 * Amounts are integers in tenths of a gold coin; the check constraint is the last line of
 * defence that a balance never goes negative.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['consumption', 'income'] }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), check('wallets_balance_nonnegative', sql`${t.balance} >= 0`)],
);
