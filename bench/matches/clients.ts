// One load process of the score-push bench: opens its share of the sockets, registers each as
// a browser would, then notes the wall-clock time (sub-millisecond) at which every goal frame
// arrives. The parent compares those times with the moment it sent the ingest.
import WebSocket from 'ws';

const [url, countArg] = process.argv.slice(2);
const count = Number(countArg);
const now = () => performance.timeOrigin + performance.now();
/** score → arrival times, one per socket. */
const arrivals = new Map<number, number[]>();
const sockets: WebSocket[] = [];

function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    sockets.push(ws);
    let ready = false;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'register', info: {} })));
    ws.on('message', (raw: Buffer) => {
      const t = now();
      // Cheap check first: only goal frames matter, and they are small.
      if (!ready) {
        const f = JSON.parse(raw.toString());
        if (f.code === 101) {
          ready = true;
          resolve();
        }
        return;
      }
      if (raw.length > 2000 || !raw.includes('"goal"')) return;
      const f = JSON.parse(raw.toString());
      if (f.data?.type !== 'goal') return;
      const list = arrivals.get(f.data.home_score) ?? [];
      list.push(t);
      arrivals.set(f.data.home_score, list);
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
