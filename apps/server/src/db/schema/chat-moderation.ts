import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Room moderation (spec §6): room admins (the anchor's assistants), current sanctions (mute,
 * kick) with their end, the log of every action, and each room's keyword filter. A room is the
 * anchor's user id, like the chat group.
 */
export const chatRoomAdmins = pgTable(
  'chat_room_admins',
  {
    roomId: integer('room_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_room_admins_user').on(t.userId)],
);

export const chatSanctions = pgTable(
  'chat_sanctions',
  {
    roomId: integer('room_id').notNull(),
    userId: integer('user_id').notNull(),
    /** 'mute' (may read, may not send) or 'kick' (out of the room's chat). */
    kind: text('kind').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    actorId: integer('actor_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId, t.kind] })],
);

export const chatModLog = pgTable(
  'chat_mod_log',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id').notNull(),
    actorId: integer('actor_id').notNull(),
    targetId: integer('target_id'),
    /** mute, unmute, kick, unkick, admin_set, admin_remove, keywords, blocked_message */
    action: text('action').notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_mod_log_room').on(t.roomId, t.id)],
);

export const chatKeywords = pgTable(
  'chat_keywords',
  {
    roomId: integer('room_id').notNull(),
    word: text('word').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.word] })],
);

/**
 * One-to-one messages (spec §4: non-group messages go to the anchor list or the assistant list by
 * cloudCustomData.type: 0 from an anchor, 1 from a room admin, 2 from anyone else).
 */
export const chatDirect = pgTable(
  'chat_direct',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromUser: integer('from_user').notNull(),
    toUser: integer('to_user').notNull(),
    cloudType: smallint('cloud_type').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_direct_to').on(t.toUser, t.id), index('chat_direct_from').on(t.fromUser, t.id)],
);

/** Site-wide horns (api/Member/sneHorn): shown in every room. */
export const horns = pgTable(
  'horns',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    nick: text('nick').notNull(),
    avatar: text('avatar').notNull().default(''),
    noble: text('noble'),
    /** The room it was sent from (a click on the horn opens it), if any. */
    roomId: integer('room_id'),
    text: text('text').notNull(),
    /** Paid with one of the emperor's free horns of the month. */
    free: boolean('free').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('horns_created').on(t.createdAt)],
);
