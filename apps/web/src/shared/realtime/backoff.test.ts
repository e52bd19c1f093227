import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  const o = { baseMs: 1000, capMs: 30_000, jitter: 0.5 };

  it('doubles with every attempt and never passes the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50, 5000].map((a) => backoffDelay(a, o, () => 0))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('takes a random share off the wait, within the jitter bounds', () => {
    for (const attempt of [0, 3, 10]) {
      const full = Math.min(30_000, 1000 * 2 ** attempt);
      expect(backoffDelay(attempt, o, () => 0)).toBe(full);
      expect(backoffDelay(attempt, o, () => 0.999_999)).toBe(Math.round(full * 0.5));
      for (let i = 0; i < 200; i++) {
        const d = backoffDelay(attempt, o);
        expect(d).toBeGreaterThanOrEqual(full * 0.5);
        expect(d).toBeLessThanOrEqual(full);
      }
    }
  });

  it('spreads the waits of many clients (jitter is really random)', () => {
    const waits = new Set(Array.from({ length: 50 }, () => backoffDelay(4, o)));
    expect(waits.size).toBeGreaterThan(10);
  });
});
