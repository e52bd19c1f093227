// One load process of the score-push bench: opens its share of the sockets, registers each as
// a browser would, then notes the time at which every goal frame arrives on every socket. The
// parent compares those times with the moment the server accepted the ingest call.
//
// The load generator shares the 2 cores with the server, so it is kept cheap. By default
// (BENCH_CLIENT=raw) each socket speaks WebSocket over a plain TCP socket: the HTTP upgrade, one
// masked register frame, then the bytes as they arrive, where a goal frame is recognised and its
// score read with two byte searches (no WebSocket parser, no JSON.parse). "Received" is the moment
// those bytes are handed to the process. BENCH_CLIENT=ws uses the `ws` client instead (one 'message'
// event per frame, still without JSON.parse), which costs the load generator more.
// Times are CLOCK_MONOTONIC (process.hrtime), the same clock in every process of the machine.
import crypto from 'node:crypto';
import net from 'node:net';
import WebSocket from 'ws';

const [url, countArg] = process.argv.slice(2);
const count = Number(countArg);
const mode = process.env.BENCH_CLIENT === 'ws' ? 'ws' : 'raw';
const now = () => Number(process.hrtime.bigint()) / 1e6;
/** score → arrival times (ms), one per socket. */
const arrivals = new Map<number, number[]>();
const closers: Array<() => void> = [];

const GOAL = Buffer.from('"type":"goal"');
const HOME_SCORE = Buffer.from('"home_score":');
const REGISTERED = Buffer.from('"code":101');
const REGISTER = JSON.stringify({ type: 'register', info: {} });

function record(score: number, t: number) {
  let list = arrivals.get(score);
  if (!list) arrivals.set(score, (list = []));
  list.push(t);
}

/** Home scores of the complete goal frames in `buf` (a score cut off at the end is left for later). */
function goalScores(buf: Buffer, found: (score: number) => void) {
  let at = buf.indexOf(GOAL);
  while (at >= 0) {
    let i = buf.indexOf(HOME_SCORE, at);
    if (i < 0) return;
    let n = 0;
    let digits = 0;
    for (i += HOME_SCORE.length; i < buf.length; i++) {
      const d = buf[i] - 48;
      if (d < 0 || d > 9) break;
      n = n * 10 + d;
      digits++;
    }
    if (!digits || i >= buf.length) return;
    found(n);
    at = buf.indexOf(GOAL, i);
  }
}

/** A masked client text frame (payloads under 126 bytes). */
function clientFrame(text: string) {
  const payload = Buffer.from(text);
  const mask = crypto.randomBytes(4);
  const out = Buffer.alloc(6 + payload.length);
  out[0] = 0x81;
  out[1] = 0x80 | payload.length;
  mask.copy(out, 2);
  for (let i = 0; i < payload.length; i++) out[6 + i] = payload[i] ^ mask[i & 3];
  return out;
}

function openRaw(): Promise<void> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(u.port), u.hostname);
    socket.setNoDelay(true);
    closers.push(() => socket.destroy());
    let head: Buffer | null = Buffer.alloc(0);
    let ready = false;
    let carry = Buffer.alloc(0);
    let last = -1;
    socket.on('connect', () => {
      const key = crypto.randomBytes(16).toString('base64');
      socket.write(`GET ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    });
    socket.on('data', (chunk: Buffer) => {
      const t = now();
      if (head) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!head.subarray(0, 12).toString().includes('101')) return reject(new Error(`upgrade refused: ${head.subarray(0, end)}`));
        chunk = head.subarray(end + 4);
        head = null;
        socket.write(clientFrame(REGISTER));
      }
      if (!ready) {
        if (chunk.indexOf(REGISTERED) >= 0) {
          ready = true;
          resolve();
        }
        return;
      }
      // A frame cut between two reads is found on the next one: keep the end of this one.
      const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      goalScores(buf, (score) => {
        if (score === last) return;
        last = score;
        record(score, t);
      });
      carry = Buffer.from(buf.subarray(Math.max(0, buf.length - 64)));
    });
    socket.on('error', reject);
  });
}

function openWs(): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    closers.push(() => ws.terminate());
    let ready = false;
    ws.on('open', () => ws.send(REGISTER));
    ws.on('message', (raw: Buffer) => {
      const t = now();
      if (!ready) {
        if (raw.indexOf(REGISTERED) >= 0) {
          ready = true;
          resolve();
        }
        return;
      }
      goalScores(raw, (score) => record(score, t));
    });
    ws.on('error', reject);
  });
}

const open = mode === 'raw' ? openRaw : openWs;
// Open in batches so the server's accept queue is not flooded.
for (let i = 0; i < count; i += 200) await Promise.all(Array.from({ length: Math.min(200, count - i) }, open));
process.send!({ ready: closers.length });
process.on('message', (m: { report?: boolean; close?: boolean }) => {
  if (m.report) process.send!({ arrivals: [...arrivals.entries()] });
  if (m.close) {
    for (const close of closers) close();
    process.exit(0);
  }
});
