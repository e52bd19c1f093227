// The site as `npm start` runs it (apps/server/src/main.ts with WORKERS=N: a primary that owns the
// embedded database and N socket processes on one port), for the cluster bench (cluster.ts, forked).
// The room (an anchor) and the sender accounts with session tokens are written into a fresh data
// directory first, the way cluster.test.ts does, then the database is closed and the primary opens it.
// With BENCH_PG_URL/BENCH_REDIS_URL (set by the parent as BENCH_DATABASE_URL/BENCH_REDIS_URL) the
// site runs on PostgreSQL with Redis as its bus instead.
//
//   argv: <processes> <number of sender accounts>
// Replies once over IPC: { port, groupId, tokens, primaryPid, feedToken }.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/ports.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createAccountRepo } from '../../apps/server/src/modules/account/repo.ts';
import { randomToken, sha256 } from '../../apps/server/src/platform/crypto.ts';
import { FEED_TOKEN, childrenOf } from './common.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const processes = Number(process.argv[2] ?? 2);
const senders = Number(process.argv[3] ?? 400);

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-bench-cluster-'));
  const url = process.env.BENCH_DATABASE_URL || undefined;
  const database = await openDatabase({ url, dataDir });
  const repo = createAccountRepo(database.db);
  const tag = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  const mk = async (name: string, isAnchor: 0 | 1) => {
    const n = `${name}${tag}`;
    return (await repo.createUser({ email: `${n}@bench.local`, passwordHash: null, nickname: name.slice(0, 20), inviteCode: n.toUpperCase().slice(0, 20), isAnchor })).id;
  };
  const groupId = await mk('anchor', 1);
  const tokens: string[] = [];
  for (let i = 0; i < senders; i++) {
    const token = randomToken(32);
    await repo.createSession({ userId: await mk(`s${i}x`, 0), tokenHash: sha256(token), deviceType: 'pc', expiresAt: new Date(Date.now() + 86_400_000) });
    tokens.push(token);
  }
  await database.close();

  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: a V8 CPU profile of the primary and of every socket process (they are
  // forked with the primary's node options), written when they stop.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const primary: ChildProcess = spawn(process.execPath, [...prof, '--import', 'tsx', path.join(here, '../../apps/server/src/main.ts')], {
    env: {
      ...process.env,
      WORKERS: String(processes),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url ?? '',
      REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
      DEMO_DATA: 'off',
      DEMO_STREAMS: 'off',
      MATCH_REPLAY_SPEED: '0',
      RTMP_PORT: '0',
      SERVE_WEB: 'off',
      FEED_TOKEN,
      RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (primary.exitCode === null) {
      const exited = new Promise((r) => primary.once('exit', r));
      primary.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('SIGTERM', () => void stop().finally(() => process.exit(0)));
  process.on('disconnect', () => void stop().finally(() => process.exit(0)));

  // Minutes on a busy machine (a fresh embedded database is migrated first).
  const end = Date.now() + 600_000;
  for (;;) {
    const up = processes === 1 || childrenOf(primary.pid!).length === processes;
    const ok =
      up &&
      (await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.ok)
        .catch(() => false));
    if (ok) break;
    if (Date.now() > end || primary.exitCode !== null) {
      await stop();
      throw new Error('the cluster site did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // A forked process is listed before it takes connections: give every one time to be ready, or the
  // first viewers would all land on the first one.
  if (processes > 1) await new Promise((r) => setTimeout(r, 5000));
  process.send!({ port, groupId, tokens, primaryPid: primary.pid, feedToken: FEED_TOKEN });
}

await main();
