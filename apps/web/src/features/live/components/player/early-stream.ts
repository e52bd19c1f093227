import type { RoomInfo } from '@livesports/contracts/live';
import { initialLevel } from './levels';
import { type EngineEvents, type StreamEngine, pickEngine, startEngine } from './stream-engine';

// A live room opened by its address plays before its page has rendered (issue #19: first frame
// ≤ 1 s). main.tsx has the room's play URLs while the page's scripts still load (app/early-calls.ts,
// preloaded with the HTML); from them a <video>, not yet in the page, starts the stream at the level
// the player will choose. The room's player, once rendered, takes that video as its own, already
// decoding (LivePlayer), instead of starting the stream only then. Not taken within TTL_MS (the
// page became a replay, the room went offline, another level was chosen), it is stopped.

const TTL_MS = 10_000;

interface EarlyStream {
  flv: string;
  video: HTMLVideoElement;
  engine: Promise<StreamEngine | null>;
  /** The player's handlers once it took the stream; until then what the engine said is kept. */
  events: EngineEvents | null;
  mediaInfo: { width: number; height: number } | null;
  fatal: string | null;
  timer: ReturnType<typeof setTimeout>;
}

let early: EarlyStream | null = null;

function stop(stream: EarlyStream) {
  if (early === stream) early = null;
  clearTimeout(stream.timer);
  void stream.engine.then((e) => e?.destroy());
}

/** Starts the stream a room's player would start, from the room's getRoomInfo answer. */
export async function startEarlyStream(answer: Response) {
  performance.mark('room:early-stream-module');
  const body = (await answer.json().catch(() => null)) as { code?: number; data?: RoomInfo } | null;
  const live = body?.code === 200 ? body.data?.live : undefined;
  if (!live || live.is_live !== 1 || early) return;
  const level = initialLevel(live.levels);
  const video = document.createElement('video');
  if (!level?.flv || pickEngine({ flv: level.flv, hls: level.hls }, video) !== 'flv') return;
  // Muted: a page nobody has touched yet may only play muted. The player asks for sound when it
  // takes the video, as it does for its own.
  video.muted = true;
  video.playsInline = true;
  video.addEventListener('playing', () => performance.mark('room:early-playing'), { once: true });
  const stream: EarlyStream = { flv: level.flv, video, engine: Promise.resolve(null), events: null, mediaInfo: null, fatal: null, timer: setTimeout(() => stop(stream), TTL_MS) };
  stream.engine = startEngine(
    video,
    { flv: level.flv, hls: level.hls },
    {
      onFatal: (reason) => (stream.events ? stream.events.onFatal(reason) : stop(stream)),
      onMediaInfo: (info) => {
        stream.mediaInfo = info;
        stream.events?.onMediaInfo?.(info);
      },
    },
  ).then((engine) => {
    performance.mark('room:early-engine');
    void video.play().catch(() => undefined);
    return engine;
  });
  early = stream;
}

/** The early video for this play URL, if there is one (the player puts it in the page). */
export function earlyVideo(flv: string | null): HTMLVideoElement | null {
  return early && early.flv === flv ? early.video : null;
}

/**
 * Takes the early stream playing in `video`, once: from now on the engine reports to `events`
 * (what it reported before is passed on). Null when there is none for that video.
 */
export function takeEarlyStream(video: HTMLVideoElement, events: EngineEvents): Promise<StreamEngine | null> | null {
  const stream = early;
  if (!stream || stream.video !== video) return null;
  early = null;
  clearTimeout(stream.timer);
  stream.events = events;
  if (stream.mediaInfo) events.onMediaInfo?.(stream.mediaInfo);
  return stream.engine;
}
