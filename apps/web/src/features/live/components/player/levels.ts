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
