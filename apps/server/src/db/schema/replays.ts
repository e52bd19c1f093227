import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { liveRooms } from './live.ts';

/** Whether a room records its broadcasts (the anchor's choice; a room without a row records). */
export const replayRooms = pgTable('replay_rooms', {
  roomId: integer('room_id')
    .primaryKey()
    .references(() => liveRooms.id, { onDelete: 'cascade' }),
  record: smallint('record').notNull().default(1),
});

/** One part of a replay: a stretch recorded without a break (a reconnect or transcoder restart starts the next). */
export interface ReplayPart {
  /** Wall-clock time (ms) of the part's first frame. */
  wall: number;
  /** Second of the replay at which the part starts. */
  offset: number;
}

/** A level of a replay and the storage folder its segments live in (random, so one level's URL does not give another's). */
export interface ReplayLevelDir {
  level: string;
  dir: string;
  height: number;
}

/**
 * A broadcast's replay. status: 0 recording, 1 ready, 2 failed. A broadcast that drops and comes
 * back within the grace period continues the same replay (a new part); an anchor's explicit end
 * closes it (`closed`).
 */
export const replays = pgTable(
  'replays',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: smallint('status').notNull().default(0),
    hidden: smallint('hidden').notNull().default(0),
    closed: smallint('closed').notNull().default(0),
    /** Storage prefix of every object of this replay. */
    storageKey: text('storage_key').notNull(),
    levels: jsonb('levels').$type<ReplayLevelDir[]>().notNull().default([]),
    parts: jsonb('parts').$type<ReplayPart[]>().notNull().default([]),
    duration: doublePrecision('duration').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    poster: text('poster').notNull().default(''),
    /** The match the room was linked to when the broadcast started (its goals mark the timeline). */
    matchId: integer('match_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('replays_room_idx').on(t.roomId, t.startedAt), index('replays_ended_idx').on(t.endedAt)],
);

/** Every stored segment of a replay, per level, in play order. */
export const replaySegments = pgTable(
  'replay_segments',
  {
    replayId: integer('replay_id')
      .notNull()
      .references(() => replays.id, { onDelete: 'cascade' }),
    level: text('level').notNull(),
    seq: integer('seq').notNull(),
    part: integer('part').notNull(),
    /** Second of the replay at which the segment starts, and its length. */
    start: doublePrecision('start').notNull(),
    duration: doublePrecision('duration').notNull(),
    bytes: integer('bytes').notNull(),
    key: text('key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.replayId, t.level, t.seq] })],
);

/** Danmaku viewers add to a replay, pinned to the second of the video they were sent at. */
export const replayDanmaku = pgTable(
  'replay_danmaku',
  {
    id: serial('id').primaryKey(),
    replayId: integer('replay_id')
      .notNull()
      .references(() => replays.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: doublePrecision('at').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('replay_danmaku_idx').on(t.replayId, t.at)],
);

/** Clips cut from replays. status: 0 being cut, 1 ready, 2 failed. They outlive their replay. */
export const clips = pgTable(
  'clips',
  {
    id: serial('id').primaryKey(),
    replayId: integer('replay_id').notNull(),
    roomId: integer('room_id')
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    title: text('title').notNull(),
    start: doublePrecision('start').notNull(),
    end: doublePrecision('end').notNull(),
    exact: smallint('exact').notNull().default(0),
    status: smallint('status').notNull().default(0),
    storageKey: text('storage_key').notNull(),
    url: text('url').notNull().default(''),
    poster: text('poster').notNull().default(''),
    duration: doublePrecision('duration').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    articleId: integer('article_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clips_replay_idx').on(t.replayId), index('clips_room_idx').on(t.roomId, t.createdAt)],
);
