import { DANMAKU_DEFAULTS, DANMAKU_LIMITS, type DanmakuSettings } from '@livesports/contracts/chat-constants';
import { readJSON, writeJSON } from '@/shared/lib/storage';

// Danmaku settings (spec §9 danmakuSystem {show, area, size, opacity}) plus the playback speed,
// kept in localStorage so they survive reloads. area: 1..4 = a quarter, half, three quarters, all
// of the picture; size: 1..3 = S/M/L; opacity: 10..100 %; avoidTop: the top strip stays clear.
export const DANMAKU_KEY = 'danmakuSystem';
export const SPEED_KEY = 'danmakuSpeed';
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
export const FONT_PX: Record<number, number> = { 1: 16, 2: 20, 3: 26 };

const clamp = (v: unknown, lo: number, hi: number, dflt: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.min(hi, Math.max(lo, Math.round(v))) : dflt);

/** Reads saved settings; anything missing or corrupt falls back to the defaults (true, 3, 2, 100, avoid top on). */
export function loadDanmaku(): DanmakuSettings {
  const raw = readJSON<Partial<DanmakuSettings> | null>(DANMAKU_KEY, null) ?? {};
  return {
    show: typeof raw.show === 'boolean' ? raw.show : DANMAKU_DEFAULTS.show,
    area: clamp(raw.area, ...DANMAKU_LIMITS.area, DANMAKU_DEFAULTS.area),
    size: clamp(raw.size, ...DANMAKU_LIMITS.size, DANMAKU_DEFAULTS.size),
    opacity: clamp(raw.opacity, ...DANMAKU_LIMITS.opacity, DANMAKU_DEFAULTS.opacity),
    avoidTop: typeof raw.avoidTop === 'boolean' ? raw.avoidTop : DANMAKU_DEFAULTS.avoidTop,
  };
}

export function saveDanmaku(s: DanmakuSettings) {
  writeJSON(DANMAKU_KEY, s);
}

export function loadSpeed(): number {
  const v = readJSON<number>(SPEED_KEY, 1);
  return (SPEEDS as readonly number[]).includes(v) ? v : 1;
}

export function saveSpeed(v: number) {
  writeJSON(SPEED_KEY, v);
}
