// The two servers the chat fan-out bench compares, each in its own process (started by
// fanout.ts with fork). Both speak the same /ws/im frames and hand out credentials on the same
// two HTTP calls, so one load generator drives either:
//   bare — a plain `ws` server: accepts any login, numbers messages in memory, batches them per
//          room (a batch 100 ms after the last was written out, the site's rule) and writes the
//          same serialized batch to every member; the floor any
//          chat server with 100 ms batching sits on (no credential check, no database, no bus);
//   floor-threads — the bare server, except that each batch's frame bytes are written straight to
//          the members' socket descriptors (write(2) via fs.writeSync) by 2 worker threads, half
//          of the members each: no ws sender, no stream, both cores writing. Not something to run
//          (it bypasses libuv's write queue, so a slow reader would get a torn stream); it shows
//          what the kernel of this machine allows when the writes are spread over both cores;
//   site — the real site (every plugin, the chat module, real UserSig credentials, messages stored
//          in the database, the bus), with one anchor (the room) and the sender accounts made
//          directly through the account repo, each with a session token for api/Member/imSign.
//          With BENCH_REDIS_URL the site uses Redis as its bus, and with BENCH_SHARED
//          ({groupId, tokens} of a first site process) it is a second process of the same site:
//          same database, same room, same senders.
//
//   argv: <bare|floor-threads|site> <number of sender accounts>
// Replies once over IPC: { port, groupId, tokens } (one session token per sender).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { WebSocketServer, type WebSocket } from 'ws';
import { prepareFrame } from '../../apps/server/src/platform/prepared-frame.ts';

const kind = process.argv[2];
const senders = Number(process.argv[3] ?? 400);
let port: number;
let groupId: number;
let tokens: string[];
let stop: () => Promise<void>;

if (kind === 'bare' || kind === 'floor-threads') {
  const BATCH_MS = 100;
  const THREADS = 2;
  const writer = `
    const { parentPort } = require('node:worker_threads');
    const fs = require('node:fs');
    let fds = [];
    parentPort.on('message', (m) => {
      if (m.fds) return void (fds = m.fds);
      for (const fd of fds) { try { fs.writeSync(fd, m.frame); } catch {} }
      parentPort.postMessage('done');
    });`;
  const workers = kind === 'floor-threads' ? Array.from({ length: THREADS }, () => new Worker(writer, { eval: true })) : [];
  let shared = -1;
  const members = new Set<WebSocket>();
  let seq = 0;
  let pending: object[] = [];
  let timer: NodeJS.Timeout | null = null;
  // Batches follow the site's rule (room-groups.ts): the next leaves BATCH_MS after the last was
  // written out, so when the writes fill the CPU batches space out instead of queueing up (the
  // threads' queues grew without end on a slow machine: p50 1.2 s, a floor no server would have).
  let writing = 0;
  let lastFlush = 0;
  const schedule = () => {
    if (timer || writing) return;
    timer = setTimeout(flush, Math.max(0, BATCH_MS - (performance.now() - lastFlush)));
  };
  const written = () => {
    lastFlush = performance.now();
    if (pending.length) schedule();
  };
  for (const w of workers) w.on('message', () => --writing === 0 && written());
  const flush = () => {
    timer = null;
    const text = JSON.stringify({ type: 'messages', groupId, messages: pending });
    pending = [];
    if (!workers.length) {
      const frame = Buffer.from(text);
      for (const ws of members) ws.send(frame, { binary: false });
      return written();
    }
    if (shared !== members.size) {
      const fds = [...members].map((ws) => (ws as unknown as { _socket: { _handle: { fd: number } } })._socket._handle.fd);
      workers.forEach((w, i) => w.postMessage({ fds: fds.filter((_, j) => j % THREADS === i) }));
      shared = members.size;
    }
    const frame = prepareFrame(text).bytes;
    writing = workers.length;
    for (const w of workers) w.postMessage({ frame });
  };
  let tourist = 0;
  const server = http.createServer((req, res) => {
    const identifier = req.url!.includes('imTouristAccount') ? `tourist_${++tourist}` : String(1000 + Number(req.headers.token));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ code: 200, msg: 'Success', data: { identifier, userSig: 'bare', sdkAppId: 1, expire: 86_400 } }));
  });
  const wss = new WebSocketServer({ server, path: '/ws/im' });
  wss.on('connection', (ws) => {
    let identifier = '';
    ws.on('close', () => members.delete(ws));
    ws.on('message', (raw) => {
      const f = JSON.parse(raw.toString());
      if (f.type === 'login') {
        identifier = f.identifier;
        ws.send(JSON.stringify({ type: 'login', identifier, guest: identifier.startsWith('tourist_') }));
      } else if (f.type === 'join') {
        members.add(ws);
        ws.send(JSON.stringify({ type: 'joined', groupId: f.groupId, messages: [] }));
      } else if (f.type === 'send') {
        const m = { groupId, seq: ++seq, from: identifier, nick: `bench ${identifier}`, avatar: '', type: 'TIMTextElem', payload: { text: f.text }, time: Math.floor(Date.now() / 1000) };
        pending.push(m);
        schedule();
        ws.send(JSON.stringify({ type: 'sent', groupId, seq: m.seq }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as { port: number }).port;
  groupId = 1;
  tokens = Array.from({ length: senders }, (_, i) => String(i));
  stop = async () => {
    for (const ws of members) ws.terminate();
    await Promise.all(workers.map((w) => w.terminate()));
    server.close();
  };
} else {
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const { loadConfig } = await import('../../apps/server/src/config.ts');
  const { createAccountRepo } = await import('../../apps/server/src/modules/account/repo.ts');
  const { randomToken, sha256 } = await import('../../apps/server/src/platform/crypto.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-bench-chat-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'off',
    RATE_LIMIT_SCALE: '0',
    DEMO_DATA: 'off',
    DEMO_STREAMS: 'off',
    MATCH_REPLAY_SPEED: '0',
    RTMP_PORT: '0',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
  });
  const app = await buildApp({ config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;

  // People: the anchor whose room is the group, and the senders, each with a session token.
  const repo = createAccountRepo(app.database.db);
  const tag = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  const mk = async (name: string, isAnchor: 0 | 1) => {
    const n = `${name}${tag}`;
    const u = await repo.createUser({ email: `${n}@bench.local`, passwordHash: null, nickname: name.slice(0, 20), inviteCode: n.toUpperCase().slice(0, 20), isAnchor });
    return u.id;
  };
  if (process.env.BENCH_SHARED) {
    ({ groupId, tokens } = JSON.parse(process.env.BENCH_SHARED) as { groupId: number; tokens: string[] });
  } else {
    groupId = await mk('anchor', 1);
    tokens = [];
    for (let i = 0; i < senders; i++) {
      const id = await mk(`s${i}x`, 0);
      const token = randomToken(32);
      await repo.createSession({ userId: id, tokenHash: sha256(token), deviceType: 'pc', expiresAt: new Date(Date.now() + 86_400_000) });
      tokens.push(token);
    }
  }
  stop = async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
process.on('SIGTERM', () => void stop().finally(() => process.exit(0)));
process.send!({ port, groupId, tokens });
