import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as api from '@livesports/contracts/matches';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createMemoryBus } from '../src/platform/bus.ts';
import { call, seedUser, testApp, testDatabase } from './helpers.ts';
import { feed, footballMatch, ingestMatch, odds, tag } from './matches-helpers.ts';

// The match reads are served from memory (platform/read-cache.ts) and dropped by the push
// channel's messages: a goal through the ingest must change every cached answer at once, in
// this process and in any other on the bus, and personal flags must never leak into the shared copy.

let app: FastifyInstance;
/** A second "process": its own app and cache, the same database, the first one's bus. */
let p1: FastifyInstance;
let p2: FastifyInstance;

beforeAll(async () => {
  app = await testApp();
  const bus = createMemoryBus();
  const config = loadConfig({ DATA_DIR: process.env.TEST_DATA_DIR, LOG_LEVEL: 'silent', SERVE_WEB: 'off', DEMO_DATA: 'off', RTMP_PORT: '0' });
  const database = await testDatabase();
  p1 = await buildApp({ config, database, bus, logger: false });
  p2 = await buildApp({ config, database, bus, logger: false });
});
afterAll(async () => {
  await p1?.close();
  await p2?.close();
});

const today = (offsetMin = 0) => new Date(Date.now() + offsetMin * 60_000).toISOString().slice(0, 10);

/** Every public read a page opens that shows this match, as each process answers it now. */
async function everyScore(a: FastifyInstance, id: number, competitionId: number, seasonId: number) {
  const rowIn = (list: api.MatchRow[]) => list.find((r) => r.id === id);
  const post = async (input: Record<string, unknown>) => rowIn((await call(a, api.allMatch, input)).data.list);
  const found: Array<[string, api.MatchRow | undefined]> = [
    ['all_match type 1', await post({ type: 1, limit: 300 })],
    ['all_match both sports', await post({ type: 0, limit: 300 })],
    ['all_match live', await post({ type: 1, status: 'live', limit: 300 })],
    ['all_match competition', await post({ type: 1, competition_id: competitionId })],
    ['all_match season', await post({ type: 1, competition_id: competitionId, season_id: seasonId })],
    ['schedule day', await post({ type: 1, date: today(), tz: 0, limit: 300 })],
    ['recommend', rowIn((await call(a, api.recommend, { type: 1, limit: 50 })).data)],
    ['detail', (await call(a, api.matchDetail, { id })).data.match],
  ];
  const robot = (await call(a, api.getRobot, { match_id: id })).data;
  const comps = (await call(a, api.initialList, { type: 1 })).data as api.Competition[];
  return {
    scores: Object.fromEntries(found.map(([name, r]) => [name, r ? `${r.home_score}-${r.away_score}` : 'missing'])),
    robotGoals: robot.lines.filter((l: { kind: string }) => l.kind === 'goal').length,
    liveCount: comps.find((c) => c.id === competitionId)?.live_count,
  };
}

describe('cached match reads stay true', () => {
  it('a goal through the feed changes every cached list and the detail at once, in every process', async () => {
    const t = tag();
    const kickoff = new Date(Date.now() - 20 * 60_000).toISOString();
    const id = await ingestMatch(p1, footballMatch(t, { status: 2, match_str: "20'", kickoff }));
    const row = (await call(p1, api.matchDetail, { id })).data.match as api.MatchRow;
    for (const a of [p1, p2]) {
      const seen = await everyScore(a, id, row.competition_id, row.season_id);
      expect(Object.values(seen.scores)).toEqual(Array(8).fill('0-0'));
      expect(seen.robotGoals).toBe(0);
      expect(seen.liveCount).toBe(1);
    }
    // Read twice more: from memory now.
    const hits = p2.readCache.stats().hits;
    await everyScore(p2, id, row.competition_id, row.season_id);
    expect(p2.readCache.stats().hits).toBeGreaterThan(hits);

    // The goal, through the provider's ingest on the first process.
    expect((await feed(p1, api.feedEvents, { match_id: id, events: [{ key: `${t}-g1`, kind: 'goal', side: 'home', minute: 21 }] })).data.applied).toBe(1);
    for (const a of [p1, p2]) {
      const seen = await everyScore(a, id, row.competition_id, row.season_id);
      expect(seen.scores).toEqual(Object.fromEntries(Object.keys(seen.scores).map((k) => [k, '1-0'])));
      expect(seen.robotGoals).toBe(1);
    }

    // Full time: the match leaves the live lists and the competition's live count, everywhere.
    await feed(p1, api.feedMatches, { matches: [footballMatch(t, { status: 8, kickoff })] });
    for (const a of [p1, p2]) {
      const live = (await call(a, api.allMatch, { type: 1, status: 'live', limit: 300 })).data.list as api.MatchRow[];
      expect(live.some((r) => r.id === id)).toBe(false);
      const comps = (await call(a, api.initialList, { type: 1, all: 1 })).data as api.Competition[];
      expect(comps.find((c) => c.id === row.competition_id)?.live_count).toBe(0);
      expect((await call(a, api.matchDetail, { id })).data.match.status).toBe(8);
    }
  });

  it('a score change rewrites the cached lists in memory; a kick-off reloads them (list-patch.ts)', async () => {
    const t = tag();
    const kickoff = new Date(Date.now() + 5 * 60_000).toISOString();
    let id = 0;
    const lists = async (a: FastifyInstance) => ({
      all: ((await call(a, api.allMatch, { type: 1, limit: 300 })).data.list as api.MatchRow[]).find((r) => r.id === id),
      live: ((await call(a, api.allMatch, { type: 1, status: 'live', limit: 300 })).data.list as api.MatchRow[]).find((r) => r.id === id),
      recommend: ((await call(a, api.recommend, { type: 1, limit: 50 })).data as api.MatchRow[]).find((r) => r.id === id),
    });
    // A new match is structural: lists already in memory take it.
    await lists(p2);
    id = await ingestMatch(p1, footballMatch(t, { kickoff }));
    expect((await lists(p2)).all?.status).toBe(1);
    const early = await ingestMatch(p1, footballMatch(`${t}b`, { kickoff, status: 2, match_str: "1'" }));
    expect(((await call(p2, api.allMatch, { type: 1, status: 'live', limit: 300 })).data.list as api.MatchRow[]).some((r) => r.id === early)).toBe(true);
    // Kick-off moves the match into the live lists: a structural change, the lists load again.
    await feed(p1, api.feedMatches, { matches: [footballMatch(t, { kickoff, status: 2, match_str: "1'" })] });
    let seen = await lists(p2);
    expect(seen.live?.status).toBe(2);
    expect(seen.all?.status).toBe(2);
    // A goal keeps every list's members and order: patched in place, in the other process too.
    const before = p2.readCache.stats();
    await feed(p1, api.feedEvents, { match_id: id, events: [{ key: `${t}-g1`, kind: 'goal', side: 'away', minute: 3 }] });
    seen = await lists(p2);
    expect([seen.all, seen.live, seen.recommend].map((r) => r && `${r.home_score}-${r.away_score}`)).toEqual(['0-1', '0-1', '0-1']);
    const after = p2.readCache.stats();
    expect(after.patches).toBeGreaterThan(before.patches);
    expect(after.loads).toBe(before.loads);
  });

  it('odds and a finished match reach the detail and the league table', async () => {
    const t = tag();
    const id = await ingestMatch(app, footballMatch(t, { status: 2 }));
    const first = (await call(app, api.matchDetail, { id })).data as api.MatchDetail;
    expect(first.exponents).toEqual([]);
    await feed(app, api.feedOdds, { match_id: id, odds: odds(91) });
    expect(((await call(app, api.matchDetail, { id })).data as api.MatchDetail).exponents.map((e) => e.company_id)).toEqual([91]);
    const table = async () => (await call(app, api.seasonTable, { competition_id: first.match.competition_id })).data.groups.flatMap((g: { rows: unknown[] }) => g.rows);
    expect((await table()).map((r: { played: number }) => r.played)).toEqual([0, 0]);
    await feed(app, api.feedMatches, { matches: [footballMatch(t, { status: 8, score: [2, 0] })] });
    expect((await table()).map((r: { points: number }) => r.points).sort()).toEqual([0, 3]);
  });
});

describe('HTTP caching of public reads', () => {
  it('ETag and Cache-Control on public answers, 304 on If-None-Match, a new ETag after a goal', async () => {
    const t = tag();
    const id = await ingestMatch(app, footballMatch(t, { status: 2 }));
    const get = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/api/hot_match/detail?id=${id}`, headers: { lang: 'en', ...headers } });
    const first = await get();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=1');
    expect(first.headers.vary).toContain('token');
    expect(first.json()).toMatchObject({ code: 200, msg: 'Success', data: { match: { id, home_score: 0 } } });

    const again = await get({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another language is another answer (its msg), with its own tag.
    const zh = await get({ lang: 'zh', 'if-none-match': etag });
    expect(zh.statusCode).toBe(200);
    expect(zh.json().msg).not.toBe('Success');

    await feed(app, api.feedEvents, { match_id: id, events: [{ key: `${t}-g`, kind: 'goal', side: 'away', minute: 5 }] });
    const after = await get({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().data.match.away_score).toBe(1);
  });

  it('bodies over 1 kB go compressed (brotli, else gzip); the bytes are the same answer', async () => {
    const plain = await app.inject({ method: 'POST', url: '/api/hot_match/all_match', payload: { type: 1, limit: 50 } });
    const br = await app.inject({ method: 'POST', url: '/api/hot_match/all_match', payload: { type: 1, limit: 50 }, headers: { 'accept-encoding': 'gzip, br' } });
    const gz = await app.inject({ method: 'POST', url: '/api/hot_match/all_match', payload: { type: 1, limit: 50 }, headers: { 'accept-encoding': 'gzip' } });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // A POST read carries its tag for caches that key on the body, but answers it in full.
    expect((await app.inject({ method: 'POST', url: '/api/hot_match/all_match', payload: { type: 1, limit: 50 }, headers: { 'if-none-match': plain.headers.etag as string } })).statusCode).toBe(200);
  });

  it('small and personal answers: not compressed under 1 kB; errors and personal calls are no-store', async () => {
    const small = await app.inject({ method: 'GET', url: '/api/hot_match/companies', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const missing = await app.inject({ method: 'GET', url: '/api/hot_match/detail?id=99999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers.etag).toBeUndefined();
    const fan = await seedUser(app);
    const reserved = await app.inject({ method: 'GET', url: '/api/hot_match/reserveList', headers: { token: fan.token } });
    expect(reserved.headers['cache-control']).toBe('no-store');
  });
});

describe('logged-in extras on top of the shared answer', () => {
  it('collected and reserved stay personal (no-store), the shared copy stays clean', async () => {
    const t = tag();
    const id = await ingestMatch(app, footballMatch(t));
    const competitionId = ((await call(app, api.matchDetail, { id })).data as api.MatchDetail).match.competition_id;
    const [fan, other] = await Promise.all([seedUser(app), seedUser(app)]);
    const list = (token?: string) => app.inject({ method: 'POST', url: '/api/hot_match/all_match', headers: token ? { token } : {}, payload: { type: 1, competition_id: competitionId } });
    const flags = (res: Awaited<ReturnType<typeof list>>) => {
      const r = (res.json().data.list as api.MatchRow[]).find((x) => x.id === id)!;
      return [r.collect, r.reserve];
    };
    // Warm the shared copy first, as a guest.
    expect(flags(await list())).toEqual([0, 0]);

    expect((await call(app, api.collect, { match_id: id }, { token: fan.token })).data.collect).toBe(1);
    expect((await call(app, api.reserveMatch, { match_id: id, status: 1 }, { token: fan.token })).data.reserve).toBe(1);

    const mine = await list(fan.token);
    expect(flags(mine)).toEqual([1, 1]);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.headers.etag).toBeUndefined();
    const detail = await app.inject({ method: 'GET', url: `/api/hot_match/detail?id=${id}`, headers: { token: fan.token } });
    expect(detail.json().data.match).toMatchObject({ collect: 1, reserve: 1 });
    expect(detail.headers['cache-control']).toBe('no-store');

    // Nobody else sees them: not a guest, not another user (who gets the shared answer).
    const guest = await list();
    expect(flags(guest)).toEqual([0, 0]);
    expect(guest.headers['cache-control']).toMatch(/^public/);
    const theirs = await list(other.token);
    expect(flags(theirs)).toEqual([0, 0]);
    expect(theirs.headers.etag).toBe(guest.headers.etag);
    // Their browser revalidates every time (a toggle of theirs must never show undone).
    expect(theirs.headers['cache-control']).toBe('private, no-cache');

    // Dropping the favourite shows at once.
    await call(app, api.collect, { match_id: id, status: 0 }, { token: fan.token });
    expect(flags(await list(fan.token))).toEqual([0, 1]);
    // The collected list is personal and follows the toggles too.
    const collected = await call(app, api.allMatch, { type: 1, collected: 1 }, { token: fan.token });
    expect(collected.data.list).toEqual([]);
  });
});
