import crypto from 'node:crypto';
import { type FeedEvent, type FeedOdds, SPORTS, type Sport } from '@livesports/contracts/matches';
import type { Clock } from '../../../platform/clock.ts';
import type { FeedMatchFull, FeedSink } from '../ingest.ts';
import type { MatchesRepo } from '../repo.ts';
import { type BasketballFixture, basketballQueues, basketballScript, type BasketballScript, basketballStateAt } from './basketball.ts';
import { type FootballFixture, footballQueues, type FootballScript, footballScript, footballStateAt, teamKey, teamNames } from './football.ts';
import { basketballMarket, footballMarket, type Market, REPLAY_COMPANIES } from './odds.ts';
import { rngFor } from './random.ts';

/**
 * A source of match data. Two exist: this replay (embedded default) and the HTTP ingest a
 * provider pushes to (routes.ts). Both write through the same FeedSink.
 */
export interface MatchFeed {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

type Fixture = FootballFixture | BasketballFixture;
type Script = FootballScript | BasketballScript;

interface SportPlan {
  sport: Sport;
  /** Match seconds between two kick-offs (divided by the speed in real time). */
  gap: number;
  /** Match seconds a game lasts at most, breaks included. */
  length: number;
  /** How many upcoming matches the schedule keeps ahead. */
  ahead: number;
  queues: Map<string, Fixture[]>;
}

export interface ReplayOptions {
  sink: FeedSink;
  repo: MatchesRepo;
  clock: Clock;
  /** Match seconds per real second: 1 = real time; 0 = no replay. */
  speed: number;
  /** Real milliseconds between ticks; 0 = no timer (tests call tick()). */
  tickMs?: number;
  /** Share of each queue played already when the replay first starts (tables need a past). */
  historyShare?: number;
  log?: { info(msg: string): void; error(obj: unknown, msg?: string): void };
  sports?: Sport[];
  /** Called after every tick this process drove (demo extras hang here). */
  afterTick?: () => Promise<void>;
}

const HOUR = 3600;
const LEASE_MS = 30_000;

/** Interleave the competitions so each advances through its season at the same relative pace. */
function interleave(queues: Map<string, Fixture[]>): Array<{ comp: string; index: number }> {
  const keys = [...queues.keys()];
  const pos = keys.map(() => 0);
  const out: Array<{ comp: string; index: number }> = [];
  const total = keys.reduce((n, k) => n + queues.get(k)!.length, 0);
  while (out.length < total) {
    let best = -1;
    let bestShare = Infinity;
    keys.forEach((k, i) => {
      const len = queues.get(k)!.length;
      if (pos[i] >= len) return;
      const share = (pos[i] + 0.5) / len;
      if (share < bestShare) [best, bestShare] = [i, share];
    });
    out.push({ comp: keys[best], index: pos[best]++ });
  }
  return out;
}

export function createReplayFeed(opts: ReplayOptions) {
  const { sink, repo, clock } = opts;
  const speed = opts.speed;
  const owner = crypto.randomUUID();
  const plans: SportPlan[] = (opts.sports ?? SPORTS).map((sport) =>
    sport === 'football'
      ? { sport, gap: 600, length: 2.2 * HOUR, ahead: 250, queues: footballQueues() as Map<string, Fixture[]> }
      : { sport, gap: 1200, length: 2.6 * HOUR, ahead: 150, queues: basketballQueues() as Map<string, Fixture[]> },
  );
  const orders = new Map(plans.map((p) => [p.sport, interleave(p.queues)]));
  const scripts = new Map<string, Script>();
  const sent = new Map<string, { state: string; odds: string }>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const realMs = (matchSeconds: number) => (matchSeconds * 1000) / speed;

  function fixtureAt(plan: SportPlan, cursor: number) {
    const order = orders.get(plan.sport)!;
    const slot = order[cursor % order.length];
    const cycle = Math.floor(cursor / order.length);
    const fixture = plan.queues.get(slot.comp)![slot.index];
    return { fixture, cycle, key: `${plan.sport}:${slot.comp}:${slot.index}:${cycle}` };
  }

  function parseKey(plan: SportPlan, key: string) {
    const [, comp, index, cycle] = key.split(':');
    const fixture = plan.queues.get(comp)?.[Number(index)];
    return fixture ? { fixture, cycle: Number(cycle) } : null;
  }

  function scriptOf(plan: SportPlan, key: string, fixture: Fixture): Script {
    let s = scripts.get(key);
    if (!s) {
      s = plan.sport === 'football' ? footballScript(fixture as FootballFixture, key) : basketballScript(fixture as BasketballFixture, key);
      scripts.set(key, s);
    }
    return s;
  }

  /** The match as any feed would describe it: competition, season, teams, kick-off. */
  function identity(plan: SportPlan, key: string, fixture: Fixture, cycle: number, kickoff: Date): FeedMatchFull {
    const suffix = cycle > 0 ? ` (${cycle + 1})` : '';
    if (plan.sport === 'football') {
      const f = fixture as FootballFixture;
      return {
        key,
        sport: 'football',
        competition: { key: `of:${f.comp.key}`, name: f.comp.names, short: f.comp.short, color: f.comp.color, country: f.comp.country, priority: f.comp.priority },
        season: f.season + suffix,
        home: { key: teamKey(f.home), name: teamNames(f.home) },
        away: { key: teamKey(f.away), name: teamNames(f.away) },
        kickoff: kickoff.toISOString(),
        round: f.round,
        group: f.group,
        venue: f.venue,
      };
    }
    const b = fixture as BasketballFixture;
    const team = (t: BasketballFixture['home']) => ({ key: `${b.comp.key}:${t.key}`, name: { en: t.en, zh: t.zh, es: t.es ?? t.en }, region: t.region });
    return {
      key,
      sport: 'basketball',
      competition: { key: `demo:${b.comp.key}`, name: b.comp.names, short: b.comp.short, color: b.comp.color, country: b.comp.country, priority: b.comp.priority },
      season: `Demo${suffix}`,
      home: team(b.home),
      away: team(b.away),
      kickoff: kickoff.toISOString(),
      round: `Round ${b.round}`,
    };
  }

  function market(plan: SportPlan, script: Script, score: [number, number], remaining: number, company: (typeof REPLAY_COMPANIES)[number], drift = 0): Market {
    if (plan.sport === 'football') {
      const s = script as FootballScript;
      return footballMarket(s.lam[0] * (1 + drift), s.lam[1] * (1 - drift), score[0], score[1], remaining, company.margin, company.step);
    }
    const s = script as BasketballScript;
    return basketballMarket(s.expected[0] * (1 + drift / 10), s.expected[1] * (1 - drift / 10), score[0], score[1], remaining, company.margin);
  }

  /** Opening and pre-match odds (slightly different: the market moves before kick-off). */
  function preMatchOdds(plan: SportPlan, key: string, script: Script): FeedOdds[] {
    return REPLAY_COMPANIES.flatMap((c) => {
      const rng = rngFor(`${key}:odds:${c.id}`);
      const opening = market(plan, script, [0, 0], 1, c, (rng() - 0.5) * 0.16);
      const closing = market(plan, script, [0, 0], 1, c, (rng() - 0.5) * 0.08);
      return (['asia', 'eu', 'bs'] as const).map((kind) => ({ company_id: c.id, company_name: c.name, kind, initial: opening[kind], immediate: closing[kind] }));
    });
  }

  function liveOdds(plan: SportPlan, script: Script, score: [number, number], remaining: number): FeedOdds[] {
    return REPLAY_COMPANIES.flatMap((c) => {
      const m = market(plan, script, score, remaining, c);
      return (['asia', 'eu', 'bs'] as const).map((kind) => ({ company_id: c.id, kind, scram: m[kind] }));
    });
  }

  /** The full state of a replay match at match second t, with odds only when they moved. */
  function stateAt(plan: SportPlan, key: string, fixture: Fixture, cycle: number, kickoff: Date, t: number, withPreMatch: boolean): FeedMatchFull {
    const script = scriptOf(plan, key, fixture);
    const base = identity(plan, key, fixture, cycle, kickoff);
    let out: FeedMatchFull;
    let remaining: number;
    let events: FeedEvent[] = [];
    if (plan.sport === 'football') {
      const s = footballStateAt(script as FootballScript, t);
      events = s.events;
      remaining = s.status === 1 ? 1 : Math.max(0, 90 - Math.floor(s.played / 5) * 5) / 90;
      out = {
        ...base,
        status: s.status,
        match_str: s.matchStr,
        period_started_at: s.periodStart === null ? null : new Date(kickoff.getTime() + realMs(s.periodStart)).toISOString(),
        score: s.score,
        half: s.half,
        corners: s.corners,
        yellow: s.yellow,
        red: s.red,
        penalties: s.penalties,
        stats: s.stats,
        simulated: (script as FootballScript).simulated,
      };
    } else {
      const s = basketballStateAt(script as BasketballScript, t);
      remaining = s.status === 1 ? 1 : 1 - Math.floor(s.played * 16) / 16;
      out = {
        ...base,
        status: s.status,
        match_str: s.matchStr,
        period_started_at: s.periodStart === null ? null : new Date(kickoff.getTime() + realMs(s.periodStart)).toISOString(),
        score: s.score,
        quarters: s.quarters,
        stats: s.stats,
        simulated: ['scores', 'stats', 'odds'],
      };
    }
    out.events = events;
    out.replay_at = Math.max(0, Math.floor(t));
    const odds: FeedOdds[] = withPreMatch ? preMatchOdds(plan, key, script) : [];
    // In-play prices move with the score and every few minutes; after the whistle they stay.
    if (out.status! >= 2 && out.status! <= 7) odds.push(...liveOdds(plan, script, out.score!, remaining));
    out.odds = odds;
    return out;
  }

  function signature(m: FeedMatchFull) {
    const { odds, replay_at, ...rest } = m;
    return { state: JSON.stringify(rest), odds: JSON.stringify(odds?.filter((o) => o.scram !== undefined)) };
  }

  async function firstStart(plan: SportPlan, now: number) {
    const order = orders.get(plan.sport)!;
    const gap = realMs(plan.gap);
    const aligned = Math.floor(now / gap) * gap;
    const liveStart = aligned - Math.ceil(realMs(plan.length) / gap) * gap;
    const history = Math.floor(order.length * (opts.historyShare ?? 0.35));
    // Everything before the cursor has been played: results with their goals, tables with a past.
    const batch: FeedMatchFull[] = [];
    for (let i = 0; i < history; i++) {
      const { fixture, cycle, key } = fixtureAt(plan, i);
      const kickoff = new Date(liveStart - (history - i) * gap);
      const script = scriptOf(plan, key, fixture);
      const end = plan.sport === 'football' ? (script as FootballScript).periods.end : (script as BasketballScript).end;
      batch.push(stateAt(plan, key, fixture, cycle, kickoff, end, true));
      scripts.delete(key);
    }
    for (let i = 0; i < batch.length; i += 100) await sink.upsertMatches(batch.slice(i, i + 100), 'replay');
    await repo.saveReplayCursor(plan.sport, history, 0, new Date(liveStart));
  }

  /** Keep the schedule filled ahead; after a long stop, resume from now rather than from the past. */
  async function schedule(plan: SportPlan, now: number) {
    const st = await repo.replayState(plan.sport);
    if (!st) return;
    const gap = realMs(plan.gap);
    let next = st.nextKickoff.getTime();
    let cursor = st.cursor;
    const stale = now - realMs(plan.length) - gap;
    if (next < stale) next = Math.floor(now / gap) * gap - Math.floor(realMs(plan.length) / gap) * gap;
    const until = now + Math.min(48 * HOUR * 1000, plan.ahead * gap);
    const batch: FeedMatchFull[] = [];
    while (next <= until) {
      const { fixture, cycle, key } = fixtureAt(plan, cursor);
      batch.push(stateAt(plan, key, fixture, cycle, new Date(next), -1, true));
      scripts.delete(key);
      cursor++;
      next += gap;
    }
    for (let i = 0; i < batch.length; i += 100) await sink.upsertMatches(batch.slice(i, i + 100), 'replay');
    if (batch.length || next !== st.nextKickoff.getTime()) await repo.saveReplayCursor(plan.sport, cursor, Math.floor(cursor / orders.get(plan.sport)!.length), new Date(next));
  }

  /** Move every match that has kicked off to where its script stands now. */
  async function advance(plan: SportPlan, now: number) {
    const open = await repo.openReplayMatches(plan.sport, new Date(now));
    const changed: FeedMatchFull[] = [];
    for (const m of open) {
      const parsed = parseKey(plan, m.extKey);
      if (!parsed) continue;
      const t = ((now - m.kickoffAt.getTime()) / 1000) * speed;
      const state = stateAt(plan, m.extKey, parsed.fixture, parsed.cycle, m.kickoffAt, t, false);
      const sig = signature(state);
      const last = sent.get(m.extKey);
      if (last && last.state === sig.state && last.odds === sig.odds) continue;
      if (last && last.odds === sig.odds) state.odds = [];
      changed.push(state);
      sent.set(m.extKey, sig);
      if (state.status === 8) {
        sent.delete(m.extKey);
        scripts.delete(m.extKey);
      }
    }
    for (let i = 0; i < changed.length; i += 100) await sink.upsertMatches(changed.slice(i, i + 100), 'replay');
  }

  async function tickOnce() {
    const now = clock.now().getTime();
    for (const plan of plans) {
      if (!(await repo.replayState(plan.sport))) {
        await repo.initReplayState(plan.sport, new Date(now), 0);
        // Only the process that wins the lease back-fills history.
        if (!(await repo.leaseReplay(plan.sport, owner, new Date(now), new Date(now + LEASE_MS)))) continue;
        if ((await repo.countReplay(plan.sport)) === 0) {
          await firstStart(plan, now);
          const st = await repo.replayState(plan.sport);
          opts.log?.info(`replay: ${plan.sport} history loaded (${st?.cursor ?? 0} matches)`);
        }
      }
      if (!(await repo.leaseReplay(plan.sport, owner, new Date(now), new Date(now + LEASE_MS)))) continue;
      await schedule(plan, now);
      await advance(plan, now);
    }
    await opts.afterTick?.();
  }

  const feed = {
    name: 'replay',
    /** One step: schedule ahead and advance live matches. Ticks never overlap. */
    async tick() {
      if (running) return running;
      running = tickOnce().finally(() => {
        running = null;
      });
      return running;
    },
    async start() {
      if (speed <= 0) return;
      await feed.tick();
      if (opts.tickMs !== 0) {
        timer = setInterval(() => {
          feed.tick().catch((err) => opts.log?.error({ err }, 'replay tick failed'));
        }, opts.tickMs ?? 1000);
        timer.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
  return feed satisfies MatchFeed;
}
