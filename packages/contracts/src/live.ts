import { z } from 'zod';
import { defineCall } from './call.ts';

// Live rooms: one room per anchor, its id is the anchor's user id (gifts, chat groups and
// follows all address a room by that id). Spec §2 (/live, /anchor, /member type 9), §5, §6, §7, §9.

export const PLACARD_MAX = 200;
export const ROOM_TITLE_MAX = 40;

/** Room categories, as the /anchor page's `type` query: 0 means all of them. */
export const RoomType = { FOOTBALL: 1, BASKETBALL: 2, ESPORTS: 3, GENERAL: 4 } as const;
export const ROOM_TYPES = [1, 2, 3, 4] as const;
export type RoomTypeValue = (typeof ROOM_TYPES)[number];

/** Quality levels (spec §9), best first. Each has its own HTTP-FLV and HLS URL. */
export const LIVE_LEVELS = ['original', 'hd', 'sd', 'smooth'] as const;
export type LiveLevel = (typeof LIVE_LEVELS)[number];
/** Spec §6: without login, HD drops to standard. Visitors get this level and the ones below it. */
export const VISITOR_MAX_LEVEL: LiveLevel = 'sd';

/** Room state: offline; opened by the anchor and waiting for the stream; stream arriving. */
export const RoomStatus = { OFFLINE: 0, WAITING: 1, LIVE: 2 } as const;

const trimmedString = (error: string) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string({ error }));

export const roomIdField = z.coerce.number({ error: 'live.room_id_invalid' }).int('live.room_id_invalid').positive('live.room_id_invalid');
export const roomTypeField = z.coerce.number({ error: 'live.room_type_invalid' }).pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'live.room_type_invalid' }));
/** The list filter also takes 0 (all). */
const roomTypeFilter = z.preprocess(
  (v) => (v === '' || v == null ? 0 : v),
  z.coerce.number({ error: 'live.room_type_invalid' }).pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'live.room_type_invalid' })),
);
export const titleField = trimmedString('live.title_empty').pipe(z.string().min(1, 'live.title_empty').max(ROOM_TITLE_MAX, 'live.title_long'));
export const placardField = trimmedString('live.placard_long').pipe(z.string().max(PLACARD_MAX, 'live.placard_long'));
// Covers come from our upload endpoint (/uploads/…) or are left empty for the default picture.
const coverField = z.preprocess(
  (v) => (v == null ? undefined : v),
  z
    .string({ error: 'live.cover_invalid' })
    .max(500, 'live.cover_invalid')
    .regex(/^(|\/uploads\/[\w./-]+|https?:\/\/\S+)$/, 'live.cover_invalid')
    .optional(),
);

export const pageFields = {
  page: z.preprocess((v) => (v === '' || v == null ? 1 : v), z.coerce.number({ error: 'live.page_invalid' }).int('live.page_invalid').min(1, 'live.page_invalid').max(10_000, 'live.page_invalid')),
  limit: z.preprocess((v) => (v === '' || v == null ? 20 : v), z.coerce.number({ error: 'live.page_invalid' }).int('live.page_invalid').min(1, 'live.page_invalid').max(50, 'live.page_invalid')),
};

/** A room as lists and cards show it. */
export const roomCardSchema = z.object({
  room_id: z.number(),
  uid: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  title: z.string(),
  cover: z.string(),
  /** A still of the live picture (refreshed every few seconds), '' when there is none. */
  thumb: z.string(),
  type: z.number(),
  status: z.number(),
  is_live: z.union([z.literal(0), z.literal(1)]),
  /** Viewers watching right now (HTTP-FLV connections, HLS players by address and browser; the demo rooms also count their demo fans). */
  online: z.number(),
  /** Popularity used for ordering: viewers now, plus the peak of the last session. */
  heat: z.number(),
  /** ISO time the current session started, when live. */
  start_time: z.string().nullable(),
  /** Anchor level and experience (LV + exp). */
  level: z.number(),
  exp: z.number(),
});
export type RoomCard = z.infer<typeof roomCardSchema>;

export const roomListSchema = z.object({ list: z.array(roomCardSchema), total: z.number(), page: z.number() });

/** One quality level of a live stream. Locked levels carry no URL (visitors above SD). */
export const playLevelSchema = z.object({
  level: z.enum(LIVE_LEVELS),
  flv: z.string().nullable(),
  hls: z.string().nullable(),
  locked: z.boolean(),
  /** Output height in pixels when known (0 = same as the source). */
  height: z.number(),
});
export type PlayLevel = z.infer<typeof playLevelSchema>;

export const liveUrlSchema = z.object({
  room_id: z.number(),
  is_live: z.union([z.literal(0), z.literal(1)]),
  /** False when the server has no transcoder: only "original" is offered. */
  ladder: z.boolean(),
  levels: z.array(playLevelSchema),
});
export type LiveUrls = z.infer<typeof liveUrlSchema>;

/** An anchor's reserved broadcast (a show announced for a time, often a match). */
export const reservationSchema = z.object({
  id: z.number(),
  room_id: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  title: z.string(),
  /** 1 football, 2 basketball, 0 not tied to a match. */
  sport: z.number(),
  match_id: z.number().nullable(),
  home_name: z.string(),
  away_name: z.string(),
  league_name: z.string(),
  start_time: z.string(),
  reserve_count: z.number(),
  /** Whether the caller has reserved it (0 for visitors). */
  reserved: z.union([z.literal(0), z.literal(1)]),
});
export type Reservation = z.infer<typeof reservationSchema>;

/**
 * The match a room covers (issue #19 item 12): linked by the anchor in the studio, or through a
 * reserved broadcast of a match that starts within the hour or started in the last three.
 * Names in the caller's language.
 */
export const linkedMatchSchema = z.object({
  id: z.number(),
  sport: z.enum(['football', 'basketball']),
  home_name: z.string(),
  away_name: z.string(),
  league_name: z.string(),
  /** Kick-off, ISO time. */
  kickoff: z.string(),
  /** Match status (1 not started, 2–7 in play, 8 finished, 9+ abandoned…). */
  status: z.number(),
  /** How the link was made: by the anchor, or by a reserved broadcast of the match. */
  via: z.enum(['studio', 'reservation']),
});
export type LinkedMatch = z.infer<typeof linkedMatchSchema>;

export const roomInfoSchema = z.object({
  anchor: z.object({
    uid: z.number(),
    nickname: z.string(),
    avatar: z.string(),
    title: z.string(),
    followers: z.number(),
    /** Whether the caller follows this anchor (0 for visitors). */
    is_followed: z.union([z.literal(0), z.literal(1)]),
    heat: z.number(),
    level: z.number(),
    exp: z.number(),
  }),
  live: z.object({
    room_id: z.number(),
    is_live: z.union([z.literal(0), z.literal(1)]),
    status: z.number(),
    type: z.number(),
    start_time: z.string().nullable(),
    server_time: z.string(),
    cover: z.string(),
    /** A still of the live picture, '' when there is none: the player's poster (with the cover first) until the first frame. */
    thumb: z.string(),
    placard: z.string(),
    online: z.number(),
    ladder: z.boolean(),
    levels: z.array(playLevelSchema),
  }),
  /** The next reserved broadcast of this room, shown while it is offline. */
  reserve: reservationSchema.nullable(),
  /** The match this room covers now, if any (its live score strip shows in the room). */
  match: linkedMatchSchema.nullable(),
});
export type RoomInfo = z.infer<typeof roomInfoSchema>;

/** The anchor's own room, with what OBS needs. Only the anchor ever sees the key. */
export const myRoomSchema = z.object({
  room_id: z.number(),
  title: z.string(),
  type: z.number(),
  cover: z.string(),
  placard: z.string(),
  status: z.number(),
  is_live: z.union([z.literal(0), z.literal(1)]),
  /** Server URL for OBS ("Server"), e.g. rtmp://host:1935/live */
  rtmp_url: z.string(),
  /** Stream key for OBS ("Stream Key"). */
  stream_key: z.string(),
  /** rtmp_url + "/" + stream_key, for ffmpeg. */
  push_url: z.string(),
  /** False when this server has no embedded RTMP ingest (an external SRS/CDN calls our hooks). */
  ingest: z.boolean(),
  ladder: z.boolean(),
  level: z.number(),
  exp: z.number(),
  /** The match the room covers now (set in the studio, or through a reservation), if any. */
  match: linkedMatchSchema.nullable(),
});
export type MyRoom = z.infer<typeof myRoomSchema>;

const roomSettings = {
  title: titleField.optional(),
  type: roomTypeField.optional(),
  cover: coverField,
};

export const createRoom = defineCall({
  method: 'POST',
  path: 'api/Live/createRoom',
  auth: true,
  input: z.object({ title: titleField, type: z.preprocess((v) => v ?? 4, roomTypeField), cover: coverField }),
  data: myRoomSchema,
});

export const getMyRoom = defineCall({ method: 'GET', path: 'api/Live/getMyRoom', auth: true, input: z.object({}), data: myRoomSchema });

export const startRoom = defineCall({ method: 'GET', path: 'api/Live/startRoom', writes: true, auth: true, input: z.object({}), data: myRoomSchema });

export const endRoom = defineCall({ method: 'GET', path: 'api/Live/endRoom', writes: true, auth: true, input: z.object({}), data: myRoomSchema });

export const resetStreamKey = defineCall({ method: 'POST', path: 'api/Live/resetStreamKey', auth: true, input: z.object({}), data: myRoomSchema });

export const setTitle = defineCall({ method: 'GET', path: 'api/Live/setTitle', writes: true, auth: true, input: z.object({ title: titleField }), data: myRoomSchema });

export const updateLive = defineCall({
  method: 'GET',
  path: 'api/Live/updateLive',
  writes: true,
  auth: true,
  input: z.object(roomSettings),
  data: myRoomSchema,
});

export const getPlacard = defineCall({ method: 'GET', path: 'api/Live/getPlacard', auth: false, input: z.object({ room_id: roomIdField }), data: z.object({ placard: z.string() }) });

export const setPlacard = defineCall({ method: 'POST', path: 'api/Live/setPlacard', auth: true, input: z.object({ placard: placardField }), data: z.object({ placard: z.string() }) });

export const getLiveUrl = defineCall({ method: 'GET', path: 'api/Live/getLiveUrl', auth: false, input: z.object({ room_id: roomIdField }), data: liveUrlSchema });

/** Anchor ids as "3,8,12" (the rooms of followed anchors on /attention); at most 100. */
const uidsFilter = z.preprocess(
  (v) =>
    v === '' || v == null
      ? undefined
      : String(v)
          .split(',')
          .map((x) => x.trim()),
  z
    .array(z.coerce.number({ error: 'live.room_id_invalid' }).int('live.room_id_invalid').positive('live.room_id_invalid'))
    .max(100, 'live.room_id_invalid')
    .optional(),
);

/** Every anchor's room for the /anchor list, live ones first (type 0 = all categories). */
export const getRoomList = defineCall({ method: 'GET', path: 'api/Live/getRoomList', auth: false, input: z.object({ type: roomTypeFilter, uids: uidsFilter, ...pageFields }), data: roomListSchema });

export const getRoomInfo = defineCall({ method: 'GET', path: 'api/Live_streaming/getRoomInfo', auth: false, input: z.object({ room_id: roomIdField }), data: roomInfoSchema });

/** Rooms live right now (home strip, live menu), most watched first. */
export const getLiveList = defineCall({ method: 'GET', path: 'api/Live_streaming/getLiveList', auth: false, input: z.object({ type: roomTypeFilter, ...pageFields }), data: roomListSchema });

export const getOnlineMemberNum = defineCall({ method: 'GET', path: 'api/tenxun/getOnlineMemberNum', auth: false, input: z.object({ room_id: roomIdField }), data: z.object({ num: z.number() }) });

/** One broadcast session in the anchor's record (/member?type=9). */
export const liveRecordSchema = z.object({
  id: z.number(),
  title: z.string(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  /** Seconds; for a session still running, up to now. */
  duration: z.number(),
  peak_viewers: z.number(),
  /** Gifts received during the session, in tenths of a gold coin. */
  gifts: z.number(),
});
export type LiveRecord = z.infer<typeof liveRecordSchema>;

export const getLiveRecord = defineCall({
  method: 'GET',
  path: 'api/Live/liveRecord',
  auth: true,
  input: z.object(pageFields),
  data: z.object({ list: z.array(liveRecordSchema), total: z.number(), page: z.number(), total_seconds: z.number() }),
});
