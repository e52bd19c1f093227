import { index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

/**
 * Anchor applications (also the real-name verification). One row per user: a rejected applicant
 * resubmits into the same row. status: 0 submitted, 1 under review, 2 approved, 3 rejected.
 */
export const anchorApplications = pgTable(
  'anchor_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    realName: text('real_name').notNull(),
    idNumber: text('id_number').notNull(),
    liveType: smallint('live_type').notNull(),
    experience: text('experience').notNull(),
    contact: text('contact').notNull(),
    introduction: text('introduction').notNull(),
    inviter: text('inviter').notNull().default(''),
    inviteCode: text('invite_code').notNull().default(''),
    status: smallint('status').notNull().default(0),
    reason: text('reason').notNull().default(''),
    reviewedBy: integer('reviewed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('anchor_applications_user_uq').on(t.userId), index('anchor_applications_status_idx').on(t.status, t.updatedAt)],
);

/**
 * One live room per anchor; its id IS the anchor's user id (gifts, chat groups and follows
 * address rooms by it). status: 0 offline, 1 opened and waiting for the stream, 2 live.
 */
export const liveRooms = pgTable(
  'live_rooms',
  {
    id: integer('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** 1 football, 2 basketball, 3 esports, 4 general. */
    type: smallint('type').notNull().default(4),
    cover: text('cover').notNull().default(''),
    /** The announcement, at most 200 characters. */
    placard: text('placard').notNull().default(''),
    /** The secret an encoder publishes with; shown only to the anchor, replaced by a reset. */
    streamKey: text('stream_key').notNull(),
    status: smallint('status').notNull().default(0),
    liveSince: timestamp('live_since', { withTimezone: true }),
    /** The open broadcast record while live. */
    currentRecordId: integer('current_record_id'),
    /** Peak viewers of the last session, for ordering offline rooms. */
    lastPeak: integer('last_peak').notNull().default(0),
    /**
     * The match the anchor says the room covers (a matches.id; read by the live module without a
     * foreign key, as reservations do). A reserved broadcast of a match links it around kick-off too.
     */
    matchId: integer('match_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('live_rooms_stream_key_uq').on(t.streamKey), index('live_rooms_status_idx').on(t.status, t.type)],
);

/** The broadcast record: one row per session, from publish to unpublish. */
export const liveRecords = pgTable(
  'live_records',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    peakViewers: integer('peak_viewers').notNull().default(0),
  },
  (t) => [index('live_records_room_idx').on(t.roomId, t.startedAt)],
);

/**
 * Broadcasts an anchor announces ("reserved live"), optionally of a match. The match's names
 * and kick-off are copied in, so the list reads without the match module.
 */
export const liveReservations = pgTable(
  'live_reservations',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** 0 not a match, 1 football, 2 basketball. */
    sport: smallint('sport').notNull().default(0),
    matchId: integer('match_id'),
    homeName: text('home_name').notNull().default(''),
    awayName: text('away_name').notNull().default(''),
    leagueName: text('league_name').notNull().default(''),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_reservations_room_idx').on(t.roomId, t.startAt), index('live_reservations_start_idx').on(t.startAt)],
);

/** Users who reserved an anchor's announced broadcast (matches are reserved in the matches module). */
export const userReservations = pgTable(
  'user_reservations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => liveReservations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reservationId] }), index('user_reservations_reservation_idx').on(t.reservationId)],
);
