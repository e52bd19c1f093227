import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, throwawayRedis } from '../../test/fast.ts';
import { type FloodGate, createMemoryGate, createRedisGate } from './flood-gate.ts';

// The gaps between one user's messages, in memory and in Redis (a throw-away redis-server when one
// is installed): a gap refuses until it ends and says how long is left; several gaps are checked
// and started together; a refusal starts nothing; racing takes let exactly one through.

let nowMs = 1_700_000_000_000;
const clock = { now: () => new Date(nowMs) };

function behaves(name: string, make: () => FloodGate, advance: (ms: number) => Promise<void>) {
  describe(name, () => {
    let gate: FloodGate;
    let n = 0;
    const k = (s: string) => `${name}:${s}:${n}`;
    beforeAll(() => {
      gate = make();
    });
    afterAll(() => gate.close());

    it('refuses within the gap with the time left, admits after it', async () => {
      n++;
      expect(await gate.take([{ key: k('a'), ms: 1000 }])).toEqual({ waitMs: 0, blocked: -1 });
      const refused = await gate.take([{ key: k('a'), ms: 1000 }]);
      expect(refused.blocked).toBe(0);
      expect(refused.waitMs).toBeGreaterThan(500);
      expect(refused.waitMs).toBeLessThanOrEqual(1000);
      await advance(1100);
      expect((await gate.take([{ key: k('a'), ms: 1000 }])).blocked).toBe(-1);
    });

    it('names the gap that blocks; a refusal starts none of the others', async () => {
      n++;
      await gate.take([{ key: k('slow'), ms: 5000 }]);
      const r = await gate.take([
        { key: k('gap'), ms: 1000 },
        { key: k('slow'), ms: 5000 },
      ]);
      expect(r.blocked).toBe(1);
      expect(Math.ceil(r.waitMs / 1000)).toBe(5);
      // The refused take did not start the 1 s gap.
      expect((await gate.take([{ key: k('gap'), ms: 1000 }])).blocked).toBe(-1);
    });

    it('of twenty racing takes, exactly one gets through', async () => {
      n++;
      const all = await Promise.all(Array.from({ length: 20 }, () => gate.take([{ key: k('race'), ms: 2000 }])));
      expect(all.filter((r) => r.blocked === -1)).toHaveLength(1);
    });
  });
}

behaves(
  'memory',
  () => createMemoryGate(clock),
  async (ms) => {
    nowMs += ms;
  },
);

// Redis runs on real time: the waits are real (about a second in all).
describe.runIf(hasRedisServer)('redis', () => {
  let redis: Awaited<ReturnType<typeof throwawayRedis>>;
  let url = '';
  beforeAll(async () => {
    redis = await throwawayRedis();
    url = redis.url;
  });
  afterAll(() => redis?.stop());
  behaves(
    'redis-gate',
    () => createRedisGate(url, `test:${process.pid}:`),
    (ms) => new Promise((r) => setTimeout(r, ms)),
  );
});
