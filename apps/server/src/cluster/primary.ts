import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config.ts';
import { pgliteTextParsers } from '../db/client.ts';
import { createSqlServer } from '../db/sql-link.ts';
import { createBusHub } from '../platform/ipc-bus.ts';
import { exitOnSignal, serveSite } from '../serve.ts';
import { OWNER_ENV, serveCalls, serveSql, workerPort } from './ipc.ts';

/** A socket process that ends sooner than this after its start is restarted with a growing delay. */
const STEADY_MS = 10_000;
const FIRST_RESTART_MS = 100;
const MAX_RESTART_MS = 10_000;
/** How long socket processes get to close their sockets on shutdown before they are killed. */
const SHUTDOWN_MS = 10_000;

/**
 * The socket processes accept from the public port's listening socket themselves (SCHED_NONE), not
 * from the primary one connection at a time (node:cluster's default round robin, SCHED_RR).
 *
 * Why: in round robin the primary accepts every connection and passes it to a socket process over
 * IPC, one at a time per process, waiting for its answer before the next; and this primary is the
 * busiest process there is (the embedded database runs on its thread). When a socket process died,
 * its 2,000 viewers came back through that queue to the one process left: 4.8 s median, 7.9 s p99
 * to be back (`BENCH_CLUSTER=kill npm run bench -- cluster`), though each had reconnected once
 * within a second. Sharing the socket, the connections wait in the kernel's queue, which outlives
 * any one process, and the living process takes them as fast as it can. The kernel wakes every
 * process waiting on the socket and the first free one takes the connection, so a busy process takes
 * fewer. NODE_CLUSTER_SCHED_POLICY=rr (Node's own setting) brings round robin back.
 */
function sharedPort() {
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
}

/**
 * The primary of WORKERS > 1: the whole site on a loopback port for its socket processes, which
 * hold the public port (they share its listening socket and the kernel hands each new connection to
 * one that is waiting for it: see `sharedPort` above).
 *
 * It owns what exists once: the embedded database (the socket processes' SQL comes here over IPC,
 * db/sql-link.ts), the match replay, the RTMP ingest and demo streams, the demo data and chatter.
 * The socket processes send it the API, media and uploads (cluster/proxy.ts). Without REDIS_URL
 * it is the bus between them (platform/ipc-bus.ts); with it, everyone uses Redis. A socket process
 * that dies is started again; its viewers reconnect to the others meanwhile.
 */
export async function runPrimary(config: Config) {
  const hub = config.REDIS_URL ? null : createBusHub();
  // The socket processes forward requests here with the client's address appended to
  // X-Forwarded-For (cluster/proxy.ts): trust that one loopback hop on top of TRUST_PROXY.
  const trust = config.TRUST_PROXY;
  const ownerTrust = trust === true ? true : trust === false ? 1 : typeof trust === 'number' ? trust + 1 : [...trust, '127.0.0.1', '::1'];
  const app = await serveSite({ ...config, TRUST_PROXY: ownerTrust }, { host: '127.0.0.1', port: 0 }, hub ? { bus: hub.bus } : {});
  const raw = app.database.raw;
  const sql = raw ? createSqlServer(raw, await pgliteTextParsers()) : null;
  const owner = { host: '127.0.0.1', port: (app.server.address() as AddressInfo).port };

  // Before setupPrimary, which fixes the policy.
  sharedPort();
  // Rows keep their types across processes (bigint, bytes, dates) with the structured-clone channel.
  cluster.setupPrimary({ serialization: 'advanced' });
  // libuv's own setting: a socket process yields after each connection it accepts from the shared
  // port, so the others get theirs. Without it the kernel's split went to 60/40 or 66/34 when one
  // process was busier at the moment of the joins, and every goal then took as long as the bigger
  // share's writes (cluster bench: site ÷ floor 1.70 at 66/34, 1.11 at 54/46, 0.92 at 52/48).
  const env = { [OWNER_ENV]: JSON.stringify(owner), UV_TCP_SINGLE_ACCEPT: process.env.UV_TCP_SINGLE_ACCEPT ?? '1' };
  const delays: number[] = [];
  let closing = false;

  function start(slot: number) {
    const worker = cluster.fork(env);
    const port = workerPort(worker);
    const detach = hub?.attach(port);
    const stopSql = sql ? serveSql(port, sql, worker.id) : null;
    const stopCalls = sql ? serveCalls(port, app.owner.handlers) : null;
    const startedAt = Date.now();
    worker.on('exit', (code, signal) => {
      detach?.();
      stopCalls?.();
      // A transaction it left open would hold the embedded database: rolled back.
      void stopSql?.();
      if (closing) return;
      delays[slot] = Date.now() - startedAt < STEADY_MS ? Math.min(MAX_RESTART_MS, (delays[slot] ?? FIRST_RESTART_MS / 2) * 2) : FIRST_RESTART_MS;
      app.log.warn(`socket process ${worker.process.pid} ended (${signal ?? `exit ${code}`}); another starts in ${delays[slot]} ms`);
      setTimeout(() => closing || start(slot), delays[slot]).unref();
    });
  }
  for (let slot = 0; slot < config.WORKERS; slot++) start(slot);
  app.log.info(`site ready at ${config.publicUrl}: ${config.WORKERS} socket processes; this process (${process.pid}) owns the database${hub ? ' and relays the bus' : ''}`);

  exitOnSignal(app.log, async () => {
    closing = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            const kill = setTimeout(() => w.process.kill('SIGKILL'), SHUTDOWN_MS);
            w.once('exit', () => (clearTimeout(kill), resolve()));
            w.process.kill('SIGTERM');
          }),
      ),
    );
    await app.close();
    await hub?.bus.close();
  });
}
