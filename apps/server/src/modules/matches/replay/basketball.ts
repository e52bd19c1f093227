import { BASKETBALL_COMPETITIONS, type BasketballTeam } from '../data/teams.ts';
import { between, clamp, normal, type Rng, rngFor } from './random.ts';

// Basketball demo games: real team names, generated scores (no open data set with a clear
// licence is bundled). Fixtures are a double round robin; each game's quarters and baskets come
// from a seeded generator, so a restart replays the same game.

export type BasketballCompetition = (typeof BASKETBALL_COMPETITIONS)[number];

export interface BasketballFixture {
  comp: BasketballCompetition;
  index: number;
  round: number;
  home: BasketballTeam;
  away: BasketballTeam;
}

/** Circle method: every team meets every other once per half-season, home and away swapped in the second. */
function roundRobin(comp: BasketballCompetition): BasketballFixture[] {
  const teams = [...comp.teams];
  const n = teams.length;
  const out: BasketballFixture[] = [];
  const rounds = n - 1;
  for (let leg = 0; leg < 2; leg++) {
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < n / 2; i++) {
        const a = i === 0 ? 0 : ((r + i - 1) % (n - 1)) + 1;
        const b = ((r + n - 1 - i - 1) % (n - 1)) + 1;
        let [home, away] = [teams[a], teams[b]];
        if ((r + i) % 2 === 1) [home, away] = [away, home];
        if (leg === 1) [home, away] = [away, home];
        out.push({ comp, index: out.length, round: leg * rounds + r + 1, home, away });
      }
    }
  }
  return out;
}

let cache: Map<string, BasketballFixture[]> | null = null;
export function basketballQueues(): Map<string, BasketballFixture[]> {
  cache ??= new Map(BASKETBALL_COMPETITIONS.map((c) => [c.key, roundRobin(c)]));
  return cache;
}

export interface Period {
  status: number;
  /** 1–4 quarters, 5+ overtimes. */
  number: number;
  start: number;
  end: number;
  gameSeconds: number;
}

export interface BasketballScript {
  key: string;
  periods: Period[];
  /** Points per period, home and away (quarters, then overtimes). */
  quarters: { home: number[]; away: number[] };
  baskets: Array<{ at: number; side: 'home' | 'away'; points: number; period: number }>;
  end: number;
  expected: [number, number];
  stats: Record<'fg_pct' | 'three_pm' | 'rebounds' | 'assists' | 'steals' | 'blocks' | 'turnovers' | 'fouls', [number, number]>;
}

/** Match seconds a game minute takes in the replay (stoppages make a 48-minute game last about 2 h 20). */
const REAL_PER_GAME_SECOND = 2.5;
const QUARTER_BREAK = 150;
const HALF_TIME = 900;

function basketsFor(rng: Rng, points: number, start: number, end: number, side: 'home' | 'away', period: number) {
  const out: BasketballScript['baskets'] = [];
  let left = points;
  while (left > 0) {
    const r = rng();
    const p = Math.min(left, r < 0.3 ? 3 : r < 0.88 ? 2 : 1);
    out.push({ at: start + 1 + Math.floor(rng() * (end - start - 2)), side, points: p, period });
    left -= p;
  }
  return out;
}

export function basketballScript(f: BasketballFixture, key: string): BasketballScript {
  const rng = rngFor(key);
  const { comp } = f;
  const edge = (f.home.rating - f.away.rating) / 40 + 0.35;
  const exp: [number, number] = [comp.base + edge, comp.base - edge];
  const quarters = { home: [] as number[], away: [] as number[] };
  for (let q = 0; q < 4; q++) {
    quarters.home.push(clamp(Math.round(normal(rng, exp[0], comp.spread)), 8, 45));
    quarters.away.push(clamp(Math.round(normal(rng, exp[1], comp.spread)), 8, 45));
  }
  const sum = (a: number[]) => a.reduce((s, v) => s + v, 0);
  // Level after regulation: overtime (five minutes) until someone wins.
  while (sum(quarters.home) === sum(quarters.away)) {
    quarters.home.push(between(rng, 5, 16));
    quarters.away.push(between(rng, 5, 16));
  }
  const periods: Period[] = [];
  let t = 0;
  for (let i = 0; i < quarters.home.length; i++) {
    const number = i + 1;
    const gameSeconds = number <= 4 ? comp.quarterMinutes * 60 : 300;
    if (i > 0) t += i === 2 ? HALF_TIME : QUARTER_BREAK;
    const status = number <= 2 ? number + 1 : number <= 4 ? number + 2 : 7;
    periods.push({ status, number, start: t, end: t + gameSeconds * REAL_PER_GAME_SECOND, gameSeconds });
    t += gameSeconds * REAL_PER_GAME_SECOND;
  }
  const baskets = periods
    .flatMap((p, i) => [...basketsFor(rng, quarters.home[i], p.start, p.end, 'home', i), ...basketsFor(rng, quarters.away[i], p.start, p.end, 'away', i)])
    .sort((a, b) => a.at - b.at);
  const threes = (side: 'home' | 'away') => baskets.filter((b) => b.side === side && b.points === 3).length;
  const pair = (fn: () => number): [number, number] => [fn(), fn()];
  return {
    key,
    periods,
    quarters,
    baskets,
    end: t,
    expected: [exp[0] * 4, exp[1] * 4],
    stats: {
      fg_pct: pair(() => between(rng, 40, 54)),
      three_pm: [threes('home'), threes('away')],
      rebounds: pair(() => between(rng, 36, 52)),
      assists: pair(() => between(rng, 18, 31)),
      steals: pair(() => between(rng, 4, 11)),
      blocks: pair(() => between(rng, 2, 8)),
      turnovers: pair(() => between(rng, 9, 17)),
      fouls: pair(() => between(rng, 15, 24)),
    },
  };
}

export interface BasketballState {
  status: number;
  matchStr: string;
  periodStart: number | null;
  score: [number, number];
  quarters: { home: number[]; away: number[] };
  /** Share of the game played (0–1), for statistics and in-play odds. */
  played: number;
  stats: Array<{ key: string; home: number; away: number }>;
}

const label = (n: number) => (n <= 4 ? `Q${n}` : `OT${n - 4}`);
const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

export function basketballStateAt(s: BasketballScript, t: number): BasketballState {
  const home: number[] = [];
  const away: number[] = [];
  let status = 1;
  let matchStr = '';
  let periodStart: number | null = null;
  let played = 0;
  const total = s.periods.reduce((n, p) => n + p.gameSeconds, 0);
  let gameDone = 0;
  if (t >= s.end) [status, matchStr, played] = [8, 'FT', 1];
  else if (t >= 0) {
    for (const p of s.periods) {
      if (t < p.start) {
        // A break: half-time has its own status, other breaks show the quarter that just ended.
        if (p.number === 3) [status, matchStr] = [4, 'HT'];
        break;
      }
      home.push(0);
      away.push(0);
      status = p.status;
      periodStart = p.start;
      // The game clock runs down in steps of 10 s, so a quiet quarter is not rewritten every tick.
      const elapsed = Math.min(p.gameSeconds, Math.floor((t - p.start) / REAL_PER_GAME_SECOND));
      const left = Math.max(0, p.gameSeconds - Math.floor(elapsed / 10) * 10);
      matchStr = `${label(p.number)} ${clock(left)}`;
      gameDone += elapsed;
    }
    played = gameDone / total;
  }
  let h = 0;
  let a = 0;
  for (const b of s.baskets) {
    if (b.at > t) break;
    if (b.side === 'home') {
      h += b.points;
      home[b.period] = (home[b.period] ?? 0) + b.points;
    } else {
      a += b.points;
      away[b.period] = (away[b.period] ?? 0) + b.points;
    }
  }
  const quarters = status === 8 ? s.quarters : { home, away };
  if (status === 8) [h, a] = [quarters.home.reduce((x, y) => x + y, 0), quarters.away.reduce((x, y) => x + y, 0)];
  const share = status === 8 ? 1 : Math.floor(played * 48) / 48;
  const stats = (Object.keys(s.stats) as Array<keyof BasketballScript['stats']>).map((key) => {
    const [sh, sa] = s.stats[key];
    if (key === 'fg_pct') return { key, home: status === 1 ? 0 : sh, away: status === 1 ? 0 : sa };
    if (key === 'three_pm') {
      const n = (side: 'home' | 'away') => s.baskets.filter((b) => b.side === side && b.points === 3 && b.at <= t).length;
      return { key, home: status === 8 ? sh : n('home'), away: status === 8 ? sa : n('away') };
    }
    return { key, home: Math.round(sh * share), away: Math.round(sa * share) };
  });
  return { status, matchStr, periodStart, score: [h, a], quarters, played, stats };
}
