// Plain values of replays and clips (no zod), for the web pages that show them; replays.ts
// re-exports them with its schemas and calls.

/** Replay state: being recorded, ready to watch, recording failed (nothing playable). */
export const ReplayStatus = { RECORDING: 0, READY: 1, FAILED: 2 } as const;
/** Clip state: being cut, ready, cutting failed. */
export const ClipStatus = { MAKING: 0, READY: 1, FAILED: 2 } as const;

export const CLIP_MIN_SECONDS = 1;
export const CLIP_MAX_SECONDS = 600;
export const CLIP_TITLE_MAX = 40;
/** The timeline is fetched in windows of this many seconds of video. */
export const TIMELINE_WINDOW_SECONDS = 300;

/** Why a room is not being recorded: off by the anchor, no ffmpeg, or streams go to an outside ingest. */
export const RECORDING_UNAVAILABLE = ['ffmpeg_off', 'no_ingest'] as const;
