// Chat fan-out: 10,000 viewers in one room (/ws/im, each logged in with a credential from the
// site's HTTP calls and joined like the live room page), 200 messages/s sent by logged-in
// members spread over 400 accounts (each well under the per-user send limit). Each message
// carries its send time; every viewer notes when each message arrives (p50/p99 over every
// viewer × message) and counts every sequence: each viewer must get each accepted message
// exactly once. Baseline in the same run: a bare `ws` server batching the same messages every
// 100 ms and writing the same batch to the same sockets (no credentials, database or bus), and
// a floor: that bare server with its writes spread over 2 threads straight to the descriptors
// (servers.ts). With BENCH_PG_URL and BENCH_REDIS_URL a last row runs the site as 2 processes
// (same PostgreSQL database, Redis as the bus), each load process on one of them: the site using
// both cores the way a deployment would (several processes behind a balancer).
// Goal: p99 ≤ 300 ms, 0 lost, load generator on the same machine.
//
//   npm run bench -- chat     (BENCH_VIEWERS, BENCH_RATE, BENCH_SECONDS, BENCH_SENDERS to change the load;
//                              BENCH_PG_URL=postgres://… to run the site on PostgreSQL (a throwaway
//                              database is created on that server and dropped after) instead of PGlite;
//                              BENCH_REDIS_URL=redis://… as well for the 2-process row;
//                              BENCH_ONLY=bare|floor|site|site-2 to run one row, or a comma list (bare,site);
//                              BENCH_RUNS=3: every row measured that many times, interleaved)
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loopbackFloor } from '../lib/native.ts';
import { scratchDatabase } from '../lib/scratch-db.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 400);
const WARMUP_MS = 2000;
const LOADERS = 2;
const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }) : '–');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Kind = 'bare' | 'floor-threads' | 'site' | 'site-2';

function start(file: string, args: string[], extra: string[] = [], databaseUrl?: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; msg: any }> {
  // BENCH_CPU_PROF=<dir>: a V8 CPU profile of every process, to see where the time goes.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = fork(path.join(here, file), args, {
    execArgv: ['--import', 'tsx', ...extra, ...prof],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
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

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
function cpuMs(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

interface Result {
  joined: number;
  joinSeconds: number;
  joinCpuMs: number;
  sent: number;
  acked: number;
  refused: number;
  errors: Map<string, number>;
  p50: number;
  p99: number;
  max: number;
  samples: number;
  lost: number;
  duplicated: number;
  viewersLosing: number;
  cut: number;
  drainMs: number;
  serverCpu: number;
  loaderCpu: number;
}

function percentile(hist: Map<number, number>, total: number, p: number) {
  const target = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const ms of [...hist.keys()].sort((a, b) => a - b)) {
    seen += hist.get(ms)!;
    if (seen >= target) return ms;
  }
  return NaN;
}

async function measure(kind: Kind): Promise<Result> {
  const scratch = kind === 'site' || kind === 'site-2' ? await scratchDatabase('chat') : null;
  try {
    return await measureOn(kind, scratch?.url);
  } finally {
    await scratch?.drop();
  }
}

async function measureOn(kind: Kind, databaseUrl: string | undefined): Promise<Result> {
  const two = kind === 'site-2';
  // One process keeps the in-process bus (as `npm start` does); two talk over Redis.
  const bus: Record<string, string> = { BENCH_REDIS_URL: two ? (process.env.BENCH_REDIS_URL ?? '') : '' };
  const server = await start('servers.ts', [two ? 'site' : kind, String(SENDERS)], [], databaseUrl, bus);
  const { groupId, tokens } = server.msg as { port: number; groupId: number; tokens: string[] };
  // The second process of the same site: the room and the senders of the first.
  const second = two ? await start('servers.ts', ['site', String(SENDERS)], [], databaseUrl, { ...bus, BENCH_SHARED: JSON.stringify({ groupId, tokens }) }) : null;
  const servers = second ? [server, second] : [server];
  const origins = servers.map((s) => `http://127.0.0.1:${(s.msg as { port: number }).port}`);
  const loaders = await Promise.all(Array.from({ length: LOADERS }, () => start('viewers.ts', [])));
  const t0 = Date.now();
  const joinCpu0 = servers.map((s) => cpuMs(s.child.pid!));
  const ready = await Promise.all(
    loaders.map(({ child }, i) => {
      const count = Math.floor(VIEWERS / LOADERS) + (i < VIEWERS % LOADERS ? 1 : 0);
      return ask(child, { setup: { origin: origins[i % origins.length], groupId, count, tokens: tokens.filter((_, j) => j % LOADERS === i) } });
    }),
  );
  const joinSeconds = (Date.now() - t0) / 1000;
  // CPU the server processes spent on the joins: on a machine other work slows down, the join time
  // says how long the joins waited for a core, this says what they cost.
  const joinCpuMs = servers.reduce((n, s, i) => n + cpuMs(s.child.pid!) - joinCpu0[i], 0);
  const joined = ready.reduce((n, r) => n + r.ready, 0);
  console.log(`  ${kind}: ${fmt(joined)} viewers joined in ${fmt(joinSeconds, 1)} s, sending…`);
  const pids = [...servers.map((s) => s.child.pid!), ...loaders.map((l) => l.child.pid!), ...ready.map((r) => r.nativePid as number | null).filter((p): p is number => p !== null)];

  const measureFrom = Date.now() + WARMUP_MS;
  for (const { child } of loaders) child.send({ go: { rate: RATE / LOADERS, measureFrom } });
  await sleep(WARMUP_MS);
  const cpu0 = pids.map(cpuMs);
  await sleep(SECONDS * 1000);
  const cpu1 = pids.map(cpuMs);
  const stopped = await Promise.all(loaders.map(({ child }) => ask(child, { stop: true })));
  const seqs = stopped.flatMap((s) => s.acked as number[]).sort((a, b) => a - b);
  const maxSeq = seqs.at(-1) ?? 0;

  // Let the fan-out drain: wait until every viewer has the last message (or give up after 15 s).
  const drainStart = Date.now();
  while (Date.now() - drainStart < 15_000) {
    const behind = (await Promise.all(loaders.map(({ child }) => ask(child, { progress: { maxSeq } })))).reduce((n, r) => n + r.behind, 0);
    if (behind === 0) break;
    await sleep(100);
  }
  const drainMs = Date.now() - drainStart;
  await sleep(300); // a late duplicate would show up here

  const reports = await Promise.all(loaders.map(({ child }) => ask(child, { report: { seqs } })));
  const hist = new Map<number, number>();
  for (const r of reports) for (const [ms, n] of r.hist as Array<[number, number]>) hist.set(ms, (hist.get(ms) ?? 0) + n);
  const samples = [...hist.values()].reduce((a, b) => a + b, 0);
  for (const { child } of loaders) child.send({ close: true });
  await Promise.all(servers.map((s) => new Promise((r) => (s.child.once('exit', r), s.child.kill('SIGTERM')))));

  const errors = new Map<string, number>();
  for (const s of stopped) for (const [k, n] of s.errors as Array<[string, number]>) errors.set(k, (errors.get(k) ?? 0) + n);
  const secs = SECONDS;
  return {
    joined,
    joinSeconds,
    joinCpuMs,
    sent: stopped.reduce((n, s) => n + s.sent, 0),
    acked: seqs.length,
    refused: stopped.reduce((n, s) => n + s.refused, 0),
    errors,
    p50: percentile(hist, samples, 50),
    p99: percentile(hist, samples, 99),
    max: hist.size ? Math.max(...hist.keys()) : NaN,
    samples,
    lost: reports.reduce((n, r) => n + r.lost, 0),
    duplicated: reports.reduce((n, r) => n + r.duplicated, 0),
    viewersLosing: reports.reduce((n, r) => n + r.viewersLosing, 0),
    cut: reports.reduce((n, r) => n + r.closed, 0),
    drainMs,
    serverCpu: cpu1.slice(0, servers.length).reduce((n, c, i) => n + c - cpu0[i], 0) / 1000 / secs,
    loaderCpu: cpu1.slice(servers.length).reduce((n, c, i) => n + c - cpu0[i + servers.length], 0) / 1000 / secs,
  };
}

/** Share of the machine's load at one moment: the 1-minute load average. */
const load1 = () => os.loadavg()[0];

const spread = (xs: number[], d = 0) => {
  const ok = xs.filter(Number.isFinite);
  if (!ok.length) return '–';
  const lo = Math.min(...ok);
  const hi = Math.max(...ok);
  return lo === hi ? fmt(lo, d) : `${fmt(lo, d)}–${fmt(hi, d)}`;
};

export async function run() {
  const db = process.env.BENCH_PG_URL ? `PostgreSQL at ${new URL(process.env.BENCH_PG_URL).host}` : 'embedded PGlite';
  // Issue #20 asks for three runs in a row: each run measures every row once, one after another, so
  // a row and its baseline share the machine's weather; what varied is printed after the table.
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
  console.log(
    `\n# Chat fan-out: ${fmt(VIEWERS)} viewers in one room, ${fmt(RATE)} messages/s from ${fmt(SENDERS)} members, ${WARMUP_MS / 1000} s warm-up + ${SECONDS} s measured, ${LOADERS} load processes on this machine (${process.env.BENCH_CLIENT === 'node' ? 'Node clients' : 'members in Node, guests in the C load generator'}); site on ${db}; ${runs} run(s)`,
  );
  const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
  const twoReady = process.env.BENCH_PG_URL && process.env.BENCH_REDIS_URL;
  if (only?.has('site-2') && !twoReady) throw new Error('the 2-process row needs BENCH_PG_URL and BENCH_REDIS_URL');
  const plan: Array<[Kind, string]> = [];
  if (!only || only.has('bare')) plan.push(['bare', 'bare ws, 100 ms batches (baseline)']);
  if (!only || only.has('floor')) plan.push(['floor-threads', 'floor: bare, frames written to the descriptors by 2 threads']);
  if (!only || only.has('site')) plan.push(['site', 'site: /ws/im send → viewers (goal: p99 ≤ 300, 0 lost)']);
  if ((!only && twoReady) || only?.has('site-2')) plan.push(['site-2', 'site as 2 processes (PostgreSQL, Redis bus), one per load process']);

  const rows: Array<{ run: number; kind: Kind; name: string; r: Result; load: number }> = [];
  for (let run = 1; run <= runs; run++)
    for (const [kind, name] of plan) {
      const row = { run, kind, name, r: await measure(kind), load: load1() };
      rows.push(row);
      // Each row as soon as it is measured: on a busy machine a full set of runs takes long.
      const { r } = row;
      console.log(
        `  run ${run}, ${kind}: join ${fmt(r.joinSeconds, 1)} s (${fmt(r.joinCpuMs / r.joined, 2)} CPU ms per viewer), p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, ${fmt(r.acked)} of ${fmt(r.sent)} accepted, lost ${fmt(r.lost)}, duplicated ${fmt(r.duplicated)}, server CPU ${fmt(r.serverCpu * 100)} %, load average ${fmt(row.load, 1)}`,
      );
    }

  console.log(
    '| run | server | viewers joined | join s | join CPU ms per viewer³ | messages accepted | p50 ms | p99 ms | max ms | deliveries timed | lost¹ | duplicated | viewers cut off | server CPU | load CPU | load avg² |',
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { run, name, r, load } of rows)
    console.log(
      `| ${run} | ${name} | ${fmt(r.joined)} | ${fmt(r.joinSeconds, 1)} | ${fmt(r.joinCpuMs / r.joined, 2)} | ${fmt(r.acked)} of ${fmt(r.sent)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${fmt(r.samples)} | ${fmt(r.lost)} | ${fmt(r.duplicated)} | ${fmt(r.cut)} | ${fmt(r.serverCpu * 100)} % | ${fmt(r.loaderCpu * 100)} % | ${fmt(load, 1)} |`,
    );
  for (const { run, name, r } of rows) {
    if (r.lost) console.log(`run ${run}, ${name}: ${fmt(r.viewersLosing)} viewers missed at least one message`);
    if (r.refused) console.log(`run ${run}, ${name}: ${fmt(r.refused)} sends refused: ${[...r.errors].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
    if (r.drainMs >= 15_000) console.log(`run ${run}, ${name}: the fan-out had not drained 15 s after the last send`);
  }

  // The issue's goals, per run: the site against the bare row of the same run.
  const of = (run: number, kind: Kind) => rows.find((x) => x.run === run && x.kind === kind)?.r;
  if (plan.some(([k]) => k === 'bare') && plan.some(([k]) => k === 'site')) {
    console.log('\n| run | join rate, site ÷ bare (goal ≥ 0.5) | join CPU, site ÷ bare | p99, site ÷ bare (goal ≤ 1.2) | site lost | site duplicated | goals met |');
    console.log('|---:|---:|---:|---:|---:|---:|---|');
    const joinRatios: number[] = [];
    const p99Ratios: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const bare = of(run, 'bare')!;
      const site = of(run, 'site')!;
      // Rate = viewers joined per second; both rows join the same number of viewers.
      const joinRatio = site.joined / site.joinSeconds / (bare.joined / bare.joinSeconds);
      const p99Ratio = site.p99 / bare.p99;
      joinRatios.push(joinRatio);
      p99Ratios.push(p99Ratio);
      const met = joinRatio >= 0.5 && p99Ratio <= 1.2 && site.lost === 0 && site.duplicated === 0;
      console.log(`| ${run} | ${fmt(joinRatio, 2)} | ${fmt(site.joinCpuMs / bare.joinCpuMs, 2)} | ${fmt(p99Ratio, 2)} | ${fmt(site.lost)} | ${fmt(site.duplicated)} | ${met ? 'yes' : 'no'} |`);
    }
    if (runs > 1) {
      // What varied between runs: the spread of each figure, and the machine's load while they ran.
      const across = (kind: Kind, f: (r: Result) => number, d = 0) =>
        spread(
          rows.filter((x) => x.kind === kind).map((x) => f(x.r)),
          d,
        );
      console.log(
        `Between runs: bare join ${across('bare', (r) => r.joinSeconds, 1)} s, site join ${across('site', (r) => r.joinSeconds, 1)} s (ratio ${spread(joinRatios, 2)}); ` +
          `bare p99 ${across('bare', (r) => r.p99)} ms, site p99 ${across('site', (r) => r.p99)} ms (ratio ${spread(p99Ratios, 2)}); ` +
          `site server CPU ${across('site', (r) => r.serverCpu * 100)} %; load average ${spread(
            rows.map((x) => x.load),
            1,
          )}.`,
      );
    }
  }
  // What the kernel alone charges for one batch to every viewer, with no server software.
  const floor = loopbackFloor(VIEWERS, 5000, 10);
  if (floor) {
    const sorted = [...floor].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(
      `Kernel floor of this machine (bench/native/loopback-floor.c, no server): one thread writing one 5 kB segment to each of ${fmt(VIEWERS)} loopback sockets, read by another process, takes median ${fmt(median, 1)} ms (best ${fmt(sorted[0], 1)}, worst ${fmt(sorted.at(-1)!, 1)}); at 10 batches a second that is ${fmt(median / 100, 2)} cores of writes alone, before any reading, on a machine with ${os.cpus().length}.`,
    );
  }
  console.log(`Load average of the machine (1 min) at the end: ${load1().toFixed(1)} on ${os.cpus().length} cores (other work on the machine slows both servers).`);
  console.log("³ join CPU: CPU time of the server process(es) from the first viewer's credential call to the last join, per viewer (what a join costs, whatever the machine's load).");
  console.log("² load avg: the machine's 1-minute load average when the row ended (other work on the machine slows every row).");
  console.log('¹ lost: (viewer, message) pairs of accepted messages not received when the run ended, 15 s after the last send (late counts as lost).');
  console.log(
    'Latency: message sent by a member → that message received by a viewer, over every viewer × message of the measured seconds; CPU: share of one core (all server processes, all load processes), the machine has 2.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
