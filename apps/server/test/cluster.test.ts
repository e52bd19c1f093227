import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createAccountRepo } from '../src/modules/account/repo.ts';
import { randomToken, sha256 } from '../src/platform/crypto.ts';
import { ScoreClient as WsClient } from './score-client.ts';
import { freePort, ownDataDir, testDatabase } from './helpers.ts';
import { allTakeConnections, holderOf as holderAmong } from './socket-holders.ts';

// The site as a primary and two socket processes (WORKERS=2, what `npm start` runs on a 2-core
// machine), started as `npm start` starts it: on the embedded database the socket processes' SQL
// goes to the primary over IPC and the bus is the primary's relay (or Redis, the second run); on PostgreSQL (the second run of
// the server tests) each has its own pool. One socket process is killed mid-way: its viewers
// reconnect to the other, resume by sequence, and the primary starts a new one.

const here = path.dirname(fileURLToPath(import.meta.url));
const FEED_TOKEN = 'cluster-test-feed-token';
const REDIS = 'redis://127.0.0.1:6379';
let primary: ChildProcess;
let origin: string;
let dataDir: string;
let room: number;
let member: { id: number; token: string };
const sockets: WsClient[] = [];

/** The primary's socket processes (Linux: the kernel lists a process's children). */
const workers = () => fs.readFileSync(`/proc/${primary.pid}/task/${primary.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

/** Both socket processes take connections (probe connections land on each). */
const bothAccepting = async () => {
  const now = workers();
  return now.length === 2 && allTakeConnections(now, Number(new URL(origin).port));
};

/** The socket process holding a test client's connection (the server's end of it). */
const holderOf = (c: WsClient) => holderAmong(workers(), Number(new URL(origin).port), (c.ws as unknown as { _socket: { localPort: number } })._socket.localPort);

async function until<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await Promise.resolve(fn()).catch(() => undefined);
    if (v !== undefined && v !== false) return v as T;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function people(db: Database['db']) {
  const repo = createAccountRepo(db);
  const n = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  const anchor = await repo.createUser({ email: `ca.${n}@example.com`, passwordHash: null, nickname: `clanchor${n}`.slice(-20), inviteCode: `CA${n}`.toUpperCase().slice(-16), isAnchor: 1 });
  const m = await repo.createUser({ email: `cm.${n}@example.com`, passwordHash: null, nickname: `clmember${n}`.slice(-20), inviteCode: `CM${n}`.toUpperCase().slice(-16) });
  const token = randomToken(32);
  await repo.createSession({ userId: m.id, tokenHash: sha256(token), deviceType: 'pc', expiresAt: new Date(Date.now() + 86_400_000) });
  return { room: anchor.id, member: { id: m.id, token } };
}

async function credential(token?: string) {
  const res = await fetch(`${origin}/api/${token ? 'Member/imSign' : 'Universal/imTouristAccount'}`, { headers: token ? { token } : {} });
  return ((await res.json()) as { data: { identifier: string; userSig: string } }).data;
}

/** A chat socket logged in and joined to the room (after `lastSeq` when resuming). */
async function chatter(cred: { identifier: string; userSig: string }, lastSeq?: number) {
  const c = await WsClient.connect(`${origin.replace('http', 'ws')}/ws/im`);
  sockets.push(c);
  c.send({ type: 'login', ...cred });
  await c.next((f) => f.type === 'login', 15_000);
  c.send({ type: 'join', groupId: room, ...(lastSeq !== undefined ? { lastSeq } : {}) });
  await c.next((f) => f.type === 'joined', 15_000);
  return c;
}
const seqsOf = (c: WsClient) => c.frames.filter((f) => f.type === 'joined' || f.type === 'messages').flatMap((f) => f.messages.map((m: { seq: number }) => m.seq));

async function setUp(redis: string) {
  sockets.length = 0;
  dataDir = ownDataDir('livesports-cluster-');
  const url = process.env.TEST_DATABASE_URL;
  // Embedded: a data directory of its own, prepared here and closed before the primary opens it.
  const database = url ? await testDatabase() : await openDatabase({ dataDir });
  ({ room, member } = await people(database.db));
  if (!url) await database.close();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  primary = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/main.ts')], {
    env: {
      ...process.env,
      WORKERS: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url ?? '',
      REDIS_URL: redis,
      DEMO_DATA: 'off',
      DEMO_STREAMS: 'off',
      RTMP_PORT: '0',
      SERVE_WEB: 'off',
      FEED_TOKEN,
      IM_SECRET: 'cluster-test-secret',
      RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A forked process is listed seconds before it takes connections: until both do, every viewer
  // would land on the first (seen as a flake when this waited a fixed 6 s).
  await until('two socket processes', async () => (await bothAccepting()) && (await fetch(`${origin}/healthz`)).ok, 300_000);
}

async function tearDown() {
  for (const s of sockets) s.ws.terminate();
  if (primary && primary.exitCode === null) {
    const exited = new Promise((r) => primary.once('exit', r));
    primary.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// The bus between the socket processes: the primary's IPC relay (no REDIS_URL), or Redis, as a
// cluster of machines uses it (REDIS_URL; the database stays the primary's).
describe.each([
  { bus: "the primary's IPC relay", redis: '' },
  { bus: 'Redis', redis: REDIS },
])('WORKERS=2, $bus as the bus: two socket processes on one port', ({ redis }) => {
  beforeAll(() => setUp(redis), 360_000);
  afterAll(tearDown, 30_000);

  it('the primary hands new connections to the two socket processes in turn, so they hold even shares', async () => {
    expect(workers()).toHaveLength(2);
    const held = new Map<number | undefined, number>();
    for (let i = 0; i < 10; i++) {
      const c = await WsClient.connect(`${origin.replace('http', 'ws')}/ws/score`);
      sockets.push(c);
      const holder = holderOf(c);
      held.set(holder, (held.get(holder) ?? 0) + 1);
    }
    expect([...held.keys()].every((pid) => pid !== undefined)).toBe(true);
    expect([...held.values()]).toEqual([5, 5]);
  });

  it("chat and scores reach viewers on both processes; a killed process's viewers resume on the other; the primary restarts it", async () => {
    // Viewers join until both processes hold some (four at least).
    const viewers = [];
    for (let i = 0; i < 16 && (i < 4 || new Set(viewers.map((v) => v.holder)).size < 2); i++) {
      const cred = await credential();
      const socket = await chatter(cred);
      viewers.push({ cred, socket, holder: holderOf(socket) });
    }
    expect(new Set(viewers.map((v) => v.holder)).size).toBe(2);
    const senderCred = await credential(member.token);
    let sender = await chatter(senderCred);
    // Score sockets likewise until both processes hold one: the goal below must reach one on the
    // process that lives (two sockets could both land on the one killed: a flaky 'expected 0 > 0').
    const scores: WsClient[] = [];
    const scoreHolders = new Set<number | undefined>();
    for (let i = 0; i < 16 && (i < 2 || scoreHolders.size < 2); i++) {
      const s = await WsClient.connect(`${origin.replace('http', 'ws')}/ws/score`);
      sockets.push(s);
      s.send({ type: 'register', info: {} });
      await s.next((f) => f.code === 101, 15_000);
      scores.push(s);
      scoreHolders.add(holderOf(s));
    }
    expect(scoreHolders.size).toBe(2);

    const sent: number[] = [];
    async function say(text: string) {
      for (let attempt = 0; ; attempt++) {
        const since = sender.frames.length;
        sender.send({ type: 'send', groupId: room, text });
        const ack = await sender.next((f) => f.type === 'sent' || f.type === 'error', 10_000, since).catch(() => null);
        if (ack?.type === 'sent') return void sent.push(ack.seq);
        if (attempt > 2) throw new Error(`send failed: ${JSON.stringify(ack)}`);
        sender = await chatter(senderCred, Math.max(0, ...seqsOf(sender)));
      }
    }
    for (let i = 0; i < 3; i++) await say(`before ${i}`);
    for (const v of viewers) await until('the first messages', () => seqsOf(v.socket).includes(sent.at(-1)!), 15_000);

    // Kill one socket process; the viewers it held reconnect (to the other) and resume.
    const victim = viewers[0].holder!;
    const closes = viewers.map((v) => v.socket.closed().then(() => true));
    process.kill(victim, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    const cut = (await Promise.all(closes.map((p) => Promise.race([p, new Promise((r) => setTimeout(() => r(false), 2000))])))) as boolean[];
    expect(cut.filter(Boolean).length).toBeGreaterThan(0);
    expect(cut.filter((x) => !x).length).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) await say(`during ${i}`);
    for (const [i, v] of viewers.entries()) {
      if (!cut[i]) continue;
      const had = seqsOf(v.socket);
      v.socket = await chatter(v.cred, Math.max(0, ...had));
      v.socket.frames.unshift({ type: 'messages', messages: had.map((seq) => ({ seq })) });
    }
    for (let i = 0; i < 2; i++) await say(`after ${i}`);
    for (const v of viewers) {
      await until('every message', () => sent.every((s) => seqsOf(v.socket).includes(s)), 15_000);
      const mine = seqsOf(v.socket).filter((s) => sent.includes(s));
      expect(mine.length).toBe(new Set(mine).size);
    }

    // A goal pushed to the primary's ingest reaches score sockets on the living process, and a
    // score socket that reconnects gets the score in its snapshot.
    const live = scores.filter((s) => s.ws.readyState === s.ws.OPEN);
    expect(live.length).toBeGreaterThan(0);
    const post = (p: string, body: unknown) =>
      fetch(`${origin}/${p}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${FEED_TOKEN}` }, body: JSON.stringify(body) }).then(
        (r) => r.json() as Promise<any>,
      );
    const key = `cl-${Date.now()}`;
    const created = await post('api/feed/matches', {
      matches: [
        {
          key,
          sport: 'football',
          competition: { key: 'cl', name: { en: 'Cluster Cup' } },
          home: { key: 'cl-h', name: { en: 'Home' } },
          away: { key: 'cl-a', name: { en: 'Away' } },
          kickoff: new Date(Date.now() - 600_000).toISOString(),
          status: 2,
          match_str: "10'",
        },
      ],
    });
    const matchId = created.data.ids[0];
    await post('api/feed/events', { match_id: matchId, events: [{ key: `${key}-g1`, kind: 'goal', side: 'home', minute: 11, score: [1, 0] }] });
    for (const s of live) await s.next((f) => f.code === 100 && f.data?.type === 'goal' && f.data.match_id === matchId, 15_000);
    const again = await WsClient.connect(`${origin.replace('http', 'ws')}/ws/score`);
    sockets.push(again);
    again.send({ type: 'register', info: {} });
    const snap = await again.next((f) => f.code === 100 && f.data?.snapshot && f.data.type === 'football_match' && f.data.list.some((r: any) => r.id === matchId), 15_000);
    expect(snap.data.list.find((r: any) => r.id === matchId).home_score).toBe(1);

    await until('the primary to start another socket process', () => workers().length === 2 && !workers().includes(victim), 60_000);
  }, 180_000);
});
