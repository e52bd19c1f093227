// Gift sends per second through the whole site (HTTP, auth, one ledger transaction with row
// locks per send) on PostgreSQL, next to pgbench's TPC-B TPS on the same server in the same run
// (right before and right after the sends, with the same number of clients),
// then the drift check: every wallet must equal its ledger, and the coins that left the fans must
// equal what the gift records say was sent. Goal: ≥ 0.3 of pgbench, 0 drift.
//
//   npm run bench -- economy        (PostgreSQL from BENCH_PG_URL or DATABASE_URL, default local)
import { execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { admin } from '../lib/scratch-db.ts';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createAccountRepo } from '../../apps/server/src/modules/account/repo.ts';
import { audit } from '../../apps/server/src/modules/economy/audit.ts';
import { createAuditRepo } from '../../apps/server/src/modules/economy/audit.repo.ts';
import { randomToken, sha256 } from '../../apps/server/src/platform/crypto.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const FANS = 64;
// Connections in the site's PostgreSQL pool (the site's own default unless BENCH_POOL_SIZE says).
const POOL = Number(process.env.BENCH_POOL_SIZE ?? 10);
// Ten anchors, like the ten branch rows pgbench updates at scale 10: the same number of hot rows.
const ANCHORS = 10;
const RULE = 6; // 13,000 coins per fan: enough for the whole run

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

function withDb(url: string, db: string) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** pgbench's default TPC-B-like transaction (5 statements) with the same number of clients. */
function pgbench(url: string, init: boolean): number {
  const u = new URL(url);
  const env = {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username || 'postgres'),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: u.pathname.slice(1),
  };
  if (init) execFileSync('pgbench', ['-i', '-q', '-s', '10'], { env, stdio: 'ignore' });
  const out = execFileSync('pgbench', ['-c', String(CLIENTS), '-j', '2', '-T', String(DURATION), '-n'], { env, encoding: 'utf8' });
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
  if (!m) throw new Error(`pgbench output not understood:\n${out}`);
  return Number(m[1]);
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
function cpuMs(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** Waits (up to 30 s) until the process used under 10% of a core for a whole second; seconds waited. */
async function settle(pid: number): Promise<number> {
  const t0 = Date.now();
  let c = cpuMs(pid);
  while (Date.now() - t0 < 30_000) {
    await new Promise((r) => setTimeout(r, 1000));
    const n = cpuMs(pid);
    if (n - c < 100) break;
    c = n;
  }
  return (Date.now() - t0) / 1000;
}

async function startSite(databaseUrl: string): Promise<{ port: number; pid: number; stop: () => Promise<void> }> {
  const child = fork(path.join(here, '../server.ts'), ['site'], {
    // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the site process there (where its time goes).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_POOL_SIZE: String(POOL) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`site exited ${code}`)));
  });
  return { port, pid: child.pid!, stop: () => new Promise((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))) };
}

export async function giftBench() {
  console.log(`\n# Gift sends on PostgreSQL: ${CLIENTS} clients (pgbench: the same), ${DURATION} s, ${FANS} fans → ${ANCHORS} anchors, site pool ${POOL} connections`);
  const server = process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  try {
    await admin(server, 'select 1');
  } catch (err) {
    console.log(`skipped: no PostgreSQL at ${new URL(server).host} (${(err as Error).message})`);
    return;
  }
  const tag = `${process.pid}_${Date.now()}`;
  const pgbenchDb = `ls_bench_pgbench_${tag}`;
  const siteDb = `ls_bench_economy_${tag}`;
  await admin(server, `create database ${pgbenchDb}`);
  await admin(server, `create database ${siteDb}`);
  try {
    // pgbench runs right before and right after the sends (the site stopped each time), and the
    // sends are compared with the mean: on a machine whose load moves, neither side gets the luck.
    const tpsBefore = pgbench(withDb(server, pgbenchDb), true);

    const siteUrl = withDb(server, siteDb);
    const site = await startSite(siteUrl);
    const base = `http://127.0.0.1:${site.port}`;
    const database = await openDatabase({ url: siteUrl, dataDir: '/tmp', migrate: false });
    const db = database.db;
    let stopped = false;
    try {
      // People: fans with sessions and anchors, made through the account repo; coins through the real payment flow.
      const repo = createAccountRepo(db);
      const mk = async (i: number, anchor: boolean) => {
        const n = `${anchor ? 'a' : 'f'}${i}x${tag}`;
        const u = await repo.createUser({ email: `${n}@bench.local`, passwordHash: null, nickname: n.slice(0, 20), inviteCode: n.toUpperCase().slice(0, 20), isAnchor: anchor ? 1 : 0 });
        const token = randomToken(32);
        await repo.createSession({ userId: u.id, tokenHash: sha256(token), deviceType: 'pc', expiresAt: new Date(Date.now() + 86_400_000) });
        return { id: u.id, token };
      };
      const fans = await Promise.all(Array.from({ length: FANS }, (_, i) => mk(i, false)));
      const anchors = await Promise.all(Array.from({ length: ANCHORS }, (_, i) => mk(i, true)));
      for (const f of fans) {
        const order = await (await fetch(`${base}/api/chargerules/payUrl?id=${RULE}`, { headers: { token: f.token } })).json();
        const paid = await fetch(`${base}${order.data.pay_url}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=pay' });
        if (paid.status !== 303) throw new Error(`recharge failed: ${paid.status}`);
      }
      const funded = FANS * 130_000;
      const gifts = (await (await fetch(`${base}/api/Gift/getList`)).json()).data as Array<{ id: number; code: string; price: number }>;
      const cheer = gifts.find((g) => g.code === 'cheer')!;

      // The site does a few seconds of start-up work of its own (demo data, replays) after it
      // answers; measure the steady state: wait until it has been quiet for a second.
      const settled = await settle(site.pid);

      let next = 0;
      const run = (duration: number) =>
        autocannon({
          url: base,
          connections: CLIENTS,
          duration,
          requests: [
            {
              method: 'POST',
              path: '/api/member/handselGift',
              setupRequest: (req: Record<string, unknown>) => {
                const fan = fans[next++ % FANS];
                const anchor = anchors[Math.floor(Math.random() * ANCHORS)];
                return {
                  ...req,
                  headers: { 'content-type': 'application/json', token: fan.token, lang: 'en' },
                  body: JSON.stringify({ room_id: anchor.id, gift_id: cheer.id, num: 1, idempotency_key: randomUUID() }),
                };
              },
            },
          ],
        });
      await run(2); // warm-up: JIT, pool, plans
      const cpu0 = cpuMs(site.pid);
      const own0 = process.cpuUsage();
      const r = await run(DURATION);
      const siteCpuPerSend = (cpuMs(site.pid) - cpu0) / Math.max(1, r['2xx']);
      const own = process.cpuUsage(own0);
      const clientCpuPerSend = (own.user + own.system) / 1000 / Math.max(1, r['2xx']);
      const sendsPerSecond = r['2xx'] / DURATION;

      const load = os.loadavg()[0];

      // Drift check after the load, once the site has finished the requests still in flight
      // (stopping it waits for them), in one snapshot of the database.
      await site.stop();
      stopped = true;
      const tpsAfter = pgbench(withDb(server, pgbenchDb), false);
      const tps = (tpsBefore + tpsAfter) / 2;

      console.log('| measure | per second | p99 ms | ratio to pgbench (goal ≥ 0.3) |');
      console.log('|---|---:|---:|---:|');
      console.log(`| pgbench TPC-B, scale 10 (baseline: mean of ${fmt(tpsBefore)} before and ${fmt(tpsAfter)} after) | ${fmt(tps)} |  | 1.00 |`);
      console.log(`| gift sends (HTTP + ledger transaction) | ${fmt(sendsPerSecond)} | ${fmt(r.latency.p99, 1)} | ${fmt(sendsPerSecond / tps, 2)} |`);
      if (r.non2xx || r.errors) console.log(`note: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      console.log(
        `site process CPU per send: ${fmt(siteCpuPerSend, 2)} ms (one Node process, measured after its start-up work settled in ${fmt(settled, 0)} s; the load average during the sends was ${fmt(load, 1)} on ${os.cpus().length} cores); load generator (autocannon, this process) CPU per send: ${fmt(clientCpuPerSend, 2)} ms`,
      );
      const report = await audit(createAuditRepo(db));
      // Only the bench's own fans: the site's demo data has fans and gifts of its own.
      const fanIds = sql.join(
        fans.map((f) => sql`${f.id}`),
        sql`, `,
      );
      const [sent] = (
        (await db.execute(sql`select coalesce(sum(total), 0) as total, count(*) as n from gift_sends where sender_id in (${fanIds})`)) as unknown as { rows: Array<{ total: string; n: string }> }
      ).rows;
      const [left] = ((await db.execute(sql`select coalesce(sum(balance), 0) as s from wallets where kind = 'consumption' and user_id in (${fanIds})`)) as unknown as { rows: Array<{ s: string }> })
        .rows;
      const spentByBalances = funded - Number(left.s);
      console.log('\n| drift check | value |');
      console.log('|---|---:|');
      console.log(`| gift sends recorded (bench fans) | ${fmt(Number(sent.n))} |`);
      console.log(`| wallets checked | ${fmt(report.wallets)} |`);
      console.log(`| Σ balances − Σ ledger (tenths) | ${report.balanceTotal - report.ledgerTotal} |`);
      console.log(`| wallets off their ledger | ${report.drift.length} |`);
      console.log(`| negative wallets | ${report.negative} |`);
      console.log(`| coins out of fans − coins in gift records (tenths) | ${spentByBalances - Number(sent.total)} |`);
      console.log(`| **drift** | **${report.ok && spentByBalances === Number(sent.total) ? 0 : 'FOUND'}** (goal 0) |`);
    } finally {
      await database.close();
      if (!stopped) await site.stop();
    }
  } finally {
    await admin(server, `drop database if exists ${pgbenchDb} with (force)`).catch(() => {});
    await admin(server, `drop database if exists ${siteDb} with (force)`).catch(() => {});
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await giftBench();
