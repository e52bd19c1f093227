// Score push latency with 5,000 subscribed sockets (/ws/score, each registered like a browser),
// p50 and p99 over every socket and every goal. Goal: p99 ≤ 50 ms.
//
// What is measured, per goal and per socket: from "ingest accepted" — the moment the server's
// HTTP layer has the provider's POST api/feed/events call (stamped by the server itself, before
// the token check, body parsing, validation, the database write, the bus and the broadcast) — to
// "frame received" — the moment the goal frame (code 100, type goal) is handed to that socket's
// 'message' handler in a load process. Both ends read CLOCK_MONOTONIC (process.hrtime), which all
// processes of the machine share. A second p99 column starts earlier, when the load generator
// sends the ingest request, so the HTTP round trip into the server is shown too.
//
// Baselines in the same run, on the same sockets: a bare `ws` server pushing a goal frame on an
// HTTP request (no database, no bus, no site), once with `ws.send` per socket (plain ws) and once
// with one prepared frame written to every socket (what /ws/score does); and a floor that is no
// server at all: the frame's bytes written straight to the socket descriptors by two threads at
// once (see servers.ts), to show what the kernel of this machine allows.
// The load generator (2 processes) runs on the same 2 cores as the server and is included. Its
// sockets speak WebSocket over plain TCP and find goal frames by byte search (clients.ts);
// BENCH_CLIENT=ws runs them as `ws` clients instead, which costs the load generator more.
//
//   npm run bench -- matches        (BENCH_SOCKETS, BENCH_GOALS, BENCH_LOADERS, BENCH_CLIENT to change the load)
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loopbackFloor, nativeLoader, runNative } from '../lib/native.ts';
import { scratchDatabase } from '../lib/scratch-db.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5000);
const GOALS = Number(process.env.BENCH_GOALS ?? 40);
const LOADERS = Number(process.env.BENCH_LOADERS ?? 2);
const TOKEN = 'bench-feed-token';
/** CLOCK_MONOTONIC in ms: the clock the servers and the load processes stamp with. */
const now = () => Number(process.hrtime.bigint()) / 1e6;
const fmt = (n: number, d = 1) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

function start(file: string, args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; msg: any }> {
  const child = fork(path.join(here, file), args, { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (msg) => resolve({ child, msg }));
    child.once('exit', (code) => reject(new Error(`${file} ${args[0] ?? ''} exited ${code}`)));
  });
}
const ask = (child: ChildProcess, msg: object) =>
  new Promise<any>((resolve) => {
    child.once('message', resolve);
    child.send(msg);
  });

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The server's own "accepted" stamp of an ingest call. */
function accepted(res: Response) {
  const at = Number(res.headers.get('x-accepted-at'));
  if (!at) throw new Error('no x-accepted-at header');
  return at;
}

/** One load process, whatever it is written in: arrivals per goal score, in ms of CLOCK_MONOTONIC. */
interface Loader {
  report(): Promise<Array<[number, number[]]>>;
  close(): void;
}

/** The C load generator (default where the machine has a C compiler) or the Node clients (clients.ts). */
const CLIENT = process.env.BENCH_CLIENT ?? (nativeLoader() ? 'c' : 'raw');

async function loader(url: string, count: number): Promise<Loader> {
  if (CLIENT === 'c') {
    const u = new URL(url);
    const p = runNative(['score', u.hostname, u.port, u.pathname, String(count)]);
    const ready = await p.line();
    if (ready !== `ready ${count}`) throw new Error(`load generator: ${ready}`);
    return {
      async report() {
        const [head] = await p.ask('report');
        const by = new Map<number, number[]>();
        const n = Number(head.split(' ')[1]);
        for (let i = 0; i < n; i++) {
          const [score, ms] = (await p.line()).split(' ').map(Number);
          let list = by.get(score);
          if (!list) by.set(score, (list = []));
          list.push(ms);
        }
        return [...by];
      },
      close: () => p.close(),
    };
  }
  const { child } = await start('clients.ts', [url, String(count)]);
  return {
    report: async () => ((await ask(child, { report: true })) as { arrivals: Array<[number, number[]]> }).arrivals,
    close: () => child.send({ close: true }),
  };
}

/** Opens the sockets, fires the goals one by one, gathers every arrival. `fire` returns the server's accepted stamp. */
async function measure(ports: number[], fire: (score: number) => Promise<number>) {
  // With several server processes the load processes are spread over them, as a balancer would.
  const loaders = await Promise.all(
    Array.from({ length: LOADERS }, (_, i) => loader(`ws://127.0.0.1:${ports[i % ports.length]}/ws/score`, Math.floor(SOCKETS / LOADERS) + (i < SOCKETS % LOADERS ? 1 : 0))),
  );
  const sent = new Map<number, number>();
  const acceptedAt = new Map<number, number>();
  // A first goal to warm every path up, not counted.
  await fire(0);
  await new Promise((r) => setTimeout(r, 500));
  for (let score = 1; score <= GOALS; score++) {
    sent.set(score, now());
    acceptedAt.set(score, await fire(score));
    await new Promise((r) => setTimeout(r, 150));
  }
  await new Promise((r) => setTimeout(r, 1000));
  const latencies: number[] = [];
  const fromSend: number[] = [];
  for (const l of loaders) {
    const by = new Map(await l.report());
    for (const [score, t0] of acceptedAt) {
      for (const t of by.get(score) ?? []) {
        latencies.push(t - t0);
        fromSend.push(t - sent.get(score)!);
      }
    }
    l.close();
  }
  const missing = SOCKETS * GOALS - latencies.length;
  latencies.sort((a, b) => a - b);
  fromSend.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1)!,
    sendP99: percentile(fromSend, 99),
    samples: latencies.length,
    missing,
  };
}

/** The real site as one process (embedded PGlite) or as `processes` processes sharing PostgreSQL and Redis. */
async function measureSite(processes: number) {
  const scratch = processes > 1 ? await scratchDatabase('score') : null;
  const env: Record<string, string> = scratch ? { BENCH_DATABASE_URL: scratch.url, BENCH_REDIS_URL: process.env.BENCH_REDIS_URL! } : {};
  const sites = [];
  // One after another: the first runs the migrations.
  for (let i = 0; i < processes; i++) sites.push(await start('servers.ts', ['site'], env));
  try {
    const origin = `http://127.0.0.1:${sites[0].msg.port}`;
    const post = async (p: string, body: unknown) => {
      const res = await fetch(`${origin}/${p}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` }, body: JSON.stringify(body) });
      const json = (await res.json()) as { code: number; msg: string; data: any };
      if (json.code !== 200) throw new Error(`${p}: ${json.msg}`);
      return { data: json.data, accepted: accepted(res) };
    };
    const kickoff = new Date(Date.now() - 30 * 60_000).toISOString();
    const [matchId] = (
      await post('api/feed/matches', {
        matches: [
          {
            key: `bench-${Date.now()}`,
            sport: 'football',
            competition: { key: 'bench', name: { en: 'Bench League' }, priority: 1 },
            home: { key: 'bench-h', name: { en: 'Bench Home' } },
            away: { key: 'bench-a', name: { en: 'Bench Away' } },
            kickoff,
            status: 2,
            match_str: "30'",
          },
        ],
      })
    ).data.ids as number[];
    // Each goal states the score it makes, so the frame tells which goal it is.
    return await measure(
      sites.map((s) => s.msg.port as number),
      async (score) => (await post('api/feed/events', { match_id: matchId, events: [{ key: `g${score}-${Date.now()}`, kind: 'goal', side: 'home', minute: 31, score: [score, 0] }] })).accepted,
    );
  } finally {
    await Promise.all(sites.map((s) => new Promise((r) => (s.child.once('exit', r), s.child.kill('SIGTERM')))));
    await scratch?.drop();
  }
}

export async function run() {
  console.log(
    `\n# Score push: ingest accepted → goal frame received, ${SOCKETS.toLocaleString('en-US')} subscribed sockets, ${GOALS} goals, ${LOADERS} load processes (${CLIENT === 'c' ? 'C epoll' : CLIENT === 'ws' ? 'Node ws' : 'Node raw TCP'} clients)`,
  );
  const loadBefore = os.loadavg()[0];
  const baselines: Array<[string, Awaited<ReturnType<typeof measure>>]> = [];
  for (const [kind, name] of [
    ['bare', 'bare ws, ws.send per socket (plain ws baseline)'],
    ['bare-prepared', 'bare ws, one prepared frame (baseline)'],
    ['floor-threads', 'floor: frame bytes written to the sockets by 2 threads (no ws, no site)'],
  ] as const) {
    const bare = await start('servers.ts', [kind]);
    baselines.push([name, await measure([bare.msg.port], async (score) => accepted(await fetch(`http://127.0.0.1:${bare.msg.port}/push?score=${score}`, { method: 'POST' })))]);
    bare.child.kill('SIGTERM');
  }

  const rows: Array<[string, Awaited<ReturnType<typeof measure>>]> = [];
  rows.push(['site: POST api/feed/events → /ws/score (goal: p99 ≤ 50)', await measureSite(1)]);
  if (process.env.BENCH_PG_URL && process.env.BENCH_REDIS_URL) rows.push(['site as 2 processes (PostgreSQL, Redis bus), sockets spread over both', await measureSite(2)]);
  console.log('| server | p50 ms | p99 ms | max ms | p99 ms from request sent | frames received | missing |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, r] of [...baselines, ...rows]) console.log(`| ${name} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${fmt(r.sendP99)} | ${r.samples.toLocaleString('en-US')} | ${r.missing} |`);
  // Other work on the machine inflates every row: say how busy it was.
  console.log(`load average (1 min) ${fmt(loadBefore, 2)} at the start, ${fmt(os.loadavg()[0], 2)} at the end, on ${os.availableParallelism()} cores`);
  const base = baselines[1][1];
  const real = rows.reduce((best, r) => (r[1].p99 < best.p99 ? r[1] : best), rows[0][1]);
  const diff = real.p99 - base.p99;
  // What the kernel alone charges for one push to every socket, with no server software: the bound
  // any one-threaded server (a Node process) sits on, whatever it is written in.
  const floor = loopbackFloor(SOCKETS, 300);
  if (floor) {
    const sorted = [...floor].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(
      `kernel floor of this machine (bench/native/loopback-floor.c, no server): one thread writing one 300-byte segment to each of ${SOCKETS.toLocaleString('en-US')} loopback sockets, read by another process, takes median ${fmt(median)} ms (best ${fmt(sorted[0])}, worst ${fmt(sorted.at(-1)!)}) over ${sorted.length} rounds` +
        (median > 50 ? ': on this machine no one-threaded server reaches the last socket within 50 ms' : ''),
    );
  }
  console.log(
    `site p99 ${fmt(real.p99)} ms: goal ≤ 50 ms ${real.p99 <= 50 && real.missing === 0 ? 'met' : 'NOT met'}; ${diff >= 0 ? '+' : ''}${fmt(diff)} ms over the prepared-frame baseline (all measured on this machine in this run; a loaded machine inflates every row)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
