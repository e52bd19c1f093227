// The site as `npm start` runs it (apps/server/src/main.ts with WORKERS=N: a primary that owns the
// embedded database and N socket processes on one port), for the cluster bench (cluster.ts, forked).
// The room (an anchor) and the sender accounts with session tokens are written into a fresh data
// directory first, the way cluster.test.ts does, then the database is closed and the primary opens it.
// With BENCH_PG_URL/BENCH_REDIS_URL (set by the parent as BENCH_DATABASE_URL/BENCH_REDIS_URL) the
// site runs on PostgreSQL with Redis as its bus instead.
//
//   argv: <processes> <number of sender accounts>
// Replies once over IPC: { port, groupId, tokens, primaryPid, feedToken }.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMainSite } from '../lib/main-site.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createAccountRepo } from '../../apps/server/src/modules/account/repo.ts';
import { randomToken, sha256 } from '../../apps/server/src/platform/crypto.ts';
import { FEED_TOKEN } from './common.ts';

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

  const { primary, port, stop } = await startMainSite({
    processes,
    dataDir,
    env: {
      DATABASE_URL: url ?? '',
      REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
      DEMO_DATA: 'off',
      DEMO_STREAMS: 'off',
      MATCH_REPLAY_SPEED: '0',
      RTMP_PORT: '0',
      SERVE_WEB: 'off',
      FEED_TOKEN,
    },
  });
  process.on('SIGTERM', () => void stop().finally(() => process.exit(0)));
  process.on('disconnect', () => void stop().finally(() => process.exit(0)));
  process.send!({ port, groupId, tokens, primaryPid: primary.pid, feedToken: FEED_TOKEN });
}

await main();
