import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as rooms from '@livesports/contracts/live';
import * as reserve from '@livesports/contracts/live-reserve';
import { matchCompetitions, matches, matchSeasons, matchTeams } from '../src/db/schema/matches.ts';
import { call, testApp } from './helpers.ts';
import { approvedAnchor, liveUser } from './live.helpers.ts';

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof liveUser>>;
let a: Awaited<ReturnType<typeof approvedAnchor>>;
let b: Awaited<ReturnType<typeof approvedAnchor>>;
let fan: Awaited<ReturnType<typeof liveUser>>;
const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

/** A football match as the matches module stores it (names in three languages). */
async function footballMatch(status: number) {
  const db = app.database.db;
  const tag = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const [comp] = await db
    .insert(matchCompetitions)
    .values({ sport: 'football', key: `c${tag}`, nameZh: '西甲', nameZht: '西甲', nameEn: 'LaLiga', nameEs: 'LaLiga' })
    .returning();
  const [season] = await db.insert(matchSeasons).values({ competitionId: comp.id, name: '2025' }).returning();
  const [home] = await db
    .insert(matchTeams)
    .values({ sport: 'football', key: `h${tag}`, nameZh: '皇家马德里', nameZht: '皇家馬德里', nameEn: 'Real Madrid', nameEs: 'Real Madrid' })
    .returning();
  const [away] = await db
    .insert(matchTeams)
    .values({ sport: 'football', key: `a${tag}`, nameZh: '巴塞罗那', nameZht: '巴塞隆拿', nameEn: 'Barcelona', nameEs: 'FC Barcelona' })
    .returning();
  const [m] = await db
    .insert(matches)
    .values({
      sport: 'football',
      source: 'feed',
      extKey: `m${tag}`,
      competitionId: comp.id,
      seasonId: season.id,
      homeTeamId: home.id,
      awayTeamId: away.id,
      kickoffAt: new Date(Date.now() + 5 * 3600_000),
      status,
    })
    .returning();
  return m;
}

beforeAll(async () => {
  app = await testApp();
  admin = await liveUser(app, { admin: true });
  a = await approvedAnchor(app, admin);
  b = await approvedAnchor(app, admin);
  fan = await liveUser(app);
});

describe('POST api/Live/setReserveLiveNew', () => {
  it('needs an anchor', async () => {
    const input = { title: 'Derby', start_time: inHours(3) };
    expect((await call(app, reserve.setReserveLiveNew, input)).code).toBe(700);
    expect(await call(app, reserve.setReserveLiveNew, input, { token: fan.token })).toMatchObject({ status: 403, msg: 'Only anchors can do this. Apply to become an anchor first' });
  });

  it('checks the title, the time window, the sport and the match', async () => {
    const t = { token: a.token };
    expect((await call(app, reserve.setReserveLiveNew, { title: ' ', start_time: inHours(3) }, t)).msg).toBe('Please enter what you will stream');
    expect((await call(app, reserve.setReserveLiveNew, { title: 'x', start_time: 'soon' }, t)).msg).toBe('Choose a start time within the next 30 days');
    expect((await call(app, reserve.setReserveLiveNew, { title: 'x', start_time: inHours(-1) }, t)).msg).toBe('Choose a start time within the next 30 days');
    expect((await call(app, reserve.setReserveLiveNew, { title: 'x', start_time: inHours(31 * 24) }, t)).msg).toBe('Choose a start time within the next 30 days');
    expect((await call(app, reserve.setReserveLiveNew, { title: 'x', start_time: inHours(3), sport: 7 }, t)).msg).toBe('Unknown match type');
    expect((await call(app, reserve.setReserveLiveNew, { title: 'x', start_time: inHours(3), match_id: 5 }, t)).msg).toBe('Unknown match type');
    expect((await call(app, reserve.setReserveLiveNew, { title: 'x', start_time: inHours(3), sport: 1, match_id: 99_999_999 }, t)).msg).toBe('Match not found');
    expect((await call(app, reserve.setReserveLiveNew, { title: 'x', start_time: inHours(3), home_name: 'h'.repeat(61) }, t)).msg).toBe('Team and league names cannot exceed 60 characters');
    const finished = await footballMatch(8);
    expect(await call(app, reserve.setReserveLiveNew, { title: 'x', start_time: inHours(3), sport: 1, match_id: finished.id }, t)).toMatchObject({
      status: 409,
      msg: 'This match has already finished',
    });
    expect((await call(app, reserve.getReserveLiveList, { room_id: a.id })).data.total).toBe(0);
  });

  it('announces a broadcast, of a match with its names in the caller language, or free-form', async () => {
    const m = await footballMatch(1);
    const linked = await call(app, reserve.setReserveLiveNew, { title: 'El Clásico', start_time: inHours(5), sport: 1, match_id: m.id }, { token: a.token, lang: 'zh' });
    expect(linked.data).toMatchObject({
      room_id: a.id,
      title: 'El Clásico',
      sport: 1,
      match_id: m.id,
      home_name: '皇家马德里',
      away_name: '巴塞罗那',
      league_name: '西甲',
      reserve_count: 0,
      reserved: 0,
    });
    // Unix seconds are accepted too.
    const free = await call(app, reserve.setReserveLiveNew, { title: 'Q&A', start_time: String(Math.floor(Date.now() / 1000) + 7200), home_name: 'ignored?' }, { token: a.token });
    expect(free.data).toMatchObject({ sport: 0, match_id: null, title: 'Q&A', home_name: 'ignored?' });
    const list = await call(app, reserve.getReserveLiveList, { room_id: a.id });
    expect(list.data.list.map((r: { title: string }) => r.title)).toEqual(['Q&A', 'El Clásico']);
    // The offline room shows its next broadcast.
    expect((await call(app, rooms.getRoomInfo, { room_id: a.id })).data.reserve).toMatchObject({ title: 'Q&A' });
  });
});

describe('reserving an announced broadcast', () => {
  let id: number;
  beforeAll(async () => {
    id = (await call(app, reserve.setReserveLiveNew, { title: 'Cup final', start_time: inHours(10) }, { token: b.token })).data.id;
  });

  it('toggles, counts, and shows on /reserve', async () => {
    expect((await call(app, reserve.reserveLive, { id })).code).toBe(700);
    const on = await call(app, reserve.reserveLive, { id }, { token: fan.token });
    expect(on).toMatchObject({ code: 200, msg: 'Reserved: we will remind you before it starts', data: { reserved: 1, reserve_count: 1 } });
    const seen = await call(app, reserve.getReserveLiveList, { room_id: b.id }, { token: fan.token });
    expect(seen.data.list[0]).toMatchObject({ id, reserved: 1, reserve_count: 1 });
    expect((await call(app, reserve.getReserveLiveList, { room_id: b.id })).data.list[0].reserved).toBe(0);
    const mine = await call(app, reserve.getUserReserveLiveList, {}, { token: fan.token });
    expect(mine.data.list).toEqual([expect.objectContaining({ id, room_id: b.id, title: 'Cup final', is_live: 0, reserved: 1 })]);
    const off = await call(app, reserve.reserveLive, { id }, { token: fan.token });
    expect(off).toMatchObject({ msg: 'Reservation cancelled', data: { reserved: 0, reserve_count: 0 } });
    expect((await call(app, reserve.getUserReserveLiveList, {}, { token: fan.token })).data.list).toEqual([]);
    expect((await call(app, reserve.getUserReserveLiveList, {})).code).toBe(700);
  });

  it('an anchor cannot reserve their own, nobody an unknown one', async () => {
    expect(await call(app, reserve.reserveLive, { id }, { token: b.token })).toMatchObject({ status: 400, msg: 'You cannot reserve your own broadcast' });
    expect(await call(app, reserve.reserveLive, { id: 99_999_999 }, { token: fan.token })).toMatchObject({ status: 404, msg: 'Reservation not found' });
    expect((await call(app, reserve.reserveLive, { id: 'x' }, { token: fan.token })).msg).toBe('Reservation not found');
  });

  it('only its anchor deletes it', async () => {
    expect((await call(app, reserve.deleteReserveLive, { id })).code).toBe(700);
    expect(await call(app, reserve.deleteReserveLive, { id }, { token: fan.token })).toMatchObject({ status: 403 });
    expect(await call(app, reserve.deleteReserveLive, { id }, { token: a.token })).toMatchObject({ status: 403 });
    expect(await call(app, reserve.deleteReserveLive, { id }, { token: b.token })).toMatchObject({ code: 200, msg: 'Reservation deleted' });
    expect(await call(app, reserve.deleteReserveLive, { id }, { token: b.token })).toMatchObject({ status: 404, msg: 'Reservation not found' });
  });

  it('lists every upcoming broadcast, soonest first, with paging', async () => {
    const all = await call(app, reserve.getReserveLiveList, { limit: 50 });
    const times = all.data.list.map((r: { start_time: string }) => r.start_time);
    expect([...times].sort()).toEqual(times);
    expect(all.data.list.every((r: { start_time: string }) => new Date(r.start_time).getTime() > Date.now())).toBe(true);
    expect((await call(app, reserve.getReserveLiveList, { room_id: 0 })).msg).toBe('Unknown live room');
  });

  it('keeps at most 20 upcoming per anchor', async () => {
    const c = await approvedAnchor(app, admin);
    for (let i = 0; i < 20; i++) expect((await call(app, reserve.setReserveLiveNew, { title: `Show ${i}`, start_time: inHours(1 + i) }, { token: c.token })).code).toBe(200);
    expect(await call(app, reserve.setReserveLiveNew, { title: 'One more', start_time: inHours(30) }, { token: c.token })).toMatchObject({
      status: 409,
      msg: 'You can keep at most 20 upcoming reservations',
    });
  });
});
