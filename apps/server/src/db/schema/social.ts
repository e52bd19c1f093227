import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

/**
 * Who follows whom, and as what: an anchor (live rooms), a writer (headlines) or a user (circle).
 * One person may be followed under several kinds; lists filter by kind, fan counts by person.
 */
export const follows = pgTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: integer('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['anchor', 'writer', 'user'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId, t.kind] }),
    index('follows_followee_idx').on(t.followeeId, t.createdAt.desc()),
    index('follows_follower_idx').on(t.followerId, t.kind, t.createdAt.desc()),
  ],
);
