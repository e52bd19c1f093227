import { z } from 'zod';
import { defineCall } from './call.ts';
import { LIVE_LEVELS, roomIdField } from './live.ts';

// The health of a live stream as the ingest receives it (issue #50 item 4): what the encoder
// sends (bitrate, frame rate, keyframe interval, frames missing or late), which rungs of the
// quality ladder are up, and warnings that say what to change in OBS. The anchor sees their own
// in the studio; the console's media page shows the same for every live room.

/** Keyframes further apart than this hold a new viewer's first picture back and break HLS segments. */
export const KEYFRAME_MAX_SECONDS = 4;
/** What the studio tells the anchor to set (OBS: Output → Keyframe Interval). */
export const KEYFRAME_ADVISED_SECONDS = 2;

/**
 * The most a source of this height should send (kbps, audio included): more costs the ladder's
 * decoder CPU and the viewers' bandwidth without a visible gain. Common streaming guidance (720p30
 * ~3–4.5 Mbps, 1080p ~4.5–6 Mbps) plus headroom, so only an encoder clearly set too high is warned.
 */
export function bitrateCapKbps(height: number): number {
  if (height > 0 && height <= 480) return 3000;
  if (height > 0 && height <= 720) return 5000;
  return 8000;
}
/** The bitrate the warning advises for a source of this height (kbps, video). */
export function bitrateAdvisedKbps(height: number): number {
  if (height > 0 && height <= 480) return 1500;
  if (height > 0 && height <= 720) return 3000;
  return 4500;
}

/** Why the studio warns, each with its message key `live_health.<code>`. */
export const HEALTH_WARNINGS = ['keyframe_far', 'bitrate_high', 'overloaded', 'frames_dropped', 'stalled'] as const;
export type HealthWarningCode = (typeof HEALTH_WARNINGS)[number];

export const healthWarningSchema = z.object({
  code: z.enum(HEALTH_WARNINGS),
  /** The warning in the caller's language (the web renders it again from `code` and `params`). */
  message: z.string(),
  /** The numbers the message names (seconds, kbps, frames). */
  params: z.record(z.string(), z.number()),
});
export type HealthWarning = z.infer<typeof healthWarningSchema>;

export const rungStateSchema = z.object({
  level: z.enum(LIVE_LEVELS),
  /** Picture height (0 until the ladder is planned). */
  height: z.number(),
  /** Viewers can watch this rung now. */
  up: z.boolean(),
});
export type RungState = z.infer<typeof rungStateSchema>;

export const streamHealthSchema = z.object({
  room_id: z.number(),
  /** The ingest receives this room's stream now (false: every figure below is 0 or null). */
  receiving: z.boolean(),
  /** When the stream began to arrive (ISO), null when it does not. */
  since: z.string().nullable(),
  width: z.number(),
  height: z.number(),
  /** Incoming bitrate over the last 5 s of stream time, audio and video (kbps). */
  bitrate_kbps: z.number(),
  video_kbps: z.number(),
  /** Video frames per second over the same window. */
  fps: z.number(),
  /** Seconds between keyframes (the longest of the last interval and the one still open); null before the first. */
  keyframe_interval_s: z.number().nullable(),
  /** Frames missing from the stream (gaps in the video timestamps) since it began. */
  dropped_frames: z.number(),
  /** Frames that arrived more than a second behind the stream's own clock (the encoder or the network fell behind). */
  late_frames: z.number(),
  /** Milliseconds since the last frame arrived; null before the first. */
  last_frame_ms: z.number().nullable(),
  /** The quality ladder's rungs and whether each is up ("original" is the stream itself). */
  rungs: z.array(rungStateSchema),
  /** Transcoder restarts during this stream. */
  restarts: z.number(),
  warnings: z.array(healthWarningSchema),
});
export type StreamHealth = z.infer<typeof streamHealthSchema>;

/**
 * GET api/Anchor/streamHealth: the anchor's own stream. Anchors only; `room_id`, when given, must be
 * the caller's own room (an anchor never reads another's figures).
 */
export const streamHealth = defineCall({
  method: 'GET',
  path: 'api/Anchor/streamHealth',
  auth: true,
  input: z.object({ room_id: z.preprocess((v) => (v === '' || v == null ? undefined : v), roomIdField.optional()) }),
  data: streamHealthSchema,
});
