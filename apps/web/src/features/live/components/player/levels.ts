import type { LiveLevel, PlayLevel } from '@livesports/contracts/live';
import { readString } from '@/shared/lib/storage';

/** The viewer's last chosen level (the quality menu writes it). */
export const LEVEL_KEY = 'live.level';
/** Preferred level when none was chosen: HD for users, SD for visitors (whatever is unlocked first). */
const PREFERENCE: LiveLevel[] = ['hd', 'sd', 'original', 'smooth'];

/** The level a room's player starts with: the viewer's choice if open to them, else the first preferred one. */
export function initialLevel(levels: PlayLevel[]): PlayLevel | null {
  const open = levels.filter((l) => !l.locked);
  const stored = readString(LEVEL_KEY);
  return open.find((l) => l.level === stored) ?? PREFERENCE.map((p) => open.find((l) => l.level === p)).find(Boolean) ?? null;
}

/**
 * The level to play when the chosen one is not offered: the server sheds a rung when the machine
 * cannot encode it, and room info stops listing it. The viewer moves to the nearest open level by
 * picture height (ties to the smaller), as the server does for a player still on the old URL;
 * without a known height, the usual preference.
 */
export function nearestLevel(levels: PlayLevel[], height: number | undefined): PlayLevel | null {
  const open = levels.filter((l) => !l.locked && l.height > 0);
  if (!height || !open.length) return initialLevel(levels);
  return [...open].sort((a, b) => Math.abs(a.height - height) - Math.abs(b.height - height) || a.height - b.height)[0];
}
