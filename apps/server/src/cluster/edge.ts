import http from 'node:http';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { type Database, openDatabase, openLinkedDatabase } from '../db/client.ts';
import { createRedisBus } from '../platform/bus.ts';
import { createIpcBus } from '../platform/ipc-bus.ts';
import { exitOnSignal } from '../serve.ts';
import { takeConnections } from './hand-out.ts';
import { createOwnerProxy, forOwner } from './proxy.ts';
import { OWNER_ENV, callsOverIpc, processPort, sqlOverIpc } from './ipc.ts';

/**
 * A socket process (a cluster worker, WORKERS > 1): it holds the WebSockets that land on it — chat
 * rooms and score push — with the chat and matches services of a full site, and hands everything
 * else to the primary. The work that must run once (the embedded database, match replay, RTMP
 * ingest, demo streams and chatter, demo data, the first administrator, the replay retention sweep) stays in the primary, so
 * the settings that start it are off here.
 */
export async function runEdge(config: Config) {
  const owner = JSON.parse(process.env[OWNER_ENV] ?? 'null') as { host: string; port: number } | null;
  if (!owner) throw new Error(`${OWNER_ENV} is not set: a socket process is started by the primary`);
  const port = processPort();
  const edgeConfig: Config = {
    ...config,
    DEMO_DATA: false,
    DEMO_STREAMS: false,
    MATCH_REPLAY_SPEED: 0,
    RTMP_PORT: 0,
    ADMIN_EMAIL: undefined,
    ADMIN_PASSWORD: undefined,
    // The hourly removal of old replays (replays/plugin.ts) runs in the primary only: one sweep,
    // not one per process racing to delete the same files.
    REPLAY_DAYS: 0,
  };
  // PostgreSQL: a pool of its own (the primary ran the migrations). Embedded: the primary's, over IPC.
  const database: Database = config.DATABASE_URL
    ? await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DB_POOL_SIZE, migrate: false })
    : await openLinkedDatabase(sqlOverIpc(port));
  const bus = config.REDIS_URL ? createRedisBus(config.REDIS_URL, config.REDIS_PREFIX) : createIpcBus(port);
  const proxy = createOwnerProxy(owner);
  const app = await buildApp({
    config: edgeConfig,
    database,
    bus,
    // Embedded: work that only the database's owner may do (a room's chat sequence) goes to it.
    ...(config.DATABASE_URL ? {} : { ownerCall: callsOverIpc(port) }),
    // WebSocket upgrades reach Fastify through the server's 'upgrade' event; plain requests for the
    // primary never enter Fastify here.
    serverFactory: (handler) => http.createServer((req, res) => (forOwner(req.url) ? proxy(req, res) : handler(req, res))),
  });
  app.addHook('onClose', async () => {
    await bus.close();
    await database.close();
  });
  // The public port is the primary's: it hands this process its connections (cluster/hand-out.ts).
  // Fastify still listens, on a loopback port of this process's own, so its start and close are
  // the usual ones.
  const taker = takeConnections(app.server);
  await app.listen({ host: '127.0.0.1', port: 0, exclusive: true });
  taker.ready();
  app.log.info(`socket process ${process.pid} ready`);
  // The primary went away (it restarts nobody now): leave rather than serve half a site.
  process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
  exitOnSignal(app.log, () => app.close());
}
