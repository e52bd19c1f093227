import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import * as api from '@livesports/contracts/matches';
import { matches, matchReplayState } from '../src/db/schema/matches.ts';
import { basketballQueues, basketballScript, basketballStateAt } from '../src/modules/matches/replay/basketball.ts';
import { createReplayFeed } from '../src/modules/matches/replay/feed.ts';
import { footballQueues, footballScript, footballStateAt } from '../src/modules/matches/replay/football.ts';
import { createMatchesRepo } from '../src/modules/matches/repo.ts';
import type { PushMessage } from '../src/modules/matches/push.ts';
import { call, testApp } from './helpers.ts';

// The embedded feed: real matches from the bundled open data played in match time, scheduled
// around "now" so some are live, some upcoming and some finished, on a clock the test moves.

const worldCup = () => footballQueues().get('worldcup')!;

describe('football scripts from the open data', () => {
  it('the 2022 final: real goal minutes, extra time and penalties', () => {
    const final = worldCup().find((f) => f.season === '2022' && f.round === 'Final')!;
    expect([final.home, final.away]).toEqual(['Argentina', 'France']);
    const s = footballScript(final, 'test:final');
    expect(s.simulated).not.toContain('minutes');
    const at = (t: number) => footballStateAt(s, t);
    expect(at(-1)).toMatchObject({ status: 1, matchStr: '', score: [0, 0] });
    expect(at(0)).toMatchObject({ status: 2, matchStr: "1'" });
    const ht = at(s.periods.h1End);
    expect(ht).toMatchObject({ status: 3, matchStr: 'HT', score: [2, 0], half: [2, 0] });
    expect(ht.events.filter((e) => api.GOAL_KINDS.includes(e.kind)).map((e) => [e.player, e.minute, e.kind])).toEqual([
      ['Lionel Messi', 23, 'penalty'],
      ['Ángel Di María', 36, 'goal'],
    ]);
    expect(at(s.periods.h2End - 1)).toMatchObject({ status: 4, score: [2, 2] });
    expect(at(s.periods.h2End)).toMatchObject({ status: 6, matchStr: 'ET' });
    expect(at(s.periods.et1Start!)).toMatchObject({ status: 5, matchStr: "91'" });
    expect(at(s.periods.penStart!)).toMatchObject({ status: 7, matchStr: 'PEN', score: [3, 3], penalties: null });
    expect(at(s.periods.end)).toMatchObject({ status: 8, matchStr: 'FT', score: [3, 3], penalties: [4, 2] });
  });

  it('stoppage time is shown as 45+n and 90+n and fits the real minutes', () => {
    const m = worldCup().find((f) => f.season === '2022' && f.home === 'Senegal' && f.away === 'Netherlands')!;
    const s = footballScript(m, 'test:sen-ned');
    const late = s.goals.find((g) => g.minute === 90 && g.extra === 9)!;
    expect(late.player).toBe('Davy Klaassen');
    expect(footballStateAt(s, late.at)).toMatchObject({ status: 4, matchStr: "90+9'", score: [0, 2] });
    expect(s.periods.h2End - s.periods.h2Start).toBeGreaterThanOrEqual((45 + 10) * 60);
  });

  it('a league match without minutes keeps its real half-time and full-time scores', () => {
    for (const f of footballQueues().get('en.1')!.slice(0, 40)) {
      const s = footballScript(f, `test:${f.index}`);
      expect(s.simulated).toContain('minutes');
      expect(footballStateAt(s, s.periods.h1End)).toMatchObject({ status: 3, score: f.ht });
      expect(footballStateAt(s, s.periods.end).score).toEqual(f.ft);
      // Same key, same script: a restart replays the same match.
      expect(footballScript(f, `test:${f.index}`)).toEqual(s);
    }
  });

  it('statistics grow with the match and never contradict the score', () => {
    const f = footballQueues()
      .get('es.1')!
      .find((x) => x.ft[0] + x.ft[1] >= 4)!;
    const s = footballScript(f, 'test:stats');
    const mid = footballStateAt(s, s.periods.h2Start + 20 * 60);
    const end = footballStateAt(s, s.periods.end);
    const stat = (st: typeof mid, k: string) => st.stats.find((x) => x.key === k)!;
    expect(stat(mid, 'shots').home).toBeLessThanOrEqual(stat(end, 'shots').home);
    expect(stat(end, 'shots_on').home).toBeGreaterThanOrEqual(end.score[0] - s.goals.filter((g) => g.kind === 'own_goal' && g.side === 'home').length);
    expect(stat(end, 'possession').home + stat(end, 'possession').away).toBe(100);
  });
});

describe('basketball demo games', () => {
  it('double round robin: every pair meets twice, once at each home', () => {
    for (const [, q] of basketballQueues()) {
      const teams = new Set(q.map((f) => f.home.key));
      const pairs = new Map<string, number>();
      for (const f of q) pairs.set(`${f.home.key}>${f.away.key}`, (pairs.get(`${f.home.key}>${f.away.key}`) ?? 0) + 1);
      expect(q.length).toBe(teams.size * (teams.size - 1));
      expect([...pairs.values()].every((n) => n === 1)).toBe(true);
    }
  });

  it('quarters add up, no game ends level, half-time in the middle', () => {
    for (const f of basketballQueues().get('nba')!.slice(0, 60)) {
      const s = basketballScript(f, `test:b${f.index}`);
      const end = basketballStateAt(s, s.end);
      expect(end.status).toBe(8);
      expect(end.score[0]).toBe(s.quarters.home.reduce((a, b) => a + b, 0));
      expect(end.score[0]).not.toBe(end.score[1]);
      expect(basketballStateAt(s, s.periods[1].end + 1)).toMatchObject({ status: 4, matchStr: 'HT' });
      const q3 = basketballStateAt(s, s.periods[2].start + 60);
      expect(q3.status).toBe(5);
      expect(q3.matchStr).toMatch(/^Q3 \d\d:\d\d$/);
      expect(q3.quarters.home.slice(0, 2)).toEqual(s.quarters.home.slice(0, 2));
    }
  });
});

describe('the replay feed on a moving clock', () => {
  let app: FastifyInstance;
  const start = Date.UTC(2031, 5, 1, 12, 0, 0);
  let now = start;
  const clock = { now: () => new Date(now) };
  const speed = 60; // one match minute per real second
  const pushes: PushMessage[] = [];

  beforeAll(async () => {
    app = await testApp();
    await app.matches.push.subscribe((m) => void pushes.push(m));
  });

  const replay = () => createReplayFeed({ sink: app.matches.ingest, repo: createMatchesRepo(app.database.db), clock, speed, tickMs: 0, historyShare: 0.03, sports: ['football'] });
  const replayRows = () =>
    app.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.source, 'replay'), eq(matches.sport, 'football')));

  it('first start: results behind, matches in play, kick-offs ahead', async () => {
    const feed = replay();
    await feed.tick();
    const rows = await replayRows();
    const live = rows.filter((r) => api.isLive(r.status));
    const finished = rows.filter((r) => r.status === 8);
    const upcoming = rows.filter((r) => r.status === 1);
    expect(live.length).toBeGreaterThanOrEqual(3);
    expect(finished.length).toBeGreaterThan(40);
    expect(upcoming.length).toBeGreaterThan(100);
    expect(upcoming.every((r) => r.kickoffAt.getTime() > now)).toBe(true);
    // Kick-offs follow one another every 10 match minutes (10 real seconds at this speed).
    const kickoffs = [...new Set(rows.map((r) => r.kickoffAt.getTime()))].sort((a, b) => a - b);
    expect(kickoffs[1] - kickoffs[0]).toBe(10_000);
    // Real teams with their names in three languages.
    const table = await call(app, api.seasonTable, { competition_id: live[0].competitionId });
    expect(table.code).toBe(200);
    expect(table.data.groups[0].rows.length).toBeGreaterThan(1);
    await feed.stop();
  });

  it('time moves: live matches advance, goals alert, finished ones settle, new ones kick off', async () => {
    const feed = replay();
    await feed.tick();
    const before = await replayRows();
    const liveBefore = before.filter((r) => api.isLive(r.status)).map((r) => r.id);
    pushes.length = 0;
    for (let i = 0; i < 8; i++) {
      now += 15_000; // 15 match minutes per step
      await feed.tick();
    }
    const after = new Map((await replayRows()).map((r) => [r.id, r]));
    expect(liveBefore.some((id) => after.get(id)!.status === 8)).toBe(true);
    expect([...after.values()].filter((r) => api.isLive(r.status)).length).toBeGreaterThanOrEqual(3);
    const goals = pushes.filter((p) => p.t === 'alert' && p.frame.type === 'goal');
    expect(goals.length).toBeGreaterThan(0);
    expect(pushes.some((p) => p.t === 'odds' && p.rows.some((r) => r.eu.scram !== null))).toBe(true);
    // Every goal alert matches the score the match row then had.
    for (const g of goals) if (g.t === 'alert') expect(after.get(g.frame.match_id)!.homeScore + after.get(g.frame.match_id)!.awayScore).toBeGreaterThanOrEqual(g.frame.home_score + g.frame.away_score);
    await feed.stop();
  });

  it('a second process waits for the lease; a restart carries on without duplicates', async () => {
    const first = replay();
    await first.tick();
    const count = (await replayRows()).length;
    const [state] = await app.database.db.select().from(matchReplayState).where(eq(matchReplayState.sport, 'football'));
    // Another process (new owner) within the lease: it must not schedule or advance anything.
    const second = replay();
    now += 5_000;
    await second.tick();
    const [unchanged] = await app.database.db.select().from(matchReplayState).where(eq(matchReplayState.sport, 'football'));
    expect(unchanged.owner).toBe(state.owner);
    expect((await replayRows()).length).toBe(count);
    // The first one stops (a restart); after the lease runs out the second takes over.
    await first.stop();
    now += 31_000;
    await second.tick();
    const [taken] = await app.database.db.select().from(matchReplayState).where(eq(matchReplayState.sport, 'football'));
    expect(taken.owner).not.toBe(state.owner);
    const rows = await replayRows();
    expect(new Set(rows.map((r) => r.extKey)).size).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(count);
    await second.stop();
  });
});
