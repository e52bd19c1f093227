import { LIVE_LEVELS, type LiveLevel, VISITOR_MAX_LEVEL } from '@livesports/contracts/live';
import { hmac, safeEqual } from '../platform/crypto.ts';

// Play URLs are signed: `?e=<expiry>&s=<signature over room, level and expiry>`. The server only
// signs levels the caller may watch, so a visitor cannot turn an SD URL into an HD one, and a
// CDN in front can check the same signature without asking us.

export const PLAY_TOKEN_TTL_SECONDS = 6 * 3600;

/** The levels a caller may watch: visitors get SD and below (spec §6), users everything. */
export function allowedLevels(loggedIn: boolean): Set<LiveLevel> {
  if (loggedIn) return new Set(LIVE_LEVELS);
  return new Set(LIVE_LEVELS.slice(LIVE_LEVELS.indexOf(VISITOR_MAX_LEVEL)));
}

export function signPlay(secret: string, roomId: number, level: LiveLevel, expiresAt: number): string {
  const s = hmac(secret, `play:${roomId}:${level}:${expiresAt}`).slice(0, 22);
  return `e=${expiresAt}&s=${s}`;
}

export function verifyPlay(secret: string, roomId: number, level: LiveLevel, e: unknown, s: unknown, nowSeconds: number): boolean {
  if (typeof e !== 'string' || typeof s !== 'string' || !/^\d{1,12}$/.test(e)) return false;
  const expiresAt = Number(e);
  if (expiresAt < nowSeconds) return false;
  return safeEqual(hmac(secret, `play:${roomId}:${level}:${expiresAt}`).slice(0, 22), s);
}

/** "12_sd" → { roomId: 12, level: 'sd' }. */
export function parseStreamName(name: string): { roomId: number; level: LiveLevel } | null {
  const m = /^(\d{1,10})_(original|hd|sd|smooth)$/.exec(name);
  if (!m) return null;
  return { roomId: Number(m[1]), level: m[2] as LiveLevel };
}
