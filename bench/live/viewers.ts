// One load process of the live bench: opens its share of HTTP-FLV viewers of one URL and, when
// asked, reports per viewer how many bytes arrived in the measuring window and the longest gap
// between two chunks (a player stalls when data stops for longer than its buffer).
import http from 'node:http';

const [url, countArg] = process.argv.slice(2);
const count = Number(countArg);
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

interface Viewer {
  req: http.ClientRequest;
  status: number;
  bytes: number;
  last: number;
  windowBytes: number;
  maxGap: number;
  closed: boolean;
}
const viewers: Viewer[] = [];
let windowStart = 0;

function open(): Promise<void> {
  return new Promise((resolve) => {
    // A server too busy to answer within 10 s counts as refusing this viewer.
    setTimeout(resolve, 10_000).unref();
    const v: Viewer = { req: null as never, status: 0, bytes: 0, last: 0, windowBytes: 0, maxGap: 0, closed: false };
    v.req = http.get(url, { agent }, (res) => {
      v.status = res.statusCode ?? 0;
      resolve();
      res.on('data', (chunk: Buffer) => {
        const t = performance.now();
        v.bytes += chunk.length;
        if (windowStart && t >= windowStart) {
          v.windowBytes += chunk.length;
          if (v.last) v.maxGap = Math.max(v.maxGap, t - Math.max(v.last, windowStart));
        }
        v.last = t;
      });
      res.on('end', () => (v.closed = true));
      res.on('error', () => (v.closed = true));
    });
    v.req.on('error', () => {
      v.closed = true;
      resolve();
    });
    viewers.push(v);
  });
}

// Open in batches so the server's accept queue is not flooded.
for (let i = 0; i < count; i += 100) await Promise.all(Array.from({ length: Math.min(100, count - i) }, open));
process.send!({ ready: viewers.filter((v) => v.status === 200).length });

process.on('message', (m: { start?: boolean; report?: boolean; close?: boolean }) => {
  if (m.start) {
    windowStart = performance.now();
    for (const v of viewers) v.windowBytes = v.maxGap = 0;
  }
  if (m.report) {
    const end = performance.now();
    // A viewer that received nothing since its last chunk has been stalled until now.
    const rows = viewers.map((v) => ({ ok: v.status === 200 && !v.closed, bytes: v.windowBytes, maxGap: Math.max(v.maxGap, v.last ? end - Math.max(v.last, windowStart) : end - windowStart) }));
    process.send!({ seconds: (end - windowStart) / 1000, rows });
  }
  if (m.close) {
    for (const v of viewers) v.req.destroy();
    process.exit(0);
  }
});
