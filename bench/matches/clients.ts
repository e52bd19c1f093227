// One load process of the score-push bench: opens its share of the sockets, registers each as
// a browser would, then notes the time at which every goal frame arrives on every socket. The
// parent compares those times with the moment the server accepted the ingest call.
//
// The load generator shares the 2 cores with the server, so it is kept cheap: no UTF-8
// validation of incoming frames, and a goal frame is recognised and its score read with two
// byte searches instead of JSON.parse (a frame is only ever parsed before register succeeds).
// Times are CLOCK_MONOTONIC (process.hrtime), the same clock in every process of the machine.
import WebSocket from 'ws';

const [url, countArg] = process.argv.slice(2);
const count = Number(countArg);
const now = () => Number(process.hrtime.bigint()) / 1e6;
/** score → arrival times (ms), one per socket. */
const arrivals = new Map<number, number[]>();
const sockets: WebSocket[] = [];

const GOAL = Buffer.from('"type":"goal"');
const HOME_SCORE = Buffer.from('"home_score":');
const REGISTERED = Buffer.from('"code":101');

/** The home score of a goal frame, or -1 when the frame is something else. */
function goalScore(raw: Buffer): number {
  if (raw.indexOf(GOAL) < 0) return -1;
  let i = raw.indexOf(HOME_SCORE);
  if (i < 0) return -1;
  let n = 0;
  for (i += HOME_SCORE.length; i < raw.length; i++) {
    const d = raw[i] - 48;
    if (d < 0 || d > 9) break;
    n = n * 10 + d;
  }
  return n;
}

function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    sockets.push(ws);
    let ready = false;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'register', info: {} })));
    ws.on('message', (raw: Buffer) => {
      const t = now();
      if (!ready) {
        if (raw.indexOf(REGISTERED) >= 0) {
          ready = true;
          resolve();
        }
        return;
      }
      const score = goalScore(raw);
      if (score < 0) return;
      let list = arrivals.get(score);
      if (!list) arrivals.set(score, (list = []));
      list.push(t);
    });
    ws.on('error', reject);
  });
}

// Open in batches so the server's accept queue is not flooded.
for (let i = 0; i < count; i += 200) await Promise.all(Array.from({ length: Math.min(200, count - i) }, open));
process.send!({ ready: sockets.length });
process.on('message', (m: { report?: boolean; close?: boolean }) => {
  if (m.report) process.send!({ arrivals: [...arrivals.entries()] });
  if (m.close) {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
