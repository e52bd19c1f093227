import http from 'node:http';
import { Code } from '@livesports/contracts/envelope';
import { pickLang, translate } from '@livesports/contracts/messages';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { type Database, openDatabase, openLinkedDatabase } from '../db/client.ts';
import { createRedisBus } from '../platform/bus.ts';
import { frontLimits, frontServerOptions } from '../platform/front.ts';
import { createIpcBus } from '../platform/ipc-bus.ts';
import { placesOverIpc } from '../platform/socket-places.ts';
import { exitOnSignal } from '../serve.ts';
import { takeConnections } from './hand-out.ts';
import { callsOverIpc, processPort, sqlOverIpc } from './ipc.ts';

const SOCKET_PATH = /^\/ws\//;

/**
 * A plain request on a connection the primary handed here for a WebSocket (a client that asked
 * for a /ws/ path without an upgrade, then sent another request on it): the API lives in the
 * primary, whose per-IP limits a second process must not double, so the client is told to ask
 * again on a new connection, which reaches the primary.
 */
function misdirected(req: http.IncomingMessage, res: http.ServerResponse) {
  const cookieLang = /(?:^|;\s*)lang=([a-z]{2})/.exec(req.headers.cookie ?? '')?.[1];
  const lang = pickLang(req.headers['lang'] as string | undefined, cookieLang, req.headers['accept-language']);
  res.writeHead(421, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
  res.end(JSON.stringify({ code: Code.ERROR, msg: translate(lang, 'common.server_error'), data: null }));
}

/**
 * A socket process (a cluster worker, WORKERS > 1): it holds the WebSockets the primary hands it —
 * chat rooms and score push — with the chat and matches services of a full site; plain HTTP is the
 * primary's (cluster/hand-out.ts). The work that must run once (the embedded database, match replay, RTMP
 * ingest, demo streams and chatter, demo data, the first administrator, the replay retention sweep) stays in the primary, so
 * the settings that start it are off here.
 */
export async function runEdge(config: Config) {
  if (!process.send) throw new Error('a socket process is started by the primary (WORKERS > 1)');
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
  const app = await buildApp({
    config: edgeConfig,
    database,
    bus,
    // Embedded: work that only the database's owner may do (a room's chat sequence) goes to it.
    ...(config.DATABASE_URL ? {} : { ownerCall: callsOverIpc(port) }),
    // Per-address socket caps count every process's sockets: the primary holds the count (or Redis).
    ...(config.REDIS_URL ? {} : { socketPlaces: placesOverIpc(port) }),
    // WebSocket upgrades reach Fastify through the server's 'upgrade' event. A plain request for a
    // /ws/ path gets the answer a one-process site gives; any other never enters Fastify here.
    // It reads the upgrade requests itself, so the front's timeouts apply here too (platform/front.ts).
    serverFactory: (handler) => http.createServer(frontServerOptions(frontLimits(config)), (req, res) => (SOCKET_PATH.test(req.url ?? '') ? handler(req, res) : misdirected(req, res))),
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
