import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.ts';
import { pgliteTextParsers } from '../db/client.ts';
import { createSqlServer } from '../db/sql-link.ts';
import { createConnectionCap, frontLimits, trustedPeers } from '../platform/front.ts';
import { createBusHub } from '../platform/ipc-bus.ts';
import { localPlaces, servePlaces } from '../platform/socket-places.ts';
import { exitOnSignal, serveSite } from '../serve.ts';
import { createHandOut } from './hand-out.ts';
import { serveCalls, serveSql, workerPort } from './ipc.ts';

/** A socket process that ends sooner than this after its start is restarted with a growing delay. */
const STEADY_MS = 10_000;
const FIRST_RESTART_MS = 100;
const MAX_RESTART_MS = 10_000;
/** How long socket processes get to close their sockets on shutdown before they are killed. */
const SHUTDOWN_MS = 10_000;

/**
 * The primary of WORKERS > 1: the whole site, for every HTTP request of the public port, while its
 * socket processes hold the WebSockets: the primary accepts the port's connections, answers the
 * plain HTTP ones itself and hands the WebSockets to the socket processes in turn
 * (cluster/hand-out.ts).
 *
 * It owns what exists once: the embedded database (the socket processes' SQL comes here over IPC,
 * db/sql-link.ts), the match replay, the RTMP ingest and demo streams, the demo data and chatter.
 * Without REDIS_URL
 * it is the bus between them (platform/ipc-bus.ts); with it, everyone uses Redis. A socket process
 * that dies is started again; its viewers reconnect to the others meanwhile.
 */
export async function runPrimary(config: Config) {
  const hub = config.REDIS_URL ? null : createBusHub();
  // Fastify listens on a loopback port of the primary's own (its start, the demo data once it
  // listens, and its close stay the usual ones); the public port's HTTP connections reach its
  // server from the hand-out, with their clients' addresses, so TRUST_PROXY applies as it is.
  // Without Redis the primary holds the per-address socket count for every process (its own sockets included).
  const places = config.REDIS_URL ? null : localPlaces();
  const app = await serveSite(config, { host: '127.0.0.1', port: 0 }, { ...(hub ? { bus: hub.bus } : {}), ...(places ? { socketPlaces: places } : {}) });
  const raw = app.database.raw;
  const sql = raw ? createSqlServer(raw, await pgliteTextParsers()) : null;

  // Rows keep their types across processes (bigint, bytes, dates) with the structured-clone channel.
  cluster.setupPrimary({ serialization: 'advanced' });
  // The connection front (platform/front.ts): the per-address cap counts the connections this
  // process holds (a WebSocket's leaves it once a socket process took it, and counts there by the
  // socket caps); a connection must send its request line within HEAD_TIMEOUT_MS.
  const limits = frontLimits(config);
  const handOut = createHandOut(app.server, { cap: createConnectionCap({ perIp: limits.perIp, trusted: trustedPeers(config.TRUST_PROXY) }), headMs: limits.headMs });
  let announced = false;
  const delays: number[] = [];
  let closing = false;

  function start(slot: number) {
    const worker = cluster.fork();
    const port = workerPort(worker);
    const detach = hub?.attach(port);
    const stopSql = sql ? serveSql(port, sql, worker.id) : null;
    const stopCalls = sql ? serveCalls(port, app.owner.handlers) : null;
    const stopPlaces = places ? servePlaces(port, places) : null;
    const startedAt = Date.now();
    handOut.add(worker, { host: config.HOST, port: config.PORT }, () => {
      if (announced) return;
      announced = true;
      app.log.info(`site ready at ${config.publicUrl}: ${config.WORKERS} socket processes; this process (${process.pid}) owns the database${hub ? ' and relays the bus' : ''}`);
    });
    worker.on('exit', (code, signal) => {
      detach?.();
      stopCalls?.();
      // Its sockets went with it: their places are free again.
      stopPlaces?.();
      // A transaction it left open would hold the embedded database: rolled back.
      void stopSql?.();
      if (closing) return;
      delays[slot] = Date.now() - startedAt < STEADY_MS ? Math.min(MAX_RESTART_MS, (delays[slot] ?? FIRST_RESTART_MS / 2) * 2) : FIRST_RESTART_MS;
      app.log.warn(`socket process ${worker.process.pid} ended (${signal ?? `exit ${code}`}); another starts in ${delays[slot]} ms`);
      setTimeout(() => closing || start(slot), delays[slot]).unref();
    });
  }
  for (let slot = 0; slot < config.WORKERS; slot++) start(slot);
  handOut.server.on('error', (err) => {
    app.log.error(err, `cannot listen on ${config.HOST}:${config.PORT}`);
    process.exit(1);
  });

  exitOnSignal(app.log, async () => {
    closing = true;
    handOut.server.close();
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
