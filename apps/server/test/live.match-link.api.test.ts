import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import * as rooms from '@livesports/contracts/live';
import * as link from '@livesports/contracts/live-match';
import * as reserve from '@livesports/contracts/live-reserve';
import { matchCompetitions, matches, matchSeasons, matchTeams } from '../src/db/schema/matches.ts';
import { call, testApp } from './helpers.ts';
import { approvedAnchor, liveUser, srsHook } from './live.helpers.ts';

// A room and the match it covers, both ways (issue #19 item 12): the studio links it, a reserved
// broadcast of the match links it around kick-off; match pages count and list the live rooms; the
// room info carries the match for its score strip.

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof liveUser>>;
let a: Awaited<ReturnType<typeof approvedAnchor>>;
let b: Awaited<ReturnType<typeof approvedAnchor>>;
let fan: Awaited<ReturnType<typeof liveUser>>;
const HOUR = 3600_000;

/** A football match as the matches module stores it (names in three languages). */
async function footballMatch(opts: { status: number; kickoffInHours: number }) {
  const db = app.database.db;
  const tag = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const [comp] = await db
    .insert(matchCompetitions)
    .values({ sport: 'football', key: `ml${tag}`, nameZh: '西甲', nameZht: '西甲', nameEn: 'LaLiga', nameEs: 'LaLiga' })
    .returning();
  const [season] = await db.insert(matchSeasons).values({ competitionId: comp.id, name: '2025' }).returning();
  const [home] = await db
    .insert(matchTeams)
    .values({ sport: 'football', key: `mlh${tag}`, nameZh: '皇家马德里', nameZht: '皇家馬德里', nameEn: 'Real Madrid', nameEs: 'Real Madrid' })
    .returning();
  const [away] = await db
    .insert(matchTeams)
    .values({ sport: 'football', key: `mla${tag}`, nameZh: '巴塞罗那', nameZht: '巴塞隆拿', nameEn: 'Barcelona', nameEs: 'FC Barcelona' })
    .returning();
  const [m] = await db
    .insert(matches)
    .values({
      sport: 'football',
      source: 'feed',
      extKey: `ml${tag}`,
      competitionId: comp.id,
      seasonId: season.id,
      homeTeamId: home.id,
      awayTeamId: away.id,
      kickoffAt: new Date(Date.now() + opts.kickoffInHours * HOUR),
      status: opts.status,
    })
    .returning();
  return m;
}

const counts = async () => (await call(app, link.getMatchRoomCounts, {})).data.list as Array<{ match_id: number; rooms: number }>;
const countOf = async (matchId: number) => (await counts()).find((c) => c.match_id === matchId)?.rooms ?? 0;

beforeAll(async () => {
  app = await testApp();
  admin = await liveUser(app, { admin: true });
  [a, b] = await Promise.all([approvedAnchor(app, admin), approvedAnchor(app, admin)]);
  fan = await liveUser(app);
});

describe('POST api/Live/setMatch', () => {
  it('links the anchor room to a match and unlinks it; the room info carries it in the reader language', async () => {
    const m = await footballMatch({ status: 2, kickoffInHours: -0.5 });
    const res = await call(app, link.setRoomMatch, { match_id: m.id }, { token: a.token });
    expect(res).toMatchObject({ code: 200, msg: 'The room now covers this match' });
    expect(res.data.match).toMatchObject({ id: m.id, sport: 'football', home_name: 'Real Madrid', away_name: 'Barcelona', league_name: 'LaLiga', status: 2, via: 'studio' });
    expect((await call(app, rooms.getMyRoom, {}, { token: a.token })).data.match).toMatchObject({ id: m.id });
    const zh = await call(app, rooms.getRoomInfo, { room_id: a.id }, { lang: 'zh' });
    expect(zh.data.match).toMatchObject({ id: m.id, home_name: '皇家马德里', away_name: '巴塞罗那', league_name: '西甲' });
    expect((await call(app, rooms.getRoomInfo, { room_id: a.id }, { lang: 'es' })).data.match.away_name).toBe('FC Barcelona');

    const off = await call(app, link.setRoomMatch, { match_id: 0 }, { token: a.token, lang: 'es' });
    expect(off).toMatchObject({ code: 200, msg: 'La sala ya no cubre ningún partido' });
    expect(off.data.match).toBeNull();
    expect((await call(app, rooms.getRoomInfo, { room_id: a.id })).data.match).toBeNull();
  });

  it('refuses unknown, finished and long-started matches, with their messages; nothing changes', async () => {
    const t = { token: a.token };
    const current = await footballMatch({ status: 1, kickoffInHours: 2 });
    await call(app, link.setRoomMatch, { match_id: current.id }, t);
    expect(await call(app, link.setRoomMatch, { match_id: 'abc' }, t)).toMatchObject({ status: 400, msg: 'Match not found' });
    expect((await call(app, link.setRoomMatch, { match_id: -3 }, { ...t, lang: 'zh' })).msg).toBe('比赛不存在');
    expect((await call(app, link.setRoomMatch, {}, t)).msg).toBe('Match not found');
    expect(await call(app, link.setRoomMatch, { match_id: 99_999_999 }, t)).toMatchObject({ status: 404, msg: 'Match not found' });
    const finished = await footballMatch({ status: 8, kickoffInHours: -2 });
    expect(await call(app, link.setRoomMatch, { match_id: finished.id }, t)).toMatchObject({ status: 409, msg: 'This match has already finished' });
    const stale = await footballMatch({ status: 5, kickoffInHours: -5 });
    expect((await call(app, link.setRoomMatch, { match_id: stale.id }, { ...t, lang: 'es' })).msg).toBe('Este partido ya terminó');
    expect((await call(app, rooms.getMyRoom, {}, t)).data.match).toMatchObject({ id: current.id });
  });

  it('needs login and an anchor; an anchor only ever changes their own room', async () => {
    const m = await footballMatch({ status: 1, kickoffInHours: 1 });
    expect(await call(app, link.setRoomMatch, { match_id: m.id })).toMatchObject({ code: 700, msg: 'Please log in first' });
    expect(await call(app, link.setRoomMatch, { match_id: m.id }, { token: fan.token })).toMatchObject({
      status: 403,
      msg: 'Only anchors can do this. Apply to become an anchor first',
    });
    const before = (await call(app, rooms.getRoomInfo, { room_id: a.id })).data.match;
    expect((await call(app, link.setRoomMatch, { match_id: m.id }, { token: b.token })).data.match).toMatchObject({ id: m.id });
    expect((await call(app, rooms.getRoomInfo, { room_id: a.id })).data.match).toEqual(before);
    await call(app, link.setRoomMatch, { match_id: 0 }, { token: b.token });
  });

  it('a studio link lapses four hours after kick-off', async () => {
    const m = await footballMatch({ status: 2, kickoffInHours: -1 });
    await call(app, link.setRoomMatch, { match_id: m.id }, { token: a.token });
    expect((await call(app, rooms.getRoomInfo, { room_id: a.id })).data.match).toMatchObject({ id: m.id });
    await app.database.db
      .update(matches)
      .set({ kickoffAt: new Date(Date.now() - 5 * HOUR) })
      .where(eq(matches.id, m.id));
    // Four hours passing is stood in for by a write straight into the database, which no event
    // announces: drop the room's cached info, as its 3 s clock bound would (platform/read-cache.ts).
    await app.readCache.invalidate([`room:${a.id}`]);
    expect((await call(app, rooms.getRoomInfo, { room_id: a.id })).data.match).toBeNull();
    await call(app, link.setRoomMatch, { match_id: 0 }, { token: a.token });
  });
});

describe('api/Live_streaming/getMatchRooms and getMatchRoomCounts', () => {
  it('list the live rooms covering a match, by studio link and by reservation', async () => {
    const m = await footballMatch({ status: 2, kickoffInHours: -0.25 });
    await call(app, link.setRoomMatch, { match_id: m.id }, { token: a.token });
    // Linked but offline: not listed, not counted.
    expect((await call(app, link.getMatchRooms, { match_id: m.id })).data).toEqual({ match_id: m.id, list: [] });
    expect(await countOf(m.id)).toBe(0);

    expect((await srsHook(app, 'on_publish', a.key)).body.code).toBe(0);
    const listed = await call(app, link.getMatchRooms, { match_id: m.id });
    expect(listed.data.list.map((r: rooms.RoomCard) => r.room_id)).toEqual([a.id]);
    expect(listed.data.list[0]).toMatchObject({ is_live: 1, nickname: a.nickname });
    expect(await countOf(m.id)).toBe(1);

    // B announced a broadcast of the same match starting in 20 minutes: linked through it.
    const upcoming = await footballMatch({ status: 1, kickoffInHours: 0.5 });
    const r = await call(app, reserve.setReserveLiveNew, { title: 'Clásico watch-along', start_time: new Date(Date.now() + 20 * 60_000).toISOString(), sport: 1, match_id: m.id }, { token: b.token });
    expect(r.code).toBe(200);
    expect((await call(app, rooms.getRoomInfo, { room_id: b.id })).data.match).toMatchObject({ id: m.id, via: 'reservation' });
    expect((await srsHook(app, 'on_publish', b.key)).body.code).toBe(0);
    expect((await call(app, link.getMatchRooms, { match_id: m.id })).data.list.map((x: rooms.RoomCard) => x.room_id).sort()).toEqual([a.id, b.id].sort());
    expect(await countOf(m.id)).toBe(2);

    // The studio link wins over the reservation: B points the room at another match.
    await call(app, link.setRoomMatch, { match_id: upcoming.id }, { token: b.token });
    expect(await countOf(m.id)).toBe(1);
    expect(await countOf(upcoming.id)).toBe(1);

    await srsHook(app, 'on_unpublish', a.key);
    await srsHook(app, 'on_unpublish', b.key);
    expect((await call(app, link.getMatchRooms, { match_id: m.id })).data.list).toEqual([]);
    expect(await countOf(m.id)).toBe(0);
    await call(app, link.setRoomMatch, { match_id: 0 }, { token: a.token });
    await call(app, link.setRoomMatch, { match_id: 0 }, { token: b.token });
  });

  it('bad and unknown match ids', async () => {
    expect(await call(app, link.getMatchRooms, { match_id: 'abc' })).toMatchObject({ status: 400, msg: 'Match not found' });
    expect((await call(app, link.getMatchRooms, { match_id: 0 }, { lang: 'es' })).msg).toBe('Partido no encontrado');
    expect(await call(app, link.getMatchRooms, { match_id: 99_999_999 })).toMatchObject({ status: 404, msg: 'Match not found' });
  });
});
