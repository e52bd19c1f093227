import { describe, expect, it } from 'vitest';
import { CHARGE_RULES, GUARD_PLANS, NOBLES, NOBLE_TIERS, anchorShare, formatCoins, parseCoins, wealthLevel } from './economy.ts';

describe('economy rules', () => {
  it('formats and parses tenths of a coin', () => {
    expect(formatCoins(0)).toBe('0');
    expect(formatCoins(125)).toBe('12.5');
    expect(formatCoins(1_000_000)).toBe('100,000');
    expect(formatCoins(-31)).toBe('-3.1');
    // For a reader: grouping and decimals of their language.
    expect(formatCoins(20_005, 'en')).toBe('2,000.5');
    expect(formatCoins(20_000, 'es')).toBe('2000');
    expect(formatCoins(130_000, 'es')).toBe('13.000');
    expect(formatCoins(125, 'es')).toBe('12,5');
    expect(formatCoins(20_000, 'zh')).toBe('2,000');
    expect(parseCoins('12.5')).toBe(125);
    expect(parseCoins(' 7 ')).toBe(70);
    expect(parseCoins('0.1')).toBe(1);
    for (const bad of ['', '1.25', '-1', 'abc', '1e3', '.5']) expect(parseCoins(bad), bad).toBeNull();
    for (const n of [0, 1, 9, 10, 99_999, 123_456_789]) expect(parseCoins(formatCoins(n).replace(/,/g, ''))).toBe(n);
  });

  it('gives the anchor half, rounded down, the platform the rest', () => {
    expect(anchorShare(1)).toBe(0);
    expect(anchorShare(3)).toBe(1);
    expect(anchorShare(13_140)).toBe(6_570);
    for (let t = 0; t < 200; t++) expect(anchorShare(t) + (t - anchorShare(t))).toBe(t);
  });

  it('counts wealth levels from coins spent (1 coin = 1 point)', () => {
    expect(wealthLevel(0)).toBe(1);
    expect(wealthLevel(999)).toBe(1);
    expect(wealthLevel(1_000)).toBe(2);
    expect(wealthLevel(2_000_000)).toBe(8);
  });

  it('prices are positive whole tenths, ranks in order', () => {
    expect(NOBLES.map((n) => n.tier)).toEqual([...NOBLE_TIERS]);
    for (let i = 1; i < NOBLES.length; i++) expect(NOBLES[i].price).toBeGreaterThan(NOBLES[i - 1].price);
    expect(NOBLES.find((n) => n.tier === 'emperor')?.free_horns).toBe(30);
    for (const x of [...NOBLES.map((n) => n.price), ...GUARD_PLANS.map((g) => g.price), ...CHARGE_RULES.map((r) => r.coins)]) expect(Number.isInteger(x) && x > 0).toBe(true);
  });
});
