import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { childrenOf } from '../cluster/common.ts';
import { freePort } from './ports.ts';

const MAIN = path.join(import.meta.dirname, '../../apps/server/src/main.ts');

export interface MainSite {
  primary: ChildProcess;
  port: number;
  /** SIGTERM to the primary (it stops its socket processes), then the data dir is removed. */
  stop(): Promise<void>;
}

/**
 * The site as `npm start` runs it (apps/server/src/main.ts with WORKERS=`processes`: a primary that
 * owns the database and answers HTTP, socket processes on the same port), on loopback `port`
 * (a free one if not given) with `dataDir` (removed by stop). Resolves once every socket process is listed, /healthz answers
 * and `ready` (if given) says yes, plus 5 s for the socket processes to take connections. With
 * BENCH_CPU_PROF=<dir> every process writes a V8 CPU profile there when it stops (the socket
 * processes are forked with the primary's node options).
 */
export async function startMainSite(opts: {
  processes: number;
  dataDir: string;
  env: Record<string, string>;
  /** A port picked beforehand (a site that must know its own address, PUBLIC_URL); else a free one. */
  port?: number;
  ready?: (origin: string) => Promise<boolean>;
}): Promise<MainSite> {
  const { processes, dataDir, env, ready } = opts;
  const port = opts.port ?? (await freePort());
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const primary = spawn(process.execPath, [...prof, '--import', 'tsx', MAIN], {
    env: { ...process.env, WORKERS: String(processes), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_SCALE: '0', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (primary.exitCode === null && primary.signalCode === null) {
      const exited = new Promise((r) => primary.once('exit', r));
      primary.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  const healthy = () =>
    fetch(`${origin}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
  // Minutes on a busy machine: a fresh embedded database is migrated (and the demo seeded) first.
  for (const end = Date.now() + 600_000; ; await new Promise((r) => setTimeout(r, 200))) {
    const up = processes === 1 || childrenOf(primary.pid!).length === processes;
    if (up && (await healthy()) && (!ready || (await ready(origin)))) break;
    if (Date.now() > end || primary.exitCode !== null) {
      await stop();
      throw new Error('the site (main.ts) did not start');
    }
  }
  // A forked process is listed before it takes connections: give every one time to be ready, or the
  // first sockets would all land on the first one.
  if (processes > 1) await new Promise((r) => setTimeout(r, 5000));
  return { primary, port, stop };
}
