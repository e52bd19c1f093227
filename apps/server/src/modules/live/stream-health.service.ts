import { bitrateAdvisedKbps, bitrateCapKbps, type HealthWarning, type HealthWarningCode, KEYFRAME_ADVISED_SECONDS, KEYFRAME_MAX_SECONDS, type StreamHealth } from '@livesports/contracts/live-health';
import { type Lang, translate } from '@livesports/contracts/messages';
import type { IngestHealth } from '../../media/ingest.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

/** A ladder rung still down this long after the stream arrived is down for a reason (load, a crash), not starting. */
const RUNG_START_GRACE_MS = 15_000;
/** A transcoder restart keeps the "overloaded" warning up this long. */
const RESTART_WARN_MS = 120_000;
/** No frame for this long while the encoder stays connected: the picture has stalled. */
const STALLED_MS = 3_000;

/**
 * The health of a live stream (issue #50 item 4): the ingest's figures for the room, turned into
 * the answer of `api/Anchor/streamHealth` (the anchor's own) and the console's media page (every
 * live room), with warnings in the reader's language saying what to change in OBS.
 */
export function createStreamHealthService(deps: {
  /** The ingest's figures for a room this process receives; null otherwise (or no ingest). */
  source: (roomId: number) => IngestHealth | null;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  // When each room's transcoder last restarted, from its restart count growing between reads.
  const restartsSeen = new Map<number, { count: number; at: number; since: number }>();

  function recentRestart(roomId: number, h: IngestHealth, t: number): boolean {
    const seen = restartsSeen.get(roomId);
    const since = h.since.getTime();
    if (!seen || seen.since !== since) {
      restartsSeen.set(roomId, { count: h.restarts, at: h.restarts > 0 ? t : 0, since });
      return h.restarts > 0;
    }
    if (h.restarts > seen.count) Object.assign(seen, { count: h.restarts, at: t });
    return seen.count > 0 && t - seen.at < RESTART_WARN_MS;
  }

  function of(roomId: number, lang: Lang): StreamHealth {
    const h = deps.source(roomId);
    if (!h) {
      restartsSeen.delete(roomId);
      return {
        room_id: roomId,
        receiving: false,
        since: null,
        width: 0,
        height: 0,
        bitrate_kbps: 0,
        video_kbps: 0,
        fps: 0,
        keyframe_interval_s: null,
        dropped_frames: 0,
        late_frames: 0,
        last_frame_ms: null,
        rungs: [],
        restarts: 0,
        warnings: [],
      };
    }
    const t = now();
    const r = h.reading;
    const keyframe = r.keyframeIntervalMs === null ? null : Math.round(r.keyframeIntervalMs / 100) / 10;
    const warnings: HealthWarning[] = [];
    const warn = (code: HealthWarningCode, params: Record<string, number>) => warnings.push({ code, params, message: translate(lang, `live_health.${code}`, params) });
    const advised = bitrateAdvisedKbps(h.height);
    // Too much for the machine: a transcoder that restarted lately, or ladder rungs down once started.
    const down = t - h.since.getTime() > RUNG_START_GRACE_MS ? h.rungs.filter((x) => !x.up).length : 0;
    const restarted = recentRestart(roomId, h, t);
    if (down > 0 || restarted) warn('overloaded', { down, restarts: h.restarts, advised });
    const cap = bitrateCapKbps(h.height);
    if (r.bitrateKbps > cap) warn('bitrate_high', { kbps: r.bitrateKbps, height: h.height, cap, advised });
    if (keyframe !== null && keyframe > KEYFRAME_MAX_SECONDS) warn('keyframe_far', { seconds: keyframe, max: KEYFRAME_MAX_SECONDS, advised: KEYFRAME_ADVISED_SECONDS });
    if (r.droppedRecent > 0) warn('frames_dropped', { frames: r.droppedRecent, advised });
    if (r.lastFrameMs !== null && r.lastFrameMs > STALLED_MS) warn('stalled', { seconds: Math.round(r.lastFrameMs / 1000) });
    return {
      room_id: roomId,
      receiving: true,
      since: h.since.toISOString(),
      width: h.width,
      height: h.height,
      bitrate_kbps: r.bitrateKbps,
      video_kbps: r.videoKbps,
      fps: r.fps,
      keyframe_interval_s: keyframe,
      dropped_frames: r.droppedFrames,
      late_frames: r.lateFrames,
      last_frame_ms: r.lastFrameMs,
      rungs: h.rungs,
      restarts: h.restarts,
      warnings,
    };
  }

  return {
    of,
    /** The anchor's own stream: anchors only, and only their own room (a room's id is its anchor's). */
    mine(user: AuthUser, roomId: number | undefined, lang: Lang): StreamHealth {
      if (!user.isAnchor) throw forbidden('live.not_anchor');
      if (roomId !== undefined && roomId !== user.id) throw forbidden('live_health.not_your_room');
      return of(user.id, lang);
    },
  };
}
export type StreamHealthService = ReturnType<typeof createStreamHealthService>;
