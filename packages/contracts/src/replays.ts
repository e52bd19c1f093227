import { z } from 'zod';
import { defineCall } from './call.ts';
import { CLIP_MAX_SECONDS, CLIP_MIN_SECONDS, CLIP_TITLE_MAX, RECORDING_UNAVAILABLE } from './replays-constants.ts';
import { CHAT_TEXT_MAX } from './chat.ts';
import { giftEventSchema } from './economy-gifts.ts';
import { LIVE_LEVELS, pageFields, roomIdField } from './live.ts';

// Replays and clips: every broadcast is recorded (original quality and the ladder's levels, no
// extra encode) into segmented storage, finalised into a VOD playlist when it ends, and replayed
// with its danmaku, chat, gifts and the linked match's goals in time. Clips are cut from a replay.

export { CLIP_MAX_SECONDS, CLIP_MIN_SECONDS, CLIP_TITLE_MAX, ClipStatus, RECORDING_UNAVAILABLE, ReplayStatus, TIMELINE_WINDOW_SECONDS } from './replays-constants.ts';

const positiveId = (error: string) => z.coerce.number({ error }).int(error).positive(error).max(2_147_483_647, error);
export const replayIdField = positiveId('replay.id_invalid');
export const clipIdField = positiveId('replay.clip_id_invalid');
const flag = (error: string) => z.coerce.number({ error }).pipe(z.union([z.literal(0), z.literal(1)], { error }));
const seconds = (error: string) => z.coerce.number({ error }).finite(error).min(0, error).max(86_400, error);
const text = (empty: string, long: string, max: number) =>
  z
    .preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string({ error: empty }))
    .pipe(
      z
        .string()
        .min(1, empty)
        .refine((s) => [...s].length <= max, long),
    );

export const replayLevelSchema = z.object({
  level: z.enum(LIVE_LEVELS),
  height: z.number(),
  /** Visitors watch SD and below, as live (spec §6); a locked level carries no URL. */
  locked: z.boolean(),
  url: z.string().nullable(),
});

export const replayCardSchema = z.object({
  id: z.number(),
  room_id: z.number(),
  title: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  poster: z.string(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  /** Seconds of video. */
  duration: z.number(),
  status: z.number(),
  hidden: z.union([z.literal(0), z.literal(1)]),
  /** Bytes in storage (all levels). */
  bytes: z.number(),
  levels: z.array(z.string()),
});
export type ReplayCard = z.infer<typeof replayCardSchema>;

export const matchMarkSchema = z.object({
  kind: z.string(),
  /** 1 home, 0 away. */
  side: z.number(),
  minute: z.number(),
  player: z.string(),
  home_score: z.number(),
  away_score: z.number(),
  /** Second of the replay at which it happened. */
  t: z.number(),
});
export type MatchMark = z.infer<typeof matchMarkSchema>;

export const replayDetailSchema = replayCardSchema.extend({
  /** HLS master playlist with the levels the caller may watch. */
  master: z.string().nullable(),
  play_levels: z.array(replayLevelSchema),
  /** The caller may hide, delete and cut clips (the anchor or an administrator). */
  can_manage: z.boolean(),
  match: z
    .object({
      id: z.number(),
      sport: z.number(),
      home: z.string(),
      away: z.string(),
      home_score: z.number(),
      away_score: z.number(),
      marks: z.array(matchMarkSchema),
    })
    .nullable(),
});
export type ReplayDetail = z.infer<typeof replayDetailSchema>;

/** A chat line of the broadcast, at the second of the replay it was sent. */
export const timelineMessageSchema = z.object({
  t: z.number(),
  seq: z.number(),
  from: z.string(),
  nick: z.string(),
  type: z.string(),
  text: z.string(),
  ext: z.record(z.string(), z.unknown()).nullable(),
});
export type TimelineMessage = z.infer<typeof timelineMessageSchema>;

export const timelineGiftSchema = z.object({ t: z.number(), event: giftEventSchema });
/** Danmaku added by viewers of the replay, pinned to the second they were sent at. */
export const timelineDanmakuSchema = z.object({ id: z.number(), t: z.number(), from: z.string(), nick: z.string(), text: z.string() });

export const timelineSchema = z.object({
  from: z.number(),
  to: z.number(),
  messages: z.array(timelineMessageSchema),
  gifts: z.array(timelineGiftSchema),
  danmaku: z.array(timelineDanmakuSchema),
});
export type ReplayTimeline = z.infer<typeof timelineSchema>;

export const clipSchema = z.object({
  id: z.number(),
  replay_id: z.number(),
  room_id: z.number(),
  title: z.string(),
  nickname: z.string(),
  start: z.number(),
  end: z.number(),
  duration: z.number(),
  exact: z.union([z.literal(0), z.literal(1)]),
  status: z.number(),
  url: z.string(),
  poster: z.string(),
  bytes: z.number(),
  article_id: z.number().nullable(),
  created_at: z.string(),
  can_manage: z.boolean(),
});
export type Clip = z.infer<typeof clipSchema>;

export const recordingStateSchema = z.object({
  /** The anchor's choice. */
  record: z.union([z.literal(0), z.literal(1)]),
  /** Whether this server can record at all; when not, `reason` says why. */
  available: z.boolean(),
  reason: z.enum(RECORDING_UNAVAILABLE).nullable(),
  /** Days a replay is kept (0 = for ever). */
  keep_days: z.number(),
});

// ---- Watching

export const getReplayList = defineCall({
  method: 'GET',
  path: 'api/Replay/getList',
  auth: false,
  input: z.object({ room_id: roomIdField, ...pageFields }),
  data: z.object({ list: z.array(replayCardSchema), total: z.number(), page: z.number() }),
});

export const getReplay = defineCall({ method: 'GET', path: 'api/Replay/getInfo', auth: false, input: z.object({ id: replayIdField }), data: replayDetailSchema });

export const getTimeline = defineCall({
  method: 'GET',
  path: 'api/Replay/getTimeline',
  auth: false,
  input: z.object({ id: replayIdField, from: z.preprocess((v) => (v === '' || v == null ? 0 : v), seconds('replay.time_invalid')) }),
  data: timelineSchema,
});

export const sendReplayDanmaku = defineCall({
  method: 'POST',
  path: 'api/Replay/sendDanmaku',
  auth: true,
  input: z.object({ id: replayIdField, t: seconds('replay.time_invalid'), text: text('chat.empty', 'replay.danmaku_long', CHAT_TEXT_MAX) }),
  data: timelineDanmakuSchema,
});

// ---- The anchor's replays

export const getRecording = defineCall({ method: 'GET', path: 'api/Replay/getRecording', auth: true, input: z.object({}), data: recordingStateSchema });

export const setRecording = defineCall({ method: 'POST', path: 'api/Replay/setRecording', auth: true, input: z.object({ record: flag('replay.record_invalid') }), data: recordingStateSchema });

export const getMyReplays = defineCall({
  method: 'GET',
  path: 'api/Replay/mine',
  auth: true,
  input: z.object(pageFields),
  data: z.object({ list: z.array(replayCardSchema), total: z.number(), page: z.number(), total_bytes: z.number() }),
});

export const setReplayHidden = defineCall({
  method: 'POST',
  path: 'api/Replay/setHidden',
  auth: true,
  input: z.object({ id: replayIdField, hidden: flag('replay.hidden_invalid') }),
  data: replayCardSchema,
});

export const deleteReplay = defineCall({ method: 'POST', path: 'api/Replay/delete', auth: true, input: z.object({ id: replayIdField }), data: z.object({ id: z.number() }) });

/** Total bytes of every replay and clip (the operator console shows it). Administrators only. */
export const replayStorage = defineCall({
  method: 'GET',
  path: 'api/Replay/storage',
  auth: true,
  role: 'admin',
  input: z.object({}),
  data: z.object({ replays: z.number(), replay_bytes: z.number(), clips: z.number(), clip_bytes: z.number() }),
});

// ---- Clips

export const createClip = defineCall({
  method: 'POST',
  path: 'api/Replay/createClip',
  auth: true,
  input: z
    .object({
      replay_id: replayIdField,
      start: seconds('replay.clip_range_invalid'),
      end: seconds('replay.clip_range_invalid'),
      title: text('replay.clip_title_empty', 'replay.clip_title_long', CLIP_TITLE_MAX),
      exact: z.preprocess((v) => v ?? 0, flag('replay.exact_invalid')),
    })
    .refine((v) => v.end - v.start >= CLIP_MIN_SECONDS && v.end - v.start <= CLIP_MAX_SECONDS, { message: 'replay.clip_length', path: ['end'] }),
  data: clipSchema,
});

export const getClip = defineCall({ method: 'GET', path: 'api/Replay/getClip', auth: false, input: z.object({ id: clipIdField }), data: clipSchema });

export const getClipList = defineCall({
  method: 'GET',
  path: 'api/Replay/getClipList',
  auth: false,
  input: z.object({ replay_id: replayIdField }),
  data: z.object({ list: z.array(clipSchema) }),
});

export const publishClip = defineCall({ method: 'POST', path: 'api/Replay/publishClip', auth: true, input: z.object({ id: clipIdField }), data: clipSchema });

export const deleteClip = defineCall({ method: 'POST', path: 'api/Replay/deleteClip', auth: true, input: z.object({ id: clipIdField }), data: z.object({ id: z.number() }) });
