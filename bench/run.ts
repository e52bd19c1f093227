// Benchmarks of the foundation. Prints figures and compares each with a baseline measured in
// the same run (never a hard-coded number): `npm run bench`.
//   1. hot read calls (system settings, getHot) against a bare Fastify route: req/s, p99, ratio;
//   2. gzipped size of the JavaScript the home route loads first.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { firstLoadJs } from './lib/first-load.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;

interface Result {
  rps: number;
  p99: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Result> {
  // A short warm-up so JIT and caches are hot before we measure.
  await autocannon({ url, connections: 10, duration: 1, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

/** Starts bench/server.ts in its own process (so the load generator does not share its event loop). */
async function startServer(kind: 'bare' | 'site'): Promise<{ port: number; stop: () => void }> {
  const child = fork(path.join(here, 'server.ts'), [kind], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${kind} server exited ${code}`)));
  });
  return { port, stop: () => child.kill('SIGTERM') };
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function hotReads() {
  console.log(`\n# Hot read calls: ${CONNECTIONS} connections, ${DURATION} s each`);
  const bare = await startServer('bare');
  const baseline = await load(`http://127.0.0.1:${bare.port}/bare`);
  bare.stop();
  const site = await startServer('site');
  const rows: Array<[string, Result]> = [['bare Fastify route (baseline)', baseline]];
  for (const p of ['/api/Universal/getSystem', '/api/universal/getHot']) rows.push([p, await load(`http://127.0.0.1:${site.port}${p}`, { lang: 'en' })]);
  site.stop();
  console.log('| call | req/s | p99 ms | ratio to baseline (goal ≥ 0.35) |');
  console.log('|---|---:|---:|---:|');
  for (const [name, r] of rows) console.log(`| ${name} | ${fmt(r.rps)} | ${fmt(r.p99, 1)} | ${fmt(r.rps / baseline.rps, 2)} |`);
}

async function bundle() {
  console.log('\n# JavaScript the home route loads first (gzipped, as fetched by Chromium)');
  const site = await startServer('site');
  const files = await firstLoadJs(`http://127.0.0.1:${site.port}`);
  site.stop();
  const sum = (phase: string) => files.filter((f) => f.phase === phase).reduce((n, f) => n + f.gzip, 0);
  console.log('| file | phase | raw kB | gzip kB |');
  console.log('|---|---|---:|---:|');
  for (const f of files) console.log(`| ${f.name} | ${f.phase} | ${fmt(f.raw / 1024, 1)} | ${fmt(f.gzip / 1024, 1)} |`);
  console.log(`| **first load, until the home sections show** |  |  | **${fmt(sum('first') / 1024, 1)}** (goal ≤ 150) |`);
  console.log(`| deferred to an idle moment after render |  |  | ${fmt(sum('deferred') / 1024, 1)} |`);
}

const only = process.argv[2];
if (!only || only === 'hot') await hotReads();
if (!only || only === 'bundle') await bundle();
if (!only || only === 'search') await (await import('./content/search.ts')).run();
if (!only || only === 'upload') await (await import('./content/upload.ts')).run();
if (!only || only === 'matches') await (await import('./matches/score-push.ts')).run();
if (!only || only === 'matchday') await (await import('./matchday/matchday.ts')).run();
if (!only || only === 'live') await (await import('./live/live.ts')).run();
if (!only || only === 'economy') await (await import('./economy/gifts.ts')).giftBench();
if (!only || only === 'chat') await (await import('./chat/fanout.ts')).run();
if (!only || only === 'danmaku') await (await import('./chat/danmaku-fps.ts')).run();
if (!only || only === 'mobile') await (await import('./mobile/lighthouse.ts')).run();
if (!only || only === 'replay') await (await import('./replay/replay.ts')).run();
// Not part of the full run: it keeps both cores busy on purpose (issue #50).
if (only === 'starved') await (await import('./live/starved.ts')).run();
if (!only || only === 'cluster') await (await import('./cluster/cluster.ts')).run();
if (!only || only === 'security') await (await import('./security/security.ts')).run();
