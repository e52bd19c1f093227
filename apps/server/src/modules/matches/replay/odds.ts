import { handicapOutcome } from '../grading.ts';

// Odds the replay publishes: fair prices from a simple scoring model, less each bookmaker's
// margin. Football: independent Poisson goals for the time left; basketball: normal margin and
// total. Good enough to look and move like a real market; never advertised as one.

export type Triple = [number, number, number];
export interface Market {
  eu: Triple;
  asia: Triple;
  bs: Triple;
}

const price = (p: number, margin: number) => Math.round(Math.min(51, Math.max(1.01, (1 - margin) / Math.max(p, 0.0001))) * 100) / 100;

function poissonPmf(lambda: number, max: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

/** Pick the line that balances the two sides best (what a bookmaker quotes). */
function balancedLine(lines: number[], outcome: (line: number) => { win: number; lose: number }) {
  let best = { line: lines[0], p: 0.5, gap: Infinity };
  for (const line of lines) {
    const { win, lose } = outcome(line);
    if (win + lose < 1e-6) continue;
    const p = win / (win + lose);
    const gap = Math.abs(p - 0.5);
    if (gap < best.gap) best = { line, p, gap };
  }
  return best;
}

/**
 * lamHome / lamAway: expected goals over a full match; remaining: share of the match still to play;
 * step 0.25 quotes quarter lines, 0.5 half lines only.
 */
export function footballMarket(lamHome: number, lamAway: number, home: number, away: number, remaining: number, margin: number, step: 0.25 | 0.5): Market {
  const ph = poissonPmf(lamHome * remaining, 12);
  const pa = poissonPmf(lamAway * remaining, 12);
  const grid: Array<{ diff: number; total: number; p: number }> = [];
  for (let x = 0; x <= 12; x++) for (let y = 0; y <= 12; y++) grid.push({ diff: home + x - (away + y), total: home + away + x + y, p: ph[x] * pa[y] });
  const sum = (f: (g: (typeof grid)[number]) => boolean) => grid.reduce((s, g) => (f(g) ? s + g.p : s), 0);
  const pH = sum((g) => g.diff > 0);
  const pD = sum((g) => g.diff === 0);
  const pA = Math.max(0, 1 - pH - pD);

  const expect = (value: (g: (typeof grid)[number]) => number) => {
    let win = 0;
    let lose = 0;
    for (const g of grid) {
      const o = value(g);
      if (o > 0) win += g.p * o;
      else if (o < 0) lose += g.p * -o;
    }
    return { win, lose };
  };
  const range = (lo: number, hi: number) => Array.from({ length: Math.round((hi - lo) / step) + 1 }, (_, i) => lo + i * step);
  // The home handicap: the line that, added to the home side's goals, makes the bet even. In
  // play it applies to the goals still to come (the running-ball convention), so it stays in range.
  const asia = balancedLine(range(-3.5, 3.5), (line) => expect((g) => handicapOutcome(g.diff - (home - away), line)));
  const scored = home + away;
  const bs = balancedLine(range(scored + 0.5, scored + 6.5), (line) => expect((g) => handicapOutcome(g.total, -line)));
  return {
    eu: [price(pH, margin), price(pD, margin), price(pA, margin)],
    asia: [price(asia.p, margin), asia.line, price(1 - asia.p, margin)],
    bs: [price(bs.p, margin), bs.line, price(1 - bs.p, margin)],
  };
}

function phi(x: number): number {
  // Abramowitz–Stegun erf approximation.
  const t = 1 / (1 + 0.3275911 * Math.abs(x / Math.SQRT2));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/**
 * Basketball: expected points left for each side (the current score added), margin and total
 * roughly normal. No draw market (0 where eu's draw would be).
 */
export function basketballMarket(expHome: number, expAway: number, home: number, away: number, remaining: number, margin: number): Market {
  const mu = home - away + (expHome - expAway) * remaining;
  const total = home + away + (expHome + expAway) * remaining;
  const sdM = Math.max(1.5, 13 * Math.sqrt(remaining));
  const sdT = Math.max(2, 18 * Math.sqrt(remaining));
  const pH = phi(mu / sdM);
  const line = -Math.round(mu) - 0.5 * Math.sign(mu || 1);
  const pCover = phi((mu + line) / sdM);
  const totalLine = Math.round(total) + 0.5;
  const pOver = 1 - phi((totalLine - total) / sdT);
  return {
    eu: [price(pH, margin), 0, price(1 - pH, margin)],
    asia: [price(pCover, margin), line, price(1 - pCover, margin)],
    bs: [price(pOver, margin), totalLine, price(1 - pOver, margin)],
  };
}

/** The three demo bookmakers: their names say what they are. */
export const REPLAY_COMPANIES = [
  { id: 1, name: 'Demo Book A', margin: 0.05, step: 0.25 as const },
  { id: 2, name: 'Demo Book B', margin: 0.065, step: 0.5 as const },
  { id: 3, name: 'Demo Book C', margin: 0.08, step: 0.25 as const },
];
