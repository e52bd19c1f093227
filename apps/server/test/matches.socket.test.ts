import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import * as api from '@livesports/contracts/matches';
import { scoreSocket } from '../src/modules/matches/score-socket/index.ts';
import { otherApp } from './helpers.ts';
import { feed, footballMatch, ingestMatch, odds, tag } from './matches-helpers.ts';
import { isMatchFrame, ScoreClient } from './score-client.ts';

// The /ws/score protocol end to end, over real sockets: register (code 101) and snapshot, toggle
// and classify, heartbeat, frames for scores, odds and goals, a reconnect that loses nothing,
// and two server processes fanning out through Redis.

const REDIS = 'redis://127.0.0.1:6379';
let app: FastifyInstance;
let url: string;
const clients: ScoreClient[] = [];

async function listen(a: FastifyInstance) {
  await a.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(a.server.address() as { port: number }).port}/ws/score`;
}
async function connect(u = url) {
  const c = await ScoreClient.connect(u);
  clients.push(c);
  return c;
}
/** A round trip: every frame the server sent before answering this heartbeat has arrived. */
async function sync(c: ScoreClient) {
  const since = c.frames.length;
  c.send({ type: 'heartbeat' });
  await c.next((f) => f.code === 102, 5000, since);
  return c.frames.slice(since);
}

beforeAll(async () => {
  app = await otherApp({});
  url = await listen(app);
});
afterAll(async () => {
  for (const c of clients) c.ws.terminate();
  await app.close();
});

describe('/ws/score protocol', () => {
  it('answers heartbeats and bad messages, and pushes nothing before register', async () => {
    const id = await ingestMatch(app, footballMatch(tag(), { status: 2 }));
    const c = await connect();
    c.send({ type: 'heartbeat' });
    const pong = await c.next((f) => f.code === 102);
    expect(pong).toMatchObject({ code: 102, msg: 'pong' });
    expect(typeof pong.data.server_time).toBe('number');
    c.send('not json');
    expect(await c.next((f) => f.code === 1)).toMatchObject({ code: 1, msg: 'bad message' });
    c.send({ type: 'toggle', company_id: 'x' });
    await sync(c);
    await feed(app, api.feedEvents, { match_id: id, events: [{ key: 'g1', kind: 'goal', side: 'home', minute: 5 }] });
    expect((await sync(c)).filter((f) => f.code === 100)).toEqual([]);
  });

  it('register: code 101, then a snapshot of both sports; then score frames and goal alerts', async () => {
    const t = tag();
    const id = await ingestMatch(app, footballMatch(t, { status: 2, match_str: "20'" }));
    const c = await connect();
    c.send({ type: 'register', info: { lang: 'en' } });
    const reg = await c.next((f) => f.code === 101);
    expect(reg).toMatchObject({ code: 101, data: { heartbeat: api.HEARTBEAT_MS } });
    const snap = await c.next(isMatchFrame('football', (r) => r.id === id, true));
    expect(snap.data.list.find((r: api.MatchRow) => r.id === id)).toMatchObject({ status: 2, match_str: "20'", home_score: 0 });
    await c.next((f) => f.data?.type === 'basketball_match' && f.data.snapshot === true);

    const since = c.frames.length;
    await feed(app, api.feedEvents, { match_id: id, events: [{ key: 'g1', kind: 'goal', side: 'away', minute: 21, extra: 0, player: 'Scorer' }] });
    const row = (
      await c.next(
        isMatchFrame('football', (r) => r.id === id && r.away_score === 1, false),
        5000,
        since,
      )
    ).data.list.find((r: api.MatchRow) => r.id === id);
    expect(row.rev).toBeGreaterThan(snap.data.list.find((r: api.MatchRow) => r.id === id).rev);
    const goal = await c.next((f) => f.data?.type === 'goal' && f.data.match_id === id, 5000, since);
    expect(goal).toEqual({
      code: 100,
      msg: '',
      data: expect.objectContaining({
        type: 'goal',
        sport: 'football',
        iszhu: 0,
        match_str: "21'",
        player: 'Scorer',
        home_team_name_zh: `主队${t}`,
        away_team_name_zh: `客队${t}`,
        home_team_name_en: `Home ${t}`,
        home_score: 0,
        away_score: 1,
      }),
    });
    // Cards are alerts too; a match that is not in play alerts nobody.
    await feed(app, api.feedEvents, { match_id: id, events: [{ key: 'y1', kind: 'yellow', side: 'home', minute: 25 }] });
    await c.next((f) => f.data?.type === 'yellow_card' && f.data.match_id === id && f.data.iszhu === 1, 5000, since);
    const later = await ingestMatch(app, footballMatch(tag()));
    await feed(app, api.feedEvents, { match_id: later, events: [{ key: 'g', kind: 'goal', side: 'home', minute: 1 }] });
    expect((await sync(c)).some((f) => f.data?.type === 'goal' && f.data.match_id === later)).toBe(false);
  });

  it("toggle + classify 0 brings the chosen company's odds; classify 1 stops them", async () => {
    const id = await ingestMatch(app, footballMatch(tag(), { status: 2 }));
    await feed(app, api.feedOdds, { match_id: id, odds: [...odds(1), ...odds(2)] });
    const c = await connect();
    c.send({ type: 'register', info: {} });
    await c.next((f) => f.data?.type === 'basketball_match');
    expect((await sync(c)).some((f) => f.data?.type === 'football_exponent')).toBe(false);
    c.send({ type: 'toggle', company_id: 2 });
    c.send({ type: 'classify', classify_type: 0 });
    const snap = await c.next((f) => f.data?.type === 'football_exponent' && f.data.snapshot === true);
    expect(snap.data.company_id).toBe(2);
    expect(snap.data.list.find((r: api.ExponentRow) => r.match_id === id)).toMatchObject({ company_id: 2, eu: { initial: [2.1, 3.3, 3.4] } });
    await c.next((f) => f.data?.type === 'basketball_exponent' && f.data.snapshot === true);

    await feed(app, api.feedOdds, { match_id: id, odds: [{ company_id: 1, kind: 'eu', scram: [1.5, 4, 6] }] });
    expect((await sync(c)).some((f) => f.data?.type === 'football_exponent')).toBe(false);
    await feed(app, api.feedOdds, { match_id: id, odds: [{ company_id: 2, kind: 'eu', scram: [1.6, 3.9, 5.5] }] });
    const live = (await sync(c)).find((f) => f.data?.type === 'football_exponent');
    expect(live.data).toMatchObject({ snapshot: false, company_id: 2, list: [{ match_id: id, company_id: 2, eu: { scram: [1.6, 3.9, 5.5] } }] });

    c.send({ type: 'classify', classify_type: 1 });
    await sync(c);
    await feed(app, api.feedOdds, { match_id: id, odds: [{ company_id: 2, kind: 'eu', scram: [1.7, 3.8, 5] }] });
    expect((await sync(c)).some((f) => f.data?.type === 'football_exponent')).toBe(false);
    // Scores still come.
    await feed(app, api.feedMatches, { matches: [{ ...footballMatch(tag()), status: 2 }] });
    expect((await sync(c)).some((f) => f.data?.type === 'football_match')).toBe(true);
  });

  it('a client that reconnects gets what it missed in its snapshot', async () => {
    const t = tag();
    const id = await ingestMatch(app, footballMatch(t, { status: 2 }));
    const c = await connect();
    c.send({ type: 'register', info: {} });
    await c.next(isMatchFrame('football', (r) => r.id === id && r.home_score === 0, true));
    await c.close();
    // Missed while away: two goals and half-time.
    await feed(app, api.feedEvents, {
      match_id: id,
      events: [
        { key: 'a', kind: 'goal', side: 'home', minute: 30 },
        { key: 'b', kind: 'goal', side: 'home', minute: 40 },
      ],
    });
    await feed(app, api.feedMatches, { matches: [footballMatch(t, { status: 3, half: [2, 0] })] });
    const again = await connect();
    again.send({ type: 'register', info: {} });
    const snap = await again.next(isMatchFrame('football', (r) => r.id === id, true));
    expect(snap.data.list.find((r: api.MatchRow) => r.id === id)).toMatchObject({ status: 3, match_str: 'HT', home_score: 2, home_half_score: 2 });
  });

  it('frames sent while a snapshot is being prepared follow it, never precede it', async () => {
    const t = tag();
    const id = await ingestMatch(app, footballMatch(t, { status: 2 }));
    const c = await connect();
    c.send({ type: 'register', info: {} });
    await c.next((f) => f.code === 101);
    // The goal lands while the snapshot is being read (or just after): either way no frame of
    // this match may come before the snapshot, and the last word is the latest state.
    await feed(app, api.feedEvents, { match_id: id, events: [{ key: 'z', kind: 'goal', side: 'home', minute: 50 }] });
    await c.next((f) => f.data?.type === 'basketball_match' && f.data.snapshot);
    await sync(c);
    const ofMatch = c.frames.filter(isMatchFrame('football', (r) => r.id === id));
    expect(ofMatch[0].data.snapshot).toBe(true);
    expect(ofMatch.at(-1).data.list.find((r: api.MatchRow) => r.id === id).home_score).toBe(1);
  });

  it('drops a client that stops sending heartbeats', async () => {
    const bare = Fastify();
    await bare.register(websocket);
    // The socket caps the site's http plugin gives every socket route (platform/http.ts).
    bare.decorate('sockets', app.sockets);
    await bare.register(scoreSocket, { service: app.matches, idleMs: 300 });
    const u = await listen(bare);
    try {
      const quiet = await ScoreClient.connect(u);
      const alive = await ScoreClient.connect(u);
      const beat = setInterval(() => alive.send({ type: 'heartbeat' }), 100);
      const code = await quiet.closed();
      clearInterval(beat);
      expect(code).toBe(1006);
      expect(alive.ws.readyState).toBe(alive.ws.OPEN);
      alive.ws.terminate();
    } finally {
      await bare.close();
    }
  });
});

describe('/ws/score across two processes (Redis)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    [a, b] = await Promise.all([otherApp({ REDIS_URL: REDIS }), otherApp({ REDIS_URL: REDIS })]);
    await Promise.all([listen(a), listen(b)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('a goal ingested on one process reaches the clients of both', async () => {
    expect(a.bus.kind).toBe('redis');
    const t = tag();
    const id = await ingestMatch(a, footballMatch(t, { status: 4, match_str: "60'" }));
    const port = (x: FastifyInstance) => (x.server.address() as { port: number }).port;
    const [onA, onB] = await Promise.all([connect(`ws://127.0.0.1:${port(a)}/ws/score`), connect(`ws://127.0.0.1:${port(b)}/ws/score`)]);
    for (const c of [onA, onB]) {
      c.send({ type: 'register', info: {} });
      await c.next(isMatchFrame('football', (r) => r.id === id, true));
    }
    await feed(a, api.feedEvents, { match_id: id, events: [{ key: 'r', kind: 'goal', side: 'home', minute: 61, player: 'Far Away' }] });
    for (const c of [onA, onB]) {
      await c.next(isMatchFrame('football', (r) => r.id === id && r.home_score === 1, false));
      expect(await c.next((f) => f.data?.type === 'goal' && f.data.match_id === id)).toMatchObject({ data: { player: 'Far Away', home_score: 1 } });
    }
    // B's snapshot cache heard about the change too.
    const late = await connect(`ws://127.0.0.1:${port(b)}/ws/score`);
    late.send({ type: 'register', info: {} });
    const snap = await late.next(isMatchFrame('football', (r) => r.id === id, true));
    expect(snap.data.list.find((r: api.MatchRow) => r.id === id).home_score).toBe(1);
  });
});
