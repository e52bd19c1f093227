// The servers the score-push bench compares, each in its own process (started by
// score-push.ts with fork):
//   bare          — a plain `ws` server that, on POST /push, writes the goal frame to every socket
//                   with `ws.send` (what any ws server does);
//   bare-prepared — the same, but encodes the frame once (prepareFrame) and writes those buffers
//                   to every socket (sendPrepared), as /ws/score does: the floor the site sits on;
//   floor-threads — not a server anyone would run: after the WebSocket handshake (done by `ws`),
//                   the goal frame's bytes are written straight to the sockets' file descriptors
//                   (write(2) via fs.writeSync) from 2 worker threads, half of the sockets each. No
//                   ws sender, no stream, no event loop in the way, both cores writing at once: how
//                   fast this machine's kernel can put one frame on 5,000 loopback sockets;
//   site          — the real site (all plugins, the matches module, /ws/score, the HTTP ingest), with
//                   the embedded replay off so only the bench's goals move.
// Every server stamps the moment it accepts a request (its HTTP server's 'request' event, before
// any body parsing, token check, validation, database write or bus) in an `x-accepted-at` response
// header, in ms of CLOCK_MONOTONIC (process.hrtime), the clock the load processes stamp arrivals with.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { WebSocketServer, type WebSocket } from 'ws';
import { joinFrames, prepareFrame, sendPrepared } from '../../apps/server/src/platform/prepared-frame.ts';

const kind = process.argv[2];
let port: number;
let stop: () => Promise<void>;

function stampAccepted(server: http.Server) {
  // Runs before the server's own handler: the earliest moment the request is in the server's hands.
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.setHeader('x-accepted-at', String(Number(process.hrtime.bigint()) / 1e6));
  });
}

if (kind === 'floor-threads') {
  const THREADS = 2;
  const sockets: WebSocket[] = [];
  // Each thread gets its share of descriptors once, then one frame per push.
  const writer = `
    const { parentPort } = require('node:worker_threads');
    const fs = require('node:fs');
    let fds = [];
    parentPort.on('message', (m) => {
      if (m.fds) return void (fds = m.fds);
      for (const fd of fds) { try { fs.writeSync(fd, m.frame); } catch {} }
    });`;
  const workers = Array.from({ length: THREADS }, () => new Worker(writer, { eval: true }));
  let shared = -1;
  const server = http.createServer(async (req, res) => {
    const score = Number(new URL(req.url!, 'http://x').searchParams.get('score'));
    // A body {frames: [text, …]} gives the frames to write (the cluster bench sends the very frames
    // the site wrote for a goal: its alert and the match's row); without one, a small goal frame.
    let body = '';
    for await (const chunk of req) body += chunk;
    const given = body ? (JSON.parse(body) as { frames?: string[] }).frames : undefined;
    if (shared !== sockets.length) {
      const fds = sockets.map((ws) => (ws as unknown as { _socket: { _handle: { fd: number } } })._socket._handle.fd);
      workers.forEach((w, i) => w.postMessage({ fds: fds.filter((_, j) => j % THREADS === i) }));
      shared = sockets.length;
    }
    const texts = given ?? [JSON.stringify({ code: 100, msg: '', data: { type: 'goal', match_id: 1, home_score: score, away_score: 0 } })];
    const frame = joinFrames(texts.map(prepareFrame)).bytes;
    for (const w of workers) w.postMessage({ frame });
    res.end('{"code":200}');
  });
  stampAccepted(server);
  const wss = new WebSocketServer({ server, path: '/ws/score' });
  wss.on('connection', (ws) => {
    sockets.push(ws);
    ws.on('message', () => ws.send(JSON.stringify({ code: 101, msg: 'register success', data: {} })));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as { port: number }).port;
  stop = async () => {
    for (const ws of sockets) ws.terminate();
    await Promise.all(workers.map((w) => w.terminate()));
    server.close();
  };
} else if (kind === 'bare' || kind === 'bare-prepared') {
  const sockets = new Set<WebSocket>();
  const server = http.createServer((req, res) => {
    // POST /push?score=N: the same work as an ingest that changes nothing in a database.
    const score = Number(new URL(req.url!, 'http://x').searchParams.get('score'));
    const text = JSON.stringify({ code: 100, msg: '', data: { type: 'goal', match_id: 1, home_score: score, away_score: 0 } });
    if (kind === 'bare') {
      for (const ws of sockets) ws.send(text);
    } else {
      const frame = prepareFrame(text);
      for (const ws of sockets) sendPrepared(ws, frame);
    }
    res.end('{"code":200}');
  });
  stampAccepted(server);
  const wss = new WebSocketServer({ server, path: '/ws/score' });
  wss.on('connection', (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('message', () => ws.send(JSON.stringify({ code: 101, msg: 'register success', data: {} })));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as { port: number }).port;
  stop = async () => {
    for (const ws of sockets) ws.terminate();
    server.close();
  };
} else {
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const { loadConfig } = await import('../../apps/server/src/config.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-bench-score-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'off',
    RATE_LIMIT_SCALE: '0',
    DEMO_DATA: 'off',
    MATCH_REPLAY_SPEED: '0',
    FEED_TOKEN: 'bench-feed-token',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
  });
  const app = await buildApp({ config, logger: false });
  stampAccepted(app.server);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  stop = async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
process.on('SIGTERM', () => void stop().finally(() => process.exit(0)));
process.send!({ port });
