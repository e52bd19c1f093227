import { Redis } from 'ioredis';
import type { Clock } from './clock.ts';

/**
 * Minimum gaps between one actor's actions (a user's chat messages, in a room or anywhere), counted
 * together by every process: in Redis when REDIS_URL is set, in this process's memory otherwise.
 * `take` checks several gaps at once and, only when none is still running, starts them all, in one
 * atomic step: two messages racing in from two sockets (or two processes) never both pass, and a
 * refused message does not start any gap.
 */
export interface FloodGate {
  /** 0 when admitted (every gap started); else how long (ms) until the gap at `blocked` ends. */
  take(gaps: ReadonlyArray<{ key: string; ms: number }>): Promise<{ waitMs: number; blocked: number }>;
  close(): Promise<void>;
}

const ADMITTED = { waitMs: 0, blocked: -1 };

export function createMemoryGate(clock: Clock): FloodGate {
  const ends = new Map<string, number>();
  return {
    async take(gaps) {
      const now = clock.now().getTime();
      let waitMs = 0;
      let blocked = -1;
      gaps.forEach((g, i) => {
        const left = (ends.get(g.key) ?? 0) - now;
        if (left > waitMs) [waitMs, blocked] = [left, i];
      });
      if (blocked >= 0) return { waitMs, blocked };
      for (const g of gaps) if (g.ms > 0) ends.set(g.key, now + g.ms);
      // Forget ended gaps now and then so the map does not grow without end.
      if (ends.size > 100_000) for (const [k, end] of ends) if (end <= now) ends.delete(k);
      return ADMITTED;
    },
    async close() {},
  };
}

// KEYS: the gaps' keys; ARGV: their lengths in ms. A script runs atomically in Redis.
const TAKE_SCRIPT = `
local wait, blocked = 0, 0
for i, k in ipairs(KEYS) do
  local t = redis.call('PTTL', k)
  if t > wait then wait, blocked = t, i end
end
if blocked > 0 then return {wait, blocked} end
for i, k in ipairs(KEYS) do
  local ms = tonumber(ARGV[i])
  if ms > 0 then redis.call('SET', k, '1', 'PX', ms) end
end
return {0, 0}`;

export function createRedisGate(url: string, prefix = 'flood:'): FloodGate {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  // A refused connection fails the command that needed it (the message is refused); no crash, no noise.
  redis.on('error', () => {});
  redis.defineCommand('floodTake', { lua: TAKE_SCRIPT });
  const run = redis as Redis & { floodTake(n: number, ...args: Array<string | number>): Promise<[number, number]> };
  return {
    async take(gaps) {
      if (!gaps.length) return ADMITTED;
      const [waitMs, blocked] = await run.floodTake(gaps.length, ...gaps.map((g) => prefix + g.key), ...gaps.map((g) => g.ms));
      return blocked > 0 ? { waitMs, blocked: blocked - 1 } : ADMITTED;
    },
    async close() {
      await redis.quit().catch(() => {});
    },
  };
}
