import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as api from '@livesports/contracts/matches';
import { call, seedUser, testApp } from './helpers.ts';
import { feed, footballMatch, tag } from './matches-helpers.ts';

// Issue #19 item 13: head-to-head and form on a match page, the team page, and live matches
// pinned at the top of the lists. Every test writes its own teams and competitions.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * Teams A, B, C: A–B met three times (twice in the league, once in a cup), A lost to C, and
 * A–B meet again in an hour; B plays C now; A plays C in two days.
 */
async function world() {
  const t = tag();
  const league = footballMatch(t);
  const A = league.home;
  const B = league.away;
  const C = { key: `${t}-c`, name: { en: `Third ${t}`, zh: `第三${t}`, es: `Tercero ${t}` } };
  const cup = { key: `${t}-cup`, name: { en: `Cup ${t}`, zh: `杯${t}` }, priority: 30 };
  const m = (key: string, over: Partial<api.FeedMatch>) => ({ ...league, key: `${t}-${key}`, ...over });
  const res = await feed(app, api.feedMatches, {
    matches: [
      m('m1', { home: A, away: B, kickoff: at(-10 * DAY), status: 8, score: [2, 1] }),
      m('m2', { home: B, away: A, kickoff: at(-5 * DAY), status: 8, score: [0, 0] }),
      m('m3', { home: A, away: C, kickoff: at(-3 * DAY), status: 8, score: [0, 3] }),
      m('m4', { competition: cup, home: A, away: B, kickoff: at(-2 * DAY), status: 8, score: [1, 2] }),
      m('next', { home: A, away: B, kickoff: at(3_600_000) }),
      m('live', { home: C, away: B, kickoff: at(-1_800_000), status: 2, match_str: "30'", score: [1, 1] }),
      m('later', { home: A, away: C, kickoff: at(2 * DAY) }),
    ],
  });
  expect(res.code, res.msg).toBe(200);
  const [m1, m2, m3, m4, next, live, later] = res.data.ids as number[];
  const detail = (await call(app, api.matchDetail, { id: next })).data.match as api.MatchRow;
  return { t, league, A, B, C, cup, ids: { m1, m2, m3, m4, next, live, later }, teamA: detail.home_team_id, teamB: detail.away_team_id, m };
}

describe('api/hot_match/head_to_head', () => {
  it('counts past meetings across competitions for each side, lists them newest first, with each side’s last five', async () => {
    const w = await world();
    const res = await call(app, api.matchHeadToHead, { id: w.ids.next });
    expect(res.code).toBe(200);
    const h = res.data as api.HeadToHead;
    expect(h).toMatchObject({ match_id: w.ids.next, home_team_id: w.teamA, away_team_id: w.teamB });
    // From A's side (this match's home team): won 2-1, drew 0-0, lost 1-2.
    expect(h.summary).toEqual({ played: 3, home_wins: 1, draws: 1, away_wins: 1, home_goals: 3, away_goals: 3 });
    expect(h.meetings.map((r) => r.id)).toEqual([w.ids.m4, w.ids.m2, w.ids.m1]);
    expect(h.meetings[0]).toMatchObject({ competition_name_en: `Cup ${w.t}`, home_score: 1, away_score: 2 });
    expect(h.home_form.map((f) => `${f.result}${f.match.id}`)).toEqual([`L${w.ids.m4}`, `L${w.ids.m3}`, `D${w.ids.m2}`, `W${w.ids.m1}`]);
    // The match in play has no result yet.
    expect(h.away_form.map((f) => `${f.result}${f.match.id}`)).toEqual([`W${w.ids.m4}`, `D${w.ids.m2}`, `L${w.ids.m1}`]);
    expect(h.away_form[0].match.home_team_name_en).toBe(`Home ${w.t}`);
  });

  it('a meeting that finishes shows at once (the cached answer is dropped)', async () => {
    const w = await world();
    const before = (await call(app, api.matchHeadToHead, { id: w.ids.later })).data as api.HeadToHead;
    // A and C: one meeting (0-3) so far; their match in play now ends 2-0 for A.
    expect(before.summary).toMatchObject({ played: 1, home_wins: 0, away_wins: 1 });
    const hits = app.readCache.stats().hits;
    await call(app, api.matchHeadToHead, { id: w.ids.later });
    expect(app.readCache.stats().hits).toBeGreaterThan(hits);
    const now = w.m('now', { home: w.A, away: w.C, kickoff: at(-6_000_000), status: 4, match_str: "80'", score: [2, 0] });
    const [nowId] = (await feed(app, api.feedMatches, { matches: [now] })).data.ids as number[];
    expect(((await call(app, api.matchHeadToHead, { id: w.ids.later })).data as api.HeadToHead).summary.played).toBe(1);
    await feed(app, api.feedMatches, { matches: [{ ...now, status: 8 }] });
    const after = (await call(app, api.matchHeadToHead, { id: w.ids.later })).data as api.HeadToHead;
    expect(after.summary).toEqual({ played: 2, home_wins: 1, draws: 0, away_wins: 1, home_goals: 2, away_goals: 3 });
    expect(after.meetings[0].id).toBe(nowId);
    expect(after.home_form[0]).toMatchObject({ result: 'W' });
  });

  it('refuses a bad id with its message, and an unknown one with 404', async () => {
    expect(await call(app, api.matchHeadToHead, { id: 'abc' })).toMatchObject({ status: 400, msg: 'Please choose a match' });
    expect((await call(app, api.matchHeadToHead, {}, { lang: 'zh' })).msg).toBe('请选择比赛');
    expect((await call(app, api.matchHeadToHead, { id: -3 }, { lang: 'es' })).msg).toBe('Elija un partido');
    expect(await call(app, api.matchHeadToHead, { id: 99_999_999 })).toMatchObject({ status: 404, code: 1, msg: 'This match does not exist' });
    // Past what the id column holds: a clear answer, never a 500 from the database.
    expect(await call(app, api.matchHeadToHead, { id: 3_000_000_000 })).toMatchObject({ status: 400, msg: 'Please choose a match' });
    expect(await call(app, api.matchDetail, { id: 3_000_000_000 })).toMatchObject({ status: 400, msg: 'Please choose a match' });
    expect(await call(app, api.matchHeadToHead, { id: '1'.repeat(30) })).toMatchObject({ status: 400, msg: 'Please choose a match' });
  });
});

describe('api/hot_match/team', () => {
  it('a team’s fixtures (in play first), results, record, last five and tables across competitions', async () => {
    const w = await world();
    const res = await call(app, api.teamDetail, { id: w.teamB }, { lang: 'zh' });
    expect(res.code).toBe(200);
    const d = res.data as api.TeamDetail;
    expect(d.team).toMatchObject({ id: w.teamB, sport: 'football', name_en: `Away ${w.t}`, name_zh: `客队${w.t}` });
    expect(d.fixtures.map((r) => r.id)).toEqual([w.ids.live, w.ids.next]);
    expect(d.results.map((r) => r.id)).toEqual([w.ids.m4, w.ids.m2, w.ids.m1]);
    expect(d.record).toEqual({ played: 3, won: 1, drawn: 1, lost: 1, goals_for: 3, goals_against: 3 });
    expect(d.form.map((f) => f.result)).toEqual(['W', 'D', 'L']);
    // League first (priority 10), then the cup (30); each table holds the team.
    expect(d.standings.map((s) => s.competition_name_en)).toEqual([`League ${w.t}`, `Cup ${w.t}`]);
    const league = d.standings[0];
    expect(league.season).toBe('2030');
    expect(league.group.rows.map((r) => `${r.team_name_en}:${r.points}`)).toEqual([`Home ${w.t}:4`, `Third ${w.t}:3`, `Away ${w.t}:1`]);
    expect(d.standings[1].group.rows.find((r) => r.team_id === w.teamB)).toMatchObject({ won: 1, points: 3 });
  });

  it('a result that finishes moves the team page at once', async () => {
    const w = await world();
    const read = async () => (await call(app, api.teamDetail, { id: w.teamB })).data as api.TeamDetail;
    expect((await read()).record.played).toBe(3);
    await feed(app, api.feedMatches, { matches: [w.m('live', { home: w.C, away: w.B, kickoff: at(-1_800_000), status: 8, score: [1, 3] })] });
    const after = await read();
    expect(after.record).toMatchObject({ played: 4, won: 2 });
    expect(after.fixtures.map((r) => r.id)).toEqual([w.ids.next]);
    expect(after.results[0]).toMatchObject({ id: w.ids.live, home_score: 1, away_score: 3 });
    expect(after.form[0].result).toBe('W');
  });

  it('is public, and refuses a bad id with its message and an unknown one with 404', async () => {
    const w = await world();
    const u = await seedUser(app);
    expect((await call(app, api.teamDetail, { id: w.teamA }, { token: u.token })).code).toBe(200);
    expect(await call(app, api.teamDetail, { id: 'x' })).toMatchObject({ status: 400, code: 1, msg: 'Please choose a team' });
    expect((await call(app, api.teamDetail, {}, { lang: 'zh' })).msg).toBe('请选择球队');
    expect((await call(app, api.teamDetail, { id: 0 }, { lang: 'es' })).msg).toBe('Elija un equipo');
    expect(await call(app, api.teamDetail, { id: 99_999_999 })).toMatchObject({ status: 404, code: 1, msg: 'This team does not exist' });
    expect((await call(app, api.teamDetail, { id: 99_999_999 }, { lang: 'zh' })).msg).toBe('球队不存在');
    expect(await call(app, api.teamDetail, { id: 3_000_000_000 })).toMatchObject({ status: 400, msg: 'Please choose a team' });
  });
});

describe('live matches are pinned at the top of all_match', () => {
  it('a day’s list and the undated list put matches in play first, then keep their order', async () => {
    const t = tag();
    const base = footballMatch(t);
    const res = await feed(app, api.feedMatches, {
      matches: [
        { ...base, key: `${t}-early`, kickoff: at(-3_000_000), status: 8, score: [1, 0] },
        { ...base, key: `${t}-late`, kickoff: at(-2_400_000) },
        { ...base, key: `${t}-live`, kickoff: at(-1_200_000), status: 2, match_str: "20'" },
        { ...base, key: `${t}-soon`, kickoff: at(600_000) },
      ],
    });
    const [early, late, live, soon] = res.data.ids as number[];
    const competition_id = ((await call(app, api.matchDetail, { id: live })).data.match as api.MatchRow).competition_id;
    // Read the day in a time zone where it is noon now, so every kick-off above falls on that day.
    const now = new Date();
    const tz = 720 - (now.getUTCHours() * 60 + now.getUTCMinutes());
    const date = new Date(now.getTime() + tz * 60_000).toISOString().slice(0, 10);
    const day = (await call(app, api.allMatch, { type: 1, competition_id, date, tz })).data.list as api.MatchRow[];
    expect(day.map((r) => r.id)).toEqual([live, early, late, soon]);
    const undated = (await call(app, api.allMatch, { type: 1, competition_id })).data.list as api.MatchRow[];
    expect(undated[0].id).toBe(live);
    // A list of one status keeps kick-off order.
    expect(((await call(app, api.allMatch, { type: 1, competition_id, status: 'upcoming' })).data.list as api.MatchRow[]).map((r) => r.id)).toEqual([late, soon]);
  });
});
