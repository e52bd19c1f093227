import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { createAccountRepo } from '../src/modules/account/repo.ts';
import { randomToken, sha256 } from '../src/platform/crypto.ts';
import { ScoreClient as WsClient } from './score-client.ts';
import { freePort, testDatabase } from './helpers.ts';

// One bad line never takes others with it (issue #50 item 2), in the site as `npm start` runs it
// on a 2-core machine: a primary owning the database and two socket processes (WORKERS=2). On the
// embedded database the socket processes hand their lines to the primary, which numbers them and
// writes them together; a line with a NUL byte among them is refused to its sender before it is
// numbered, and every other line is acknowledged, shown and in the history.

const here = path.dirname(fileURLToPath(import.meta.url));
let primary: ChildProcess;
let origin: string;
let dataDir: string;
let room: number;
let tokens: string[];
const sockets: WsClient[] = [];

async function until<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await Promise.resolve(fn()).catch(() => undefined);
    if (v !== undefined && v !== false) return v as T;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function credential(token: string) {
  const res = await fetch(`${origin}/api/Member/imSign`, { headers: { token } });
  return ((await res.json()) as { data: { identifier: string; userSig: string } }).data;
}

async function inRoom(token: string) {
  const c = await WsClient.connect(`${origin.replace('http', 'ws')}/ws/im`);
  sockets.push(c);
  c.send({ type: 'login', ...(await credential(token)) });
  await c.next((f) => f.type === 'login', 15_000);
  c.send({ type: 'join', groupId: room });
  await c.next((f) => f.type === 'joined', 15_000);
  return c;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-send-cluster-'));
  const url = process.env.TEST_DATABASE_URL;
  const database = url ? await testDatabase() : await openDatabase({ dataDir });
  const repo = createAccountRepo(database.db);
  const n = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  const anchor = await repo.createUser({ email: `sa.${n}@example.com`, passwordHash: null, nickname: `sanchor${n}`.slice(-20), inviteCode: `SA${n}`.toUpperCase().slice(-16), isAnchor: 1 });
  room = anchor.id;
  tokens = [];
  for (let i = 0; i < 4; i++) {
    const m = await repo.createUser({ email: `s${i}.${n}@example.com`, passwordHash: null, nickname: `sfan${i}${n}`.slice(-20), inviteCode: `S${i}${n}`.toUpperCase().slice(-16) });
    const token = randomToken(32);
    await repo.createSession({ userId: m.id, tokenHash: sha256(token), deviceType: 'pc', expiresAt: new Date(Date.now() + 86_400_000) });
    tokens.push(token);
  }
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
      REDIS_URL: '',
      DEMO_DATA: 'off',
      DEMO_STREAMS: 'off',
      RTMP_PORT: '0',
      SERVE_WEB: 'off',
      IM_SECRET: 'send-cluster-secret',
      RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await until(
    'the cluster',
    async () => (fs.readFileSync(`/proc/${primary.pid}/task/${primary.pid}/children`, 'utf8').trim().split(/\s+/).length === 2 && (await fetch(`${origin}/healthz`)).ok) || undefined,
    300_000,
  );
}, 360_000);

afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  if (primary && primary.exitCode === null) {
    const exited = new Promise((r) => primary.once('exit', r));
    primary.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('WORKERS=2 (npm start): a NUL-byte line among concurrent lines', () => {
  it('is refused to its sender; every other line is acknowledged, shown on both processes and in the history', async () => {
    // Connections are handed to the socket processes in turn: the senders and the watcher are spread over both.
    const senders = [];
    for (const t of tokens.slice(0, 3)) senders.push(await inRoom(t));
    const watcher = await inRoom(tokens[3]);
    const tag = Date.now().toString(36);
    const lines: Array<{ c: WsClient; rid: number; text: string }> = [];
    for (let round = 0; round < 3; round++) senders.forEach((c, i) => lines.push({ c, rid: 10 + round * 10 + i, text: round === 1 && i === 1 ? `nul\u0000${tag}` : `l${round}.${i} ${tag}` }));
    for (const l of lines) l.c.send({ type: 'send', groupId: room, text: l.text, rid: l.rid });
    const answers = await Promise.all(
      lines.map(async (l) => {
        const f = await l.c.next((x) => (x.type === 'sent' || x.type === 'error') && x.rid === l.rid, 15_000);
        return f.type === 'sent' ? 'sent' : f.msg;
      }),
    );
    expect(answers).toEqual(lines.map((l) => (l.text.includes('\u0000') ? 'Your message contains characters that cannot be sent' : 'sent')));
    const good = lines.filter((l) => !l.text.includes('\u0000')).map((l) => l.text);
    const live = (c: WsClient) => c.frames.filter((f) => f.type === 'messages').flatMap((f) => f.messages.map((m: { payload: { text: string } }) => m.payload.text));
    for (const c of [watcher, ...senders]) await until('every good line shown', () => good.every((t) => live(c).includes(t)) || undefined, 15_000);
    expect(live(watcher).filter((t: string) => t.includes('\u0000'))).toEqual([]);
    const res = await fetch(`${origin}/api/Barrage/getList?room_id=${room}`);
    const history = ((await res.json()) as { data: Array<{ payload: { text: string }; seq: number }> }).data;
    expect(history.map((m) => m.payload.text).sort()).toEqual([...good].sort());
    expect(history.map((m) => m.seq)).toEqual(history.map((_, i) => i + 1));
  });
});
