// Score push latency: how long from a provider's ingest call until the goal frame is in the
// hands of every one of 5,000 subscribed sockets (/ws/score, registered like a browser), p50 and
// p99 over every socket and every goal. Baseline in the same run: a bare `ws` server writing one
// prepared frame to the same 5,000 sockets on an HTTP request (no database, no bus, no site).
// Goal: p99 ≤ 50 ms.
//
//   npm run bench -- matches        (BENCH_SOCKETS, BENCH_GOALS to change the load)
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5000);
const GOALS = Number(process.env.BENCH_GOALS ?? 40);
const LOADERS = 2;
const TOKEN = 'bench-feed-token';
const now = () => performance.timeOrigin + performance.now();
const fmt = (n: number, d = 1) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

function start(file: string, args: string[]): Promise<{ child: ChildProcess; msg: any }> {
  const child = fork(path.join(here, file), args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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

/** Opens the sockets, fires the goals one by one, gathers every arrival. */
async function measure(port: number, fire: (score: number) => Promise<void>) {
  const url = `ws://127.0.0.1:${port}/ws/score`;
  const loaders = await Promise.all(Array.from({ length: LOADERS }, (_, i) => start('clients.ts', [url, String(Math.floor(SOCKETS / LOADERS) + (i < SOCKETS % LOADERS ? 1 : 0))])));
  const sent = new Map<number, number>();
  // A first goal to warm every path up, not counted.
  await fire(0);
  await new Promise((r) => setTimeout(r, 500));
  for (let score = 1; score <= GOALS; score++) {
    sent.set(score, now());
    await fire(score);
    await new Promise((r) => setTimeout(r, 150));
  }
  await new Promise((r) => setTimeout(r, 1000));
  const latencies: number[] = [];
  let missing = 0;
  for (const { child } of loaders) {
    const { arrivals } = (await ask(child, { report: true })) as { arrivals: Array<[number, number[]]> };
    const by = new Map(arrivals);
    for (const [score, t0] of sent) {
      const got = by.get(score) ?? [];
      for (const t of got) latencies.push(t - t0);
    }
    child.send({ close: true });
  }
  missing = SOCKETS * GOALS - latencies.length;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1)!, samples: latencies.length, missing };
}

export async function run() {
  console.log(`\n# Score push: ingest accepted → goal frame received, ${SOCKETS.toLocaleString('en-US')} subscribed sockets, ${GOALS} goals`);
  const bare = await start('servers.ts', ['bare']);
  const base = await measure(bare.msg.port, async (score) => {
    await fetch(`http://127.0.0.1:${bare.msg.port}/push?score=${score}`, { method: 'POST' });
  });
  bare.child.kill('SIGTERM');

  const site = await start('servers.ts', ['site']);
  const origin = `http://127.0.0.1:${site.msg.port}`;
  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${origin}/${p}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` }, body: JSON.stringify(body) });
    const json = (await res.json()) as { code: number; msg: string; data: any };
    if (json.code !== 200) throw new Error(`${p}: ${json.msg}`);
    return json.data;
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
  ).ids as number[];
  const real = await measure(site.msg.port, async (score) => {
    // Each goal states the score it makes, so the frame tells which goal it is.
    await post('api/feed/events', { match_id: matchId, events: [{ key: `g${score}-${Date.now()}`, kind: 'goal', side: 'home', minute: 31, score: [score, 0] }] });
  });
  site.child.kill('SIGTERM');

  console.log('| server | p50 ms | p99 ms | max ms | frames received | missing |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, r] of [
    ['bare ws broadcast (baseline)', base],
    ['site: POST api/feed/events → /ws/score (goal: p99 ≤ 50)', real],
  ] as const)
    console.log(`| ${name} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${r.samples.toLocaleString('en-US')} | ${r.missing} |`);
  const diff = real.p99 - base.p99;
  console.log(`p99 over baseline: ${diff >= 0 ? '+' : ''}${fmt(diff)} ms (both measured on this machine in this run; a loaded machine inflates both)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
