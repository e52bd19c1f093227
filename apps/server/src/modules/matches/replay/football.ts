import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FeedEvent, FeedMatch } from '@livesports/contracts/matches';
import { type CompetitionMeta, FOOTBALL_COMPETITIONS, FOOTBALL_TEAMS, WORLD_CUP_HOSTS } from '../data/teams.ts';
import { between, clamp, normal, poisson, type Rng, rngFor } from './random.ts';

// Real matches from openfootball (CC0) turned into scripts the replay plays in match time:
// real teams, real scores at half-time and full-time, real goal minutes and scorers where the
// data has them (World Cups); elsewhere minutes are drawn so the real half-time and full-time
// scores still hold. Cards, corners and statistics are always generated, and say so.

const DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../data/openfootball');

interface RawGoal {
  name: string;
  minute: number;
  offset?: number;
  penalty?: boolean;
  owngoal?: boolean;
}
interface RawMatch {
  round: string;
  date: string;
  time?: string;
  team1: string;
  team2: string;
  group?: string;
  ground?: string;
  score: { ft?: [number, number]; ht?: [number, number]; et?: [number, number]; p?: [number, number] };
  goals1?: RawGoal[];
  goals2?: RawGoal[];
}

export interface FootballFixture {
  comp: CompetitionMeta;
  season: string;
  /** Position in the competition's queue (both World Cups form one queue). */
  index: number;
  round: string;
  group: string;
  venue: string;
  home: string;
  away: string;
  ft: [number, number];
  ht: [number, number] | null;
  et: [number, number] | null;
  pens: [number, number] | null;
  goals: Array<{ side: 'home' | 'away'; minute: number; extra: number; player: string; kind: 'goal' | 'penalty' | 'own_goal' }> | null;
  neutral: boolean;
  /** Attacking strength of each side (goal difference per match over its real season). */
  rating: [number, number];
}

export const canonical = (name: string) => name.replace(/\s+\([A-Z]{3}\)$/, '');
export const teamKey = (name: string) =>
  `of:${canonical(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}`;

export function teamNames(name: string) {
  const n = FOOTBALL_TEAMS[canonical(name)];
  return n ? { en: n[0], zh: n[1], es: n[2] ?? n[0] } : { en: canonical(name) };
}

/** Group-stage and league-phase matches count for tables; knockout rounds do not. */
function groupOf(comp: CompetitionMeta, m: RawMatch): string {
  if (m.group) return m.group;
  if (comp.key === 'uefa.cl' && /^League,/.test(m.round)) return 'League phase';
  return '';
}

function load(comp: CompetitionMeta): FootballFixture[] {
  const out: FootballFixture[] = [];
  for (const file of comp.files) {
    const raw = JSON.parse(fs.readFileSync(path.join(DATA_DIR, file), 'utf8')) as { matches: RawMatch[] };
    const season = comp.season(file);
    // Real matches only: a fixture without a full-time score was never played.
    const played = raw.matches.filter((m) => m.score?.ft).sort((a, b) => `${a.date} ${a.time ?? ''}`.localeCompare(`${b.date} ${b.time ?? ''}`));
    const gd = new Map<string, { n: number; d: number }>();
    for (const m of played) {
      const [h, a] = m.score.ft!;
      for (const [t, d] of [
        [m.team1, h - a],
        [m.team2, a - h],
      ] as const) {
        const cur = gd.get(t) ?? { n: 0, d: 0 };
        gd.set(t, { n: cur.n + 1, d: cur.d + d });
      }
    }
    const rating = (t: string) => {
      const r = gd.get(t);
      return r ? r.d / r.n : 0;
    };
    const host = WORLD_CUP_HOSTS[season];
    for (const m of played) {
      const hasMinutes = Array.isArray(m.goals1) && Array.isArray(m.goals2);
      const goals = hasMinutes
        ? [...m.goals1!.map((g) => ({ g, side: 'home' as const })), ...m.goals2!.map((g) => ({ g, side: 'away' as const }))].map(({ g, side }) => ({
            side,
            minute: g.minute,
            extra: g.offset ?? 0,
            player: g.name,
            kind: g.owngoal ? ('own_goal' as const) : g.penalty ? ('penalty' as const) : ('goal' as const),
          }))
        : null;
      out.push({
        comp,
        season,
        index: out.length,
        round: m.round,
        group: groupOf(comp, m),
        venue: m.ground ?? '',
        home: canonical(m.team1),
        away: canonical(m.team2),
        ft: m.score.ft!,
        ht: m.score.ht ?? (m.score.ft![0] + m.score.ft![1] === 0 ? [0, 0] : null),
        et: m.score.et ?? null,
        pens: m.score.p ?? null,
        goals,
        neutral: comp.key === 'worldcup' ? m.team1 !== host : false,
        rating: [rating(m.team1), rating(m.team2)],
      });
    }
  }
  return out;
}

let cache: Map<string, FootballFixture[]> | null = null;
/** Every competition's queue of real matches, read once. */
export function footballQueues(): Map<string, FootballFixture[]> {
  cache ??= new Map(FOOTBALL_COMPETITIONS.map((c) => [c.key, load(c)]));
  return cache;
}

// ---------------------------------------------------------------------------------------------
// The script of one match, in match seconds from kick-off.

export interface Periods {
  h1End: number;
  h2Start: number;
  h2End: number;
  et1Start?: number;
  et1End?: number;
  et2Start?: number;
  et2End?: number;
  penStart?: number;
  end: number;
}

interface Timed {
  at: number;
  side: 'home' | 'away';
  minute: number;
  extra: number;
}
export interface FootballScript {
  key: string;
  periods: Periods;
  goals: Array<Timed & { player: string; kind: 'goal' | 'penalty' | 'own_goal' }>;
  cards: Array<Timed & { kind: 'yellow' | 'red' }>;
  corners: Array<{ at: number; side: 'home' | 'away' }>;
  /** Final values of the generated statistics, home and away. */
  stats: Record<'possession' | 'shots' | 'shots_on' | 'attacks' | 'dangerous_attacks' | 'fouls' | 'offsides', [number, number]>;
  /** Expected goals over 90 minutes, for the odds. */
  lam: [number, number];
  simulated: string[];
  ft: [number, number];
  et: [number, number] | null;
  pens: [number, number] | null;
}

function spreadMinutes(rng: Rng, n: number, lo: number, hi: number, stoppageChance: number, stoppageMax: number) {
  return Array.from({ length: n }, () => (rng() < stoppageChance ? { minute: hi, extra: between(rng, 1, stoppageMax) } : { minute: between(rng, lo, hi), extra: 0 }));
}

export function footballScript(f: FootballFixture, key: string): FootballScript {
  const rng = rngFor(key);
  const simulated = ['cards', 'corners', 'stats', 'odds'];
  let goals: Array<{ side: 'home' | 'away'; minute: number; extra: number; player: string; kind: 'goal' | 'penalty' | 'own_goal' }>;
  if (f.goals) {
    goals = f.goals;
  } else {
    simulated.unshift('minutes');
    // Where the data has no half-time score, split the goals by chance (the full-time score stays real).
    const ht = f.ht ?? ([0, 1].map((i) => Array.from({ length: f.ft[i] }, () => rng() < 0.45).filter(Boolean).length) as [number, number]);
    if (!f.ht) simulated.unshift('half-time');
    const after = f.et ?? f.ft;
    goals = [];
    for (const [i, side] of [
      [0, 'home'],
      [1, 'away'],
    ] as const) {
      for (const m of spreadMinutes(rng, ht[i], 1, 45, 0.06, 3)) goals.push({ side, ...m, player: '', kind: 'goal' });
      for (const m of spreadMinutes(rng, f.ft[i] - ht[i], 46, 90, 0.08, 5)) goals.push({ side, ...m, player: '', kind: 'goal' });
      for (const m of spreadMinutes(rng, after[i] - f.ft[i], 91, 120, 0, 0)) goals.push({ side, ...m, player: '', kind: 'goal' });
    }
  }
  const maxExtra = (lo: number, hi: number) => Math.max(0, ...goals.filter((g) => g.minute >= lo && g.minute <= hi && g.extra > 0).map((g) => g.extra));
  const s1 = Math.max(between(rng, 1, 4), maxExtra(45, 45) + 1);
  const s2 = Math.max(between(rng, 2, 6), maxExtra(90, 90) + 1);
  const p: Periods = { h1End: (45 + s1) * 60, h2Start: 0, h2End: 0, end: 0 };
  p.h2Start = p.h1End + 15 * 60;
  p.h2End = p.h2Start + (45 + s2) * 60;
  p.end = p.h2End;
  if (f.et) {
    p.et1Start = p.h2End + 5 * 60;
    p.et1End = p.et1Start + (15 + Math.max(1, maxExtra(105, 105) + 1)) * 60;
    p.et2Start = p.et1End + 2 * 60;
    p.et2End = p.et2Start + (15 + Math.max(2, maxExtra(120, 120) + 1)) * 60;
    p.end = p.et2End;
    if (f.pens) {
      p.penStart = p.et2End + 3 * 60;
      p.end = p.penStart + 10 * 60;
    }
  }

  const timeOf = (minute: number, extra: number) => {
    const r = 5 + Math.floor(rng() * 50);
    if (minute <= 45) return Math.min(p.h1End - 1, ((extra ? 45 + extra : minute) - 1) * 60 + r);
    if (minute <= 90) return Math.min(p.h2End - 1, p.h2Start + ((extra ? 90 + extra : minute) - 46) * 60 + r);
    if (minute <= 105 && p.et1Start !== undefined) return Math.min(p.et1End! - 1, p.et1Start + ((extra ? 105 + extra : minute) - 91) * 60 + r);
    if (p.et2Start !== undefined) return Math.min(p.et2End! - 1, p.et2Start + ((extra ? 120 + extra : minute) - 106) * 60 + r);
    return p.h2End - 1;
  };
  const minuteTime = (lo: number, hi: number) => {
    const minute = between(rng, lo, hi);
    return { minute, extra: 0, at: timeOf(minute, 0) };
  };

  const diff = clamp(f.rating[0] - f.rating[1], -3, 3);
  const homeAdv = f.neutral ? 0 : 0.2;
  const lam: [number, number] = [clamp(1.3 + 0.38 * diff + homeAdv, 0.25, 4), clamp(1.1 - 0.38 * diff, 0.2, 4)];
  const cards: FootballScript['cards'] = [];
  const corners: FootballScript['corners'] = [];
  for (const side of ['home', 'away'] as const) {
    for (let i = poisson(rng, 1.9); i > 0; i--) cards.push({ side, kind: 'yellow', ...minuteTime(8, 90) });
    if (rng() < 0.06) cards.push({ side, kind: 'red', ...minuteTime(30, 89) });
    const lean = side === 'home' ? diff : -diff;
    for (let i = poisson(rng, clamp(4.8 + 0.9 * lean, 1.5, 9)); i > 0; i--) corners.push({ side, at: minuteTime(1, 90).at });
  }
  const goalsFor = (side: 'home' | 'away') => goals.filter((g) => g.side === side && g.kind !== 'own_goal').length;
  const poss = clamp(Math.round(50 + 6 * diff + normal(rng, 0, 4)), 28, 72);
  const shots = (side: 'home' | 'away', lean: number) => Math.max(goalsFor(side) + 1, poisson(rng, clamp(11.5 + 3 * lean, 3, 25)));
  const [sh, sa] = [shots('home', diff), shots('away', -diff)];
  const onTarget = (n: number, side: 'home' | 'away') => clamp(Math.max(goalsFor(side), Math.round(n * 0.36 + normal(rng, 0, 1.2))), 0, n);
  const stats: FootballScript['stats'] = {
    possession: [poss, 100 - poss],
    shots: [sh, sa],
    shots_on: [onTarget(sh, 'home'), onTarget(sa, 'away')],
    attacks: [poisson(rng, 95 + 12 * diff), poisson(rng, 95 - 12 * diff)],
    dangerous_attacks: [poisson(rng, 48 + 10 * diff), poisson(rng, 48 - 10 * diff)],
    fouls: [poisson(rng, 11.5), poisson(rng, 11.5)],
    offsides: [poisson(rng, 2), poisson(rng, 2)],
  };
  const timed = goals.map((g) => ({ ...g, at: timeOf(g.minute, g.extra) })).sort((a, b) => a.at - b.at);
  return {
    key,
    periods: p,
    goals: timed,
    cards: cards.sort((a, b) => a.at - b.at),
    corners: corners.sort((a, b) => a.at - b.at),
    stats,
    lam,
    simulated,
    ft: f.ft,
    et: f.et,
    pens: f.pens,
  };
}

// ---------------------------------------------------------------------------------------------
// The state of a script at a moment.

export interface FootballState {
  status: number;
  matchStr: string;
  /** Match seconds at which the current period began (null before kick-off and after the end). */
  periodStart: number | null;
  score: [number, number];
  half: [number, number];
  corners: [number, number];
  yellow: [number, number];
  red: [number, number];
  penalties: [number, number] | null;
  /** Minutes played, for the statistics and the in-play odds. */
  played: number;
  events: FeedEvent[];
  stats: NonNullable<FeedMatch['stats']>;
}

function running(t: number, start: number, first: number, regular: number) {
  const k = first + Math.floor((t - start) / 60);
  return k <= regular ? `${k}'` : `${regular}+${k - regular}'`;
}

export function footballStateAt(s: FootballScript, t: number): FootballState {
  const p = s.periods;
  let status = 1;
  let matchStr = '';
  let periodStart: number | null = null;
  let played = 0;
  if (t >= p.end) [status, matchStr, played] = [8, 'FT', 90];
  else if (t >= 0 && t < p.h1End) [status, matchStr, periodStart, played] = [2, running(t, 0, 1, 45), 0, Math.min(45, t / 60)];
  else if (t >= p.h1End && t < p.h2Start) [status, matchStr, periodStart, played] = [3, 'HT', p.h1End, 45];
  else if (t >= p.h2Start && t < p.h2End) [status, matchStr, periodStart, played] = [4, running(t, p.h2Start, 46, 90), p.h2Start, Math.min(90, 45 + (t - p.h2Start) / 60)];
  else if (p.et1Start !== undefined && t >= p.h2End && t < p.et1Start) [status, matchStr, periodStart, played] = [6, 'ET', p.h2End, 90];
  else if (p.et1Start !== undefined && t >= p.et1Start && t < p.et1End!) [status, matchStr, periodStart, played] = [5, running(t, p.et1Start, 91, 105), p.et1Start, 90];
  else if (p.et2Start !== undefined && t >= p.et1End! && t < p.et2Start) [status, matchStr, periodStart, played] = [6, 'ET', p.et1End!, 90];
  else if (p.et2Start !== undefined && t >= p.et2Start && t < p.et2End!) [status, matchStr, periodStart, played] = [5, running(t, p.et2Start, 106, 120), p.et2Start, 90];
  else if (p.penStart !== undefined && t >= p.et2End! && t < p.penStart) [status, matchStr, periodStart, played] = [6, 'ET', p.et2End!, 90];
  else if (p.penStart !== undefined && t >= p.penStart) [status, matchStr, periodStart, played] = [7, 'PEN', p.penStart, 90];

  const events: FeedEvent[] = [];
  const score: [number, number] = [0, 0];
  const half: [number, number] = [0, 0];
  s.goals.forEach((g, i) => {
    if (g.at > t) return;
    const idx = g.side === 'home' ? 0 : 1;
    score[idx]++;
    if (g.minute <= 45) half[idx]++;
    events.push({ key: `g${i}`, kind: g.kind, side: g.side, minute: g.minute, extra: g.extra, player: g.player, score: [score[0], score[1]] });
  });
  const yellow: [number, number] = [0, 0];
  const red: [number, number] = [0, 0];
  s.cards.forEach((c, i) => {
    if (c.at > t) return;
    (c.kind === 'yellow' ? yellow : red)[c.side === 'home' ? 0 : 1]++;
    events.push({ key: `c${i}`, kind: c.kind, side: c.side, minute: c.minute, extra: c.extra });
  });
  const corners: [number, number] = [0, 0];
  for (const c of s.corners) if (c.at <= t) corners[c.side === 'home' ? 0 : 1]++;
  // The real final score rules once the match is over (including extra time).
  if (status === 8) {
    const final = s.et ?? s.ft;
    [score[0], score[1]] = final;
  }
  // Whole minutes only, so statistics change once a minute rather than on every tick.
  const minute = Math.floor(played);
  const stat = (key: keyof FootballScript['stats']) => {
    const [h, a] = s.stats[key];
    if (key === 'possession') {
      if (status === 1) return { key, home: 50, away: 50 };
      const wobble = status === 8 ? 0 : Math.round(4 * Math.sin(minute / 6));
      return { key, home: clamp(h + wobble, 20, 80), away: 100 - clamp(h + wobble, 20, 80) };
    }
    const f = status === 8 ? 1 : Math.min(1, minute / 90);
    return { key, home: Math.round(h * f), away: Math.round(a * f) };
  };
  const stats = [
    stat('possession'),
    stat('shots'),
    stat('shots_on'),
    stat('attacks'),
    stat('dangerous_attacks'),
    { key: 'corners', home: corners[0], away: corners[1] },
    { key: 'yellow', home: yellow[0], away: yellow[1] },
    { key: 'red', home: red[0], away: red[1] },
    stat('fouls'),
    stat('offsides'),
  ];
  // Shots on target never fall below the goals already scored.
  stats[2] = { key: 'shots_on', home: Math.max(stats[2].home, score[0]), away: Math.max(stats[2].away, score[1]) };
  stats[1] = { key: 'shots', home: Math.max(stats[1].home, stats[2].home), away: Math.max(stats[1].away, stats[2].away) };
  return {
    status,
    matchStr,
    periodStart,
    score,
    half,
    corners,
    yellow,
    red,
    penalties: status === 8 && s.pens ? s.pens : null,
    played,
    events,
    stats,
  };
}
