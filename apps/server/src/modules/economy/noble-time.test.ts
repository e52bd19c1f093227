import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NOBLE_TIERS, type NobleTier, nobleInfo } from '@livesports/contracts/economy';
import { addNobleTime } from './noble-time.ts';

const DAY = 86_400_000;
const now = new Date('2026-03-01T00:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);
/** What the time left on a membership is worth, in tenths (price per 30 days). */
const worth = (m: { tier: NobleTier; expiresAt: Date }) => (Math.max(0, m.expiresAt.getTime() - now.getTime()) / (30 * DAY)) * nobleInfo(m.tier).price;

describe('addNobleTime', () => {
  it('starts, renews from the expiry, and ignores an expired membership', () => {
    expect(addNobleTime(null, 'knight', 30, now)).toEqual({ tier: 'knight', expiresAt: at(30) });
    expect(addNobleTime({ tier: 'knight', expiresAt: at(10) }, 'knight', 30, now)).toEqual({ tier: 'knight', expiresAt: at(40) });
    expect(addNobleTime({ tier: 'emperor', expiresAt: at(-1) }, 'knight', 30, now)).toEqual({ tier: 'knight', expiresAt: at(30) });
  });

  it('an upgrade carries the old time over at the price ratio; a lower grant lengthens the higher rank', () => {
    const up = addNobleTime({ tier: 'knight', expiresAt: at(30) }, 'viscount', 30, now);
    expect(up.tier).toBe('viscount');
    expect(up.expiresAt.getTime()).toBe(at(30).getTime() + Math.floor((30 * DAY * 660) / 2880));
    const down = addNobleTime({ tier: 'duke', expiresAt: at(5) }, 'knight', 30, now);
    expect(down.tier).toBe('duke');
    expect(down.expiresAt.getTime()).toBe(at(5).getTime() + Math.floor((30 * DAY * 660) / 28_880));
  });

  it('never loses value: what is held afterwards is worth what was held plus what was added', () => {
    const tier = fc.constantFrom(...NOBLE_TIERS);
    fc.assert(
      fc.property(fc.option(fc.record({ tier, days: fc.integer({ min: -30, max: 400 }) }), { nil: null }), tier, fc.integer({ min: 1, max: 360 }), (cur, t, days) => {
        const current = cur ? { tier: cur.tier, expiresAt: at(cur.days) } : null;
        const next = addNobleTime(current, t, days, now);
        const before = (current ? worth(current) : 0) + (days / 30) * nobleInfo(t).price;
        // Rounding down to the millisecond loses less than a thousandth of a tenth.
        expect(Math.abs(worth(next) - before)).toBeLessThan(0.001);
        expect(nobleInfo(next.tier).rank).toBeGreaterThanOrEqual(current && current.expiresAt > now ? Math.max(nobleInfo(current.tier).rank, 0) : nobleInfo(t).rank);
      }),
    );
  });
});
