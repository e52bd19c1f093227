import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import * as api from '@livesports/contracts/matches';
import { users } from '../src/db/schema/account.ts';
import { call, seedUser, testApp } from './helpers.ts';
import { feed, footballMatch, ingestMatch, odds, tag } from './matches-helpers.ts';

let app: FastifyInstance;
type U = { token: string; id: number };
let fan: U;
let anchor: U;

beforeAll(async () => {
  app = await testApp();
  [fan, anchor] = await Promise.all([seedUser(app), seedUser(app)]);
  await app.database.db.update(users).set({ isAnchor: 1 }).where(eq(users.id, anchor.id));
});

const detail = async (id: number, token?: string) => (await call(app, api.matchDetail, { id }, { token })).data as api.MatchDetail;

describe('ingest (api/feed/...)', () => {
  it('refuses a missing or wrong token before reading the body', async () => {
    const m = footballMatch(tag());
    expect(await feed(app, api.feedMatches, { matches: [m] }, null)).toMatchObject({ status: 401, code: 1, msg: 'Invalid feed token' });
    expect(await feed(app, api.feedMatches, { matches: [m] }, 'nope', 'zh')).toMatchObject({ status: 401, msg: '数据源令牌无效' });
    expect((await feed(app, api.feedMatches, { nonsense: true }, 'nope')).msg).toBe('Invalid feed token');
    const res = await app.inject({ method: 'POST', url: '/api/feed/matches', headers: { 'x-feed-token': 'wrong' }, payload: { matches: [m] } });
    expect(res.statusCode).toBe(401);
  });

  it('each bad field gets its message, and nothing is written', async () => {
    const t = tag();
    const m = footballMatch(t);
    expect((await feed(app, api.feedMatches, { matches: [] })).msg).toBe('Send between 1 and the allowed number of items');
    expect((await feed(app, api.feedMatches, { matches: [{ ...m, key: '' }] })).msg).toBe('Each item needs a key of 1-100 characters');
    expect((await feed(app, api.feedMatches, { matches: [{ ...m, sport: 'cricket' }] })).msg).toBe('Sport must be football or basketball');
    expect((await feed(app, api.feedMatches, { matches: [{ ...m, kickoff: 'tomorrow' }] })).msg).toBe('Times are ISO 8601 with an offset, like 2025-05-01T19:45:00Z');
    expect((await feed(app, api.feedMatches, { matches: [{ ...m, status: 14 }] })).msg).toBe('Status is a whole number from 1 to 13');
    expect((await feed(app, api.feedMatches, { matches: [{ ...m, score: [1] }] })).msg).toBe('Scores and counts are [home, away] pairs of whole numbers');
    expect((await feed(app, api.feedMatches, { matches: [{ ...m, home: { key: 'x', name: { en: '' } } }] })).msg).toBe('An English name is required');
    expect((await feed(app, api.feedMatches, { matches: [{ ...m, competition: { ...m.competition, color: 'red' } }] })).msg).toBe('Colours are written like #1a2b3c');
    const same = await feed(app, api.feedMatches, { matches: [{ ...m, away: m.home }] });
    expect(same).toMatchObject({ status: 400, msg: 'Home and away must be different teams' });
    const comps = (await call(app, api.initialList, { all: 1 })).data as api.Competition[];
    expect(comps.some((c) => c.name_en === `League ${t}`)).toBe(false);
  });

  it('creates a match with names filled in every language, and updates it by key', async () => {
    const t = tag();
    const id = await ingestMatch(app, footballMatch(t, { round: 'Matchday 1', venue: 'Old Ground' }));
    const d = await detail(id);
    expect(d.match).toMatchObject({
      id,
      sourceid: id,
      type: 1,
      status: 1,
      status_str: 'not_started',
      home_team_name_en: `Home ${t}`,
      home_team_name_es: `Local ${t}`,
      home_team_name_zh: `主队${t}`,
      away_team_name_es: `Away ${t}`,
      // Traditional Chinese is converted from the simplified name when a feed sends none.
      away_team_name_zht: `客隊${t}`,
      competition_name_zh: `联赛${t}`,
      round: 'Matchday 1',
      venue: 'Old Ground',
      is_replay: false,
      home_score: 0,
    });
    // The same key again is the same match; fields not sent keep their values.
    const again = await feed(app, api.feedMatches, { matches: [footballMatch(t, { status: 2, match_str: "12'", score: [1, 0] })] });
    expect(again.data.ids).toEqual([id]);
    const after = (await detail(id)).match;
    expect(after).toMatchObject({ status: 2, status_str: 'first_half', match_str: "12'", home_score: 1, round: 'Matchday 1', venue: 'Old Ground' });
    expect(after.rev).toBeGreaterThan(d.match.rev);
    // Half-time and full-time texts come by themselves when a feed sends only the status.
    await feed(app, api.feedMatches, { matches: [footballMatch(t, { status: 3 })] });
    expect((await detail(id)).match.match_str).toBe('HT');
  });

  it('events: goals move the score (or set it), cards count, a repeated key changes nothing', async () => {
    const t = tag();
    const id = await ingestMatch(app, footballMatch(t, { status: 2, match_str: "10'" }));
    const goal = { key: 'e1', kind: 'goal', side: 'home', minute: 12, player: 'A. Striker' };
    expect((await feed(app, api.feedEvents, { match_id: id, events: [goal] })).data).toEqual({ match_id: id, applied: 1 });
    expect((await feed(app, api.feedEvents, { match_id: id, events: [goal] })).data).toEqual({ match_id: id, applied: 0 });
    await feed(app, api.feedEvents, {
      match_key: `${t}-m1`,
      events: [
        { key: 'e2', kind: 'yellow', side: 'away', minute: 20, player: 'B. Back' },
        { key: 'e3', kind: 'own_goal', side: 'away', minute: 45, extra: 2, player: 'C. Unlucky' },
        { key: 'e4', kind: 'red', side: 'home', minute: 50 },
        { key: 'e5', kind: 'sub', side: 'home', minute: 60, player: 'Out', player2: 'In' },
      ],
    });
    const d = await detail(id);
    expect(d.match).toMatchObject({ home_score: 1, away_score: 1, away_yellow: 1, home_red: 1 });
    expect(d.events.map((e) => [e.kind, e.iszhu, e.match_str, e.home_score, e.away_score])).toEqual([
      ['goal', 1, "12'", 1, 0],
      ['yellow', 0, "20'", 1, 0],
      ['own_goal', 0, "45+2'", 1, 1],
      ['red', 1, "50'", 1, 1],
      ['sub', 1, "60'", 1, 1],
    ]);
    // A provider that knows the score sends it; it wins over counting.
    await feed(app, api.feedEvents, { match_id: id, events: [{ key: 'e6', kind: 'penalty', side: 'home', minute: 70, score: [3, 1] }] });
    expect((await detail(id)).match).toMatchObject({ home_score: 3, away_score: 1 });
  });

  it('events and odds need a known match and valid fields', async () => {
    expect(await feed(app, api.feedEvents, { match_id: 999999, events: [{ key: 'x', kind: 'goal', side: 'home', minute: 1 }] })).toMatchObject({ status: 404, msg: 'No match with this id or key' });
    expect((await feed(app, api.feedEvents, { events: [{ key: 'x', kind: 'goal', side: 'home', minute: 1 }] })).msg).toBe('Please choose a match');
    const id = await ingestMatch(app, footballMatch(tag()));
    expect((await feed(app, api.feedEvents, { match_id: id, events: [{ key: 'x', kind: 'header', side: 'home', minute: 1 }] })).msg).toBe('Unknown event kind');
    expect((await feed(app, api.feedEvents, { match_id: id, events: [{ key: 'x', kind: 'goal', side: 'middle', minute: 1 }] })).msg).toBe('Side must be home or away');
    expect((await feed(app, api.feedEvents, { match_id: id, events: [{ key: 'x', kind: 'goal', side: 'home', minute: 201 }] })).msg).toBe('Minute is a whole number from 0 to 200');
    expect((await feed(app, api.feedOdds, { match_id: id, odds: [{ company_id: 0, kind: 'eu', initial: [1, 2, 3] }] })).msg).toBe('Unknown odds company');
    expect((await feed(app, api.feedOdds, { match_id: id, odds: [{ company_id: 1, kind: 'xx', initial: [1, 2, 3] }] })).msg).toBe('Choose handicap, 1X2 or over/under');
    expect((await detail(id)).events).toEqual([]);
  });

  it('odds: the first price is the opening one, later ones the current, in-play ones apart', async () => {
    const id = await ingestMatch(app, footballMatch(tag()));
    await feed(app, api.feedOdds, { match_id: id, odds: [{ company_id: 77, company_name: 'Test Book', kind: 'eu', immediate: [2, 3, 4] }] });
    await feed(app, api.feedOdds, {
      match_id: id,
      odds: [
        { company_id: 77, kind: 'eu', immediate: [1.9, 3.1, 4.2] },
        { company_id: 77, kind: 'bs', scram: [1.8, 3.5, 2] },
      ],
    });
    const [row] = (await detail(id)).exponents;
    expect(row).toMatchObject({ match_id: id, company_id: 77, eu: { initial: [2, 3, 4], immediate: [1.9, 3.1, 4.2], scram: null }, bs: { scram: [1.8, 3.5, 2] }, asia: { initial: null } });
    const companies = (await call(app, api.companies, {})).data as Array<{ id: number; name: string }>;
    expect(companies).toContainEqual({ id: 77, name: 'Test Book' });
  });
});

describe('match lists', () => {
  it('api/hot_match/all_match: live, upcoming and finished of one competition, by local day', async () => {
    const t = tag();
    const base = footballMatch(t);
    const ids = (
      await feed(app, api.feedMatches, {
        matches: [
          { ...base, key: `${t}-a`, kickoff: '2030-01-01T23:30:00Z', status: 1 },
          { ...base, key: `${t}-b`, kickoff: '2030-01-01T12:00:00Z', status: 4, match_str: "60'", score: [2, 1] },
          { ...base, key: `${t}-c`, kickoff: '2030-01-01T08:00:00Z', status: 8, score: [0, 0] },
        ],
      })
    ).data.ids as number[];
    const comp = ((await call(app, api.initialList, { all: 1 })).data as api.Competition[]).find((c) => c.name_en === `League ${t}`)!;
    const list = async (input: Record<string, unknown>) => (await call(app, api.allMatch, { competition_id: comp.id, ...input })).data.list.map((m: api.MatchRow) => m.id);
    expect(await list({ status: 'live' })).toEqual([ids[1]]);
    expect(await list({ status: 'upcoming' })).toEqual([ids[0]]);
    expect(await list({ status: 'finished' })).toEqual([ids[2]]);
    expect(await list({})).toEqual([ids[1], ids[0], ids[2]]);
    // A day's list pins the match in play at the top, then kick-off order (issue #19 item 13).
    expect(await list({ date: '2030-01-01' })).toEqual([ids[1], ids[2], ids[0]]);
    // 23:30 UTC is already the 2nd of January one hour east of Greenwich.
    expect(await list({ date: '2030-01-02', tz: 60 })).toEqual([ids[0]]);
    expect(await list({ date: '2030-01-01', tz: 60 })).toEqual([ids[1], ids[2]]);
    expect(await list({ type: 2 })).toEqual([]);
    const page = (await call(app, api.allMatch, { competition_id: comp.id, limit: 2, page: 2 })).data;
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.list).toHaveLength(1);
  });

  it("all_match view 'list': the fields a list shows, under the same names, a fraction of a full row; a goal reaches it", async () => {
    const t = tag();
    const id = await ingestMatch(app, footballMatch(t, { status: 2, match_str: "10'", round: 'Matchday 3', venue: 'Old Ground' }));
    const comp = ((await call(app, api.initialList, { all: 1 })).data as api.Competition[]).find((c) => c.name_en === `League ${t}`)!;
    const full = (await call(app, api.allMatch, { competition_id: comp.id })).data.list[0] as api.MatchRow;
    const res = await call(app, api.allMatch, { competition_id: comp.id, view: 'list' });
    const light = res.data.list[0] as api.MatchListRow;
    // Exactly the list row's fields, each equal to the full row's.
    expect(Object.keys(light).sort()).toEqual(Object.keys(api.matchListRowSchema.shape).sort());
    for (const k of Object.keys(light) as Array<keyof api.MatchListRow>) expect(light[k]).toEqual(full[k]);
    expect(light).not.toHaveProperty('venue');
    expect(light).not.toHaveProperty('home_team_name_zht');
    expect(full).toMatchObject({ venue: 'Old Ground', round: 'Matchday 3' });
    expect(JSON.stringify(light).length).toBeLessThan(JSON.stringify(full).length * 0.75);
    // The default stays the full row, so the family's clients read what they always did.
    expect(Object.keys(full).sort()).toEqual(Object.keys(api.matchRowSchema.shape).sort());
    // A goal patches the cached list of list rows in place: still list rows, with the new score.
    await feed(app, api.feedEvents, { match_id: id, events: [{ key: `${t}-g1`, kind: 'goal', side: 'home', minute: 12, score: [1, 0] }] });
    const after = (await call(app, api.allMatch, { competition_id: comp.id, view: 'list' })).data.list[0] as api.MatchListRow;
    expect(after).toMatchObject({ id, home_score: 1, away_score: 0 });
    expect(Object.keys(after).sort()).toEqual(Object.keys(api.matchListRowSchema.shape).sort());
    expect(res.headers.etag).toBeTruthy();
  });

  it('all_match rejects bad filters with their messages', async () => {
    expect((await call(app, api.allMatch, { status: 'soon' })).msg).toBe('Unknown match status filter');
    expect((await call(app, api.allMatch, { date: '01/02/2030' })).msg).toBe('The date must look like 2025-01-31');
    expect((await call(app, api.allMatch, { date: '2030-02-31' })).msg).toBe('The date must look like 2025-01-31');
    expect((await call(app, api.allMatch, { tz: 900 })).msg).toBe('Invalid time zone offset');
    expect((await call(app, api.allMatch, { page: 0 }, { lang: 'es' })).msg).toBe('Número de página no válido');
    expect((await call(app, api.allMatch, { limit: 301 })).msg).toBe('Invalid page size');
    expect((await call(app, api.allMatch, { type: 5 })).msg).toBe('Unknown sport type');
    expect(await call(app, api.allMatch, { competition_id: 999999 })).toMatchObject({ status: 404, msg: 'This competition does not exist' });
    expect((await call(app, api.allMatch, { collected: 1 })).code).toBe(700);
    expect(await call(app, api.allMatch, { view: 'compact' })).toMatchObject({ status: 400, msg: 'Something in the form is not right. Please check it.' });
    expect((await call(app, api.allMatch, { view: 'compact' }, { lang: 'zh' })).msg).toBe('输入有误，请检查！');
    expect((await call(app, api.allMatch, { view: ['list'] })).status).toBe(400);
  });

  it('initial_list: hot competitions with live counts; recommend: live first', async () => {
    const t = tag();
    const base = footballMatch(t);
    const [live, soon] = (
      await feed(app, api.feedMatches, {
        matches: [
          { ...base, key: `${t}-live`, kickoff: new Date(Date.now() - 1_800_000).toISOString(), status: 2, match_str: "30'" },
          { ...base, key: `${t}-soon`, kickoff: new Date(Date.now() + 1_800_000).toISOString() },
        ],
      })
    ).data.ids as number[];
    const hot = (await call(app, api.initialList, { type: 1 })).data as api.Competition[];
    expect(hot.find((c) => c.name_en === `League ${t}`)).toMatchObject({ hot: true, live_count: 1, upcoming_count: 2, type: 1, season: '2030' });
    expect(((await call(app, api.initialList, { type: 2 })).data as api.Competition[]).every((c) => c.sport === 'basketball')).toBe(true);
    // A competition with priority > 20 is not hot and shows only while it has live matches.
    const cold = tag();
    await ingestMatch(app, footballMatch(cold, { competition: { key: `${cold}-c`, name: { en: `Cold ${cold}` }, priority: 500 } }));
    expect(((await call(app, api.initialList, {})).data as api.Competition[]).some((c) => c.name_en === `Cold ${cold}`)).toBe(false);
    expect(((await call(app, api.initialList, { all: 1 })).data as api.Competition[]).some((c) => c.name_en === `Cold ${cold}`)).toBe(true);
    const rec = (await call(app, api.recommend, { type: 1, limit: 50 })).data as api.MatchRow[];
    const pos = (id: number) => rec.findIndex((m) => m.id === id);
    expect(pos(live)).toBeGreaterThanOrEqual(0);
    expect(rec.slice(0, pos(live)).every((m) => api.isLive(m.status))).toBe(true);
    if (pos(soon) >= 0) expect(pos(soon)).toBeGreaterThan(pos(live));
    expect((await call(app, api.recommend, { limit: 51 })).msg).toBe('Invalid page size');
  });

  it('api/hot_match/detail and getRobot: events told in the reader language', async () => {
    const t = tag();
    const id = await ingestMatch(app, footballMatch(t, { status: 4, match_str: "70'", half: [1, 0] }));
    await feed(app, api.feedEvents, { match_id: id, events: [{ key: 'g', kind: 'goal', side: 'home', minute: 30, player: 'Nine' }] });
    const en = (await call(app, api.getRobot, { match_id: id })).data;
    expect(en.name).toBe('Score robot');
    expect(en.lines.map((l: { text: string }) => l.text)).toEqual([`Kick-off: Home ${t} v Away ${t}`, `Goal! Nine (Home ${t}) — 1-0`, 'Half-time: 1-0']);
    const zh = (await call(app, api.getRobot, { match_id: id }, { lang: 'zh' })).data;
    expect(zh.lines[1].text).toBe(`进球！Nine (主队${t})，比分 1-0`);
    expect(await call(app, api.getRobot, { match_id: 999999 })).toMatchObject({ status: 404, msg: 'This match does not exist' });
    expect((await call(app, api.getRobot, {})).msg).toBe('Please choose a match');
    expect((await call(app, api.matchDetail, { id: 'abc' })).msg).toBe('Please choose a match');
  });
});

describe('api/Football/season_table', () => {
  it('a league table from the results, ranks on the match rows', async () => {
    const t = tag();
    const team = (k: string) => ({ key: `${t}-${k}`, name: { en: `${k.toUpperCase()} ${t}` } });
    const m = (k: string, h: string, a: string, score: [number, number], status = 8) => ({ ...footballMatch(t), key: `${t}-${k}`, home: team(h), away: team(a), score, status });
    await feed(app, api.feedMatches, { matches: [m('1', 'a', 'b', [2, 0]), m('2', 'c', 'a', [1, 1]), m('3', 'b', 'c', [3, 1]), m('4', 'a', 'c', [0, 0], 1)] });
    const comp = ((await call(app, api.initialList, { all: 1 })).data as api.Competition[]).find((c) => c.name_en === `League ${t}`)!;
    const res = await call(app, api.seasonTable, { competition_id: comp.id });
    expect(res.code).toBe(200);
    expect(res.data.seasons).toEqual([{ id: comp.season_id, name: '2030' }]);
    const rows = res.data.groups[0].rows.map((r: api.StandingRow) => [r.rank, r.team_name_en, r.played, r.won, r.drawn, r.lost, r.goals_for, r.goals_against, r.points, r.form.join('')]);
    expect(rows).toEqual([
      [1, `A ${t}`, 2, 1, 1, 0, 3, 1, 4, 'WD'],
      [2, `B ${t}`, 2, 1, 0, 1, 3, 3, 3, 'LW'],
      [3, `C ${t}`, 2, 0, 1, 1, 2, 4, 1, 'DL'],
    ]);
    const upcoming = (await call(app, api.allMatch, { competition_id: comp.id, status: 'upcoming' })).data.list[0] as api.MatchRow;
    expect([upcoming.home_rank, upcoming.away_rank]).toEqual([1, 3]);
    // A result changes the table at once: C and A level on points and goal difference, C scored more.
    await feed(app, api.feedMatches, { matches: [m('4', 'a', 'c', [0, 2])] });
    const after = (await call(app, api.seasonTable, { competition_id: comp.id })).data.groups[0].rows.map((r: api.StandingRow) => `${r.team_name_en}:${r.points}:${r.goal_diff}`);
    expect(after).toEqual([`C ${t}:4:0`, `A ${t}:4:0`, `B ${t}:3:0`]);
  });

  it('group stages give one table per group and leave knockouts out', async () => {
    const t = tag();
    const team = (k: string) => ({ key: `${t}-${k}`, name: { en: k } });
    const m = (k: string, h: string, a: string, group: string, score: [number, number]) => ({ ...footballMatch(t), key: `${t}-${k}`, home: team(h), away: team(a), group, score, status: 8 });
    await feed(app, api.feedMatches, { matches: [m('1', 'a', 'b', 'Group A', [1, 0]), m('2', 'c', 'd', 'Group B', [0, 3]), m('3', 'a', 'd', '', [5, 0])] });
    const comp = ((await call(app, api.initialList, { all: 1 })).data as api.Competition[]).find((c) => c.name_en === `League ${t}`)!;
    const groups = (await call(app, api.seasonTable, { competition_id: comp.id })).data.groups as Array<{ name: string; rows: api.StandingRow[] }>;
    expect(groups.map((g) => [g.name, g.rows.map((r) => `${r.team_name_en}:${r.points}:${r.goals_for}`)])).toEqual([
      ['Group A', ['a:3:1', 'b:0:0']],
      ['Group B', ['d:3:3', 'c:0:0']],
    ]);
  });

  it('basketball: win percentage, split by conference', async () => {
    const t = tag();
    const team = (k: string, region: string) => ({ key: `${t}-${k}`, name: { en: k }, region });
    const m = (k: string, h: [string, string], a: [string, string], score: [number, number]) => ({
      ...footballMatch(t),
      sport: 'basketball',
      key: `${t}-${k}`,
      home: team(...h),
      away: team(...a),
      score,
      status: 8,
      quarters: { home: [score[0]], away: [score[1]] },
    });
    await feed(app, api.feedMatches, {
      matches: [m('1', ['e1', 'East'], ['w1', 'West'], [101, 99]), m('2', ['w1', 'West'], ['e2', 'East'], [120, 90]), m('3', ['e2', 'East'], ['e1', 'East'], [88, 80])],
    });
    const comp = ((await call(app, api.initialList, { all: 1, type: 2 })).data as api.Competition[]).find((c) => c.name_en === `League ${t}`)!;
    const groups = (await call(app, api.seasonTable, { competition_id: comp.id })).data.groups as Array<{ name: string; rows: api.StandingRow[] }>;
    expect(groups.map((g) => [g.name, g.rows.map((r) => `${r.team_name_en}:${r.won}-${r.lost}:${r.win_pct}`)])).toEqual([
      ['East', ['e1:1-1:500', 'e2:1-1:500']],
      ['West', ['w1:1-1:500']],
    ]);
  });

  it('refuses unknown competitions and seasons', async () => {
    expect((await call(app, api.seasonTable, {})).msg).toBe('Please choose a competition');
    expect(await call(app, api.seasonTable, { competition_id: 999999 })).toMatchObject({ status: 404, msg: 'This competition does not exist' });
    const comp = ((await call(app, api.initialList, { all: 1 })).data as api.Competition[])[0];
    expect((await call(app, api.seasonTable, { competition_id: comp.id, season_id: 999999 })).msg).toBe('Unknown season');
  });
});

describe('collect and reserve', () => {
  it('POST api/Basketballuser/collect toggles a favourite; lists show it', async () => {
    const t = tag();
    const id = await ingestMatch(app, footballMatch(t));
    const tk = { token: fan.token };
    expect((await call(app, api.collect, { match_id: id })).code).toBe(700);
    expect(await call(app, api.collect, { match_id: id }, tk)).toMatchObject({ code: 200, msg: 'Added to favourites', data: { match_id: id, collect: 1 } });
    expect((await detail(id, fan.token)).match.collect).toBe(1);
    expect((await detail(id)).match.collect).toBe(0);
    const mine = (await call(app, api.allMatch, { collected: 1 }, tk)).data.list as api.MatchRow[];
    expect(mine.map((m) => m.id)).toContain(id);
    // List rows carry the caller's flags too, on their favourites page and in the shared lists.
    const mineLight = (await call(app, api.allMatch, { collected: 1, view: 'list' }, tk)).data.list as api.MatchListRow[];
    expect(mineLight.find((m) => m.id === id)).toMatchObject({ collect: 1 });
    expect(mineLight.find((m) => m.id === id)).not.toHaveProperty('venue');
    const shared = (await call(app, api.allMatch, { view: 'list', limit: 300, status: 'upcoming' }, tk)).data.list as api.MatchListRow[];
    if (shared.some((m) => m.id === id)) expect(shared.find((m) => m.id === id)).toMatchObject({ collect: 1 });
    expect((await call(app, api.collect, { match_id: id, status: 1 }, tk)).data.collect).toBe(1);
    expect(await call(app, api.collect, { match_id: id }, { ...tk, lang: 'zh' })).toMatchObject({ msg: '已取消收藏', data: { collect: 0 } });
    expect((await call(app, api.allMatch, { collected: 1 }, tk)).data.list.map((m: api.MatchRow) => m.id)).not.toContain(id);
  });

  it('collect refuses unknown matches and a wrong sport', async () => {
    const tk = { token: fan.token };
    expect(await call(app, api.collect, { match_id: 999999 }, tk)).toMatchObject({ status: 404, msg: 'This match does not exist' });
    expect((await call(app, api.collect, {}, tk)).msg).toBe('Please choose a match');
    const id = await ingestMatch(app, footballMatch(tag()));
    expect((await call(app, api.collect, { match_id: id, type: 2 }, tk)).msg).toBe('This match is not of the chosen sport');
    expect((await call(app, api.collect, { match_id: id, status: 5 }, tk)).msg).toBe('Something in the form is not right. Please check it.');
  });

  it('POST api/Live/reserveMatch and reserveMatch2 reserve a match before kick-off', async () => {
    const t = tag();
    const id = await ingestMatch(app, footballMatch(t));
    const tk = { token: fan.token };
    expect((await call(app, api.reserveMatch, { match_id: id })).code).toBe(700);
    expect(await call(app, api.reserveMatch, { match_id: id, status: 1 }, tk)).toMatchObject({ code: 200, msg: 'Match reserved', data: { reserve: 1 } });
    expect((await call(app, api.reserveList, {}, tk)).data.map((m: api.MatchRow) => m.id)).toContain(id);
    // Filtered to this match's competition: the shared test database holds many other matches.
    const competition = (await call(app, api.matchDetail, { id }, tk)).data.match.competition_id;
    expect((await call(app, api.allMatch, { competition_id: competition }, tk)).data.list.find((m: api.MatchRow) => m.id === id)?.reserve).toBe(1);
    expect(await call(app, api.reserveMatch2, { type: 1, match_id: id }, tk)).toMatchObject({ msg: 'Reservation cancelled', data: { reserve: 0 } });
    expect((await call(app, api.reserveMatch2, { type: 1, match_id: id }, tk)).data.reserve).toBe(1);
    expect((await call(app, api.reserveList, { type: 2 }, tk)).data).toEqual([]);
    // Once the match is under way it cannot be reserved any more (but can still be dropped).
    await feed(app, api.feedMatches, { matches: [footballMatch(t, { status: 2 })] });
    expect((await call(app, api.reserveMatch2, { type: 1, match_id: id }, tk)).data.reserve).toBe(0);
    expect(await call(app, api.reserveMatch2, { type: 1, match_id: id }, tk)).toMatchObject({ status: 400, msg: 'This match has already started' });
    expect((await call(app, api.reserveList, {})).code).toBe(700);
  });

  it("GET api/hot_match/reserveList: both sports by kick-off, only the caller's, gone once cancelled", async () => {
    const t = tag();
    const [me, other] = await Promise.all([seedUser(app), seedUser(app)]);
    const later = await ingestMatch(app, footballMatch(t, { kickoff: new Date(Date.now() + 5 * 3_600_000).toISOString() }));
    const sooner = await ingestMatch(
      app,
      footballMatch(`${t}b`, {
        sport: 'basketball',
        competition: { key: `${t}-nba`, name: { en: `Hoops ${t}` } },
        home: { key: `${t}-bh`, name: { en: `Bulls ${t}` } },
        away: { key: `${t}-ba`, name: { en: `Bucks ${t}` } },
        kickoff: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      }),
    );
    for (const id of [later, sooner]) expect((await call(app, api.reserveMatch, { match_id: id, status: 1 }, { token: me.token })).data.reserve).toBe(1);
    const list = (await call(app, api.reserveList, {}, { token: me.token })).data as api.MatchRow[];
    expect(list.map((m) => m.id)).toEqual([sooner, later]);
    expect(list[0]).toMatchObject({ sport: 'basketball', home_team_name_en: `Bulls ${t}`, status: 1, reserve: 1 });
    expect((await call(app, api.reserveList, { type: 1 }, { token: me.token })).data.map((m: api.MatchRow) => m.id)).toEqual([later]);
    expect((await call(app, api.reserveList, {}, { token: other.token })).data).toEqual([]);
    // Cancelling is explicit (status 0) and does not toggle back on when repeated.
    for (let i = 0; i < 2; i++) expect((await call(app, api.reserveMatch, { match_id: later, status: 0 }, { token: me.token })).data.reserve).toBe(0);
    expect((await call(app, api.reserveList, {}, { token: me.token })).data.map((m: api.MatchRow) => m.id)).toEqual([sooner]);
  });
});

describe('foresight (predictions)', () => {
  it('an anchor publishes a pick at the current odds; everyone reads it', async () => {
    const t = tag();
    const id = await ingestMatch(app, footballMatch(t));
    await feed(app, api.feedOdds, { match_id: id, odds: odds(1) });
    const pick = { match_id: id, kind: 'asia', pick: 'away', title: 'Away side covers', analysis: 'They press high.' };
    expect((await call(app, api.foresightPublish, pick)).code).toBe(700);
    expect(await call(app, api.foresightPublish, pick, { token: fan.token })).toMatchObject({ status: 403, msg: 'Only anchors can publish predictions' });
    const res = await call(app, api.foresightPublish, pick, { token: anchor.token });
    expect(res).toMatchObject({ code: 200, msg: 'Prediction published', data: { kind: 'asia', pick: 'away', line: -0.25, odds: 1.94, company_id: 1, result: 0, anchor: { uid: anchor.id } } });
    expect(await call(app, api.foresightPublish, pick, { token: anchor.token })).toMatchObject({ status: 409, msg: 'You already published a pick of this kind for this match' });
    const list = (await call(app, api.foresightList, { match_id: id })).data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id: res.data.id, title: 'Away side covers', match: { id } });
    expect((await call(app, api.foresightDetail, { id: res.data.id })).data.analysis).toBe('They press high.');
    expect(await call(app, api.foresightDetail, { id: 999999 })).toMatchObject({ status: 404, msg: 'This prediction does not exist' });
  });

  it('each bad field gets its message', async () => {
    const id = await ingestMatch(app, footballMatch(tag()));
    const tk = { token: anchor.token };
    const good = { match_id: id, kind: 'eu', pick: 'home', title: 'Home win today', analysis: '' };
    expect((await call(app, api.foresightPublish, { ...good, kind: 'x' }, tk)).msg).toBe('Choose handicap, 1X2 or over/under');
    expect((await call(app, api.foresightPublish, { ...good, pick: 'over' }, tk)).msg).toBe('This pick does not fit the chosen market');
    expect((await call(app, api.foresightPublish, { ...good, title: 'Hi' }, tk)).msg).toBe('The title must be 5-30 characters');
    expect((await call(app, api.foresightPublish, { ...good, title: 'x'.repeat(31) }, { ...tk, lang: 'zh' })).msg).toBe('标题需为5-30个字符');
    expect((await call(app, api.foresightPublish, { ...good, analysis: 'x'.repeat(2001) }, tk)).msg).toBe('The analysis cannot exceed 2000 characters');
    expect(await call(app, api.foresightPublish, good, tk)).toMatchObject({ status: 400, msg: 'No odds are available for this match yet' });
    await feed(app, api.feedOdds, { match_id: id, odds: odds(1) });
    expect((await call(app, api.foresightPublish, { ...good, company_id: 9 }, tk)).msg).toBe('Unknown odds company');
    expect(await call(app, api.foresightPublish, { ...good, match_id: 999999 }, tk)).toMatchObject({ status: 404, msg: 'This match does not exist' });
    expect((await call(app, api.foresightList, { status: 3 })).msg).toBe('Unknown match status filter');
  });

  it('closes at kick-off and is settled at full-time; hit rate follows', async () => {
    const t = tag();
    const ids = (
      await feed(app, api.feedMatches, {
        matches: ['a', 'b', 'c'].map((k) => ({ ...footballMatch(t), key: `${t}-${k}`, odds: odds(1) })),
      })
    ).data.ids as number[];
    const pundit = await seedUser(app);
    await app.database.db.update(users).set({ isAnchor: 1 }).where(eq(users.id, pundit.id));
    const tk = { token: pundit.token };
    const publish = (match_id: number, kind: string, pick: string) => call(app, api.foresightPublish, { match_id, kind, pick, title: 'My pick today' }, tk);
    const f1 = (await publish(ids[0], 'eu', 'home')).data.id;
    const f2 = (await publish(ids[1], 'bs', 'over')).data.id;
    const f3 = (await publish(ids[2], 'eu', 'draw')).data.id;
    await feed(app, api.feedMatches, { matches: [{ ...footballMatch(t), key: `${t}-a`, status: 2 }] });
    expect((await publish(ids[0], 'bs', 'under')).msg).toBe('Predictions close at kick-off');
    // a: home wins 2-1 (hit); b: 1-1 under 2.5 (miss); c: cancelled (void).
    await feed(app, api.feedMatches, {
      matches: [
        { ...footballMatch(t), key: `${t}-a`, status: 8, score: [2, 1] },
        { ...footballMatch(t), key: `${t}-b`, status: 8, score: [1, 1] },
        { ...footballMatch(t), key: `${t}-c`, status: 11 },
      ],
    });
    const result = async (id: number) => (await call(app, api.foresightDetail, { id })).data.result;
    expect([await result(f1), await result(f2), await result(f3)]).toEqual([api.ForesightResult.HIT, api.ForesightResult.MISS, api.ForesightResult.VOID]);
    const mine = (await call(app, api.foresightList, { anchor_id: pundit.id, status: 2 })).data;
    expect(mine.total).toBe(3);
    expect(mine.list[0].anchor).toMatchObject({ settled: 2, hits: 1, hit_rate: 500 });
    const top = (await call(app, api.foresightPundits, { limit: 50 })).data as Array<{ uid: number; hit_rate: number }>;
    expect(top.find((p) => p.uid === pundit.id)).toMatchObject({ hit_rate: 500 });
    expect((await call(app, api.foresightList, { anchor_id: pundit.id, status: 1 })).data.total).toBe(0);
  });
});
