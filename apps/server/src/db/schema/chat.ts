import { bigint, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Room chat groups (group id = the anchor's user id) and their messages. `last_seq` hands out the
 * per-group sequence numbers atomically, so a reconnecting client can resume from its last one.
 * `slow_mode` is the room's slow mode in seconds (0 off), set by the anchor or a room admin.
 */
export const chatGroups = pgTable('chat_groups', {
  id: integer('id').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  slowMode: smallint('slow_mode').notNull().default(0),
});

export const chatMessages = pgTable(
  'chat_messages',
  {
    groupId: integer('group_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** IM identifier of the sender (decimal user id). */
    fromIdentifier: text('from_identifier').notNull(),
    nick: text('nick').notNull(),
    avatar: text('avatar').notNull().default(''),
    /** Message type, e.g. TIMTextElem; payload.data is JSON for custom types (spec §3). */
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    /** The sender's badges and danmaku colour when it was sent (role, noble, guard, level). */
    ext: jsonb('ext'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.seq] })],
);
