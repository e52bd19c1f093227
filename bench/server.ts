// The servers the hot-read and match-day benches compare, each in its own process: a bare Fastify
// route answering a settings-sized JSON (with BENCH_BARE_ANSWERS, also the match-day crowd's
// recorded answers and bare score sockets); the real site (real plugins, real database, demo data)
// in this process; and `cluster <N>`, the same site as `npm start` runs it with WORKERS=N.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { freePort } from './lib/ports.ts';
import { prepareFrame, sendPrepared } from '../apps/server/src/platform/prepared-frame.ts';

const kind = process.argv[2];
let port: number;
/** With BENCH_RTMP=on: where to push, and each room's stream key. */
let extra: { rtmp?: string; keys?: Record<number, string> } = {};
if (kind === 'bare') {
  const app = Fastify({ logger: false });
  const body = {
    code: 200,
    msg: 'Success',
    data: {
      websocket: 'ws://localhost:8080/ws/score',
      CountryCode: '86',
      apply_for_anchor: '1',
      feedback_qq: '',
      customer_service_email: 'support@localhost',
      site_icp: '',
      site_gwa: '',
      Value_added_business_license: '',
      site_name: 'LiveSports',
      third_login: [],
      captcha: true,
    },
  };
  app.get('/bare', async () => body);
  // BENCH_BARE_ANSWERS=<file>: also send recorded answers from memory, byte for byte (the
  // match-day crowd's same-bytes floor), keyed by method, URL and body.
  if (process.env.BENCH_BARE_ANSWERS) {
    const recorded = JSON.parse(fs.readFileSync(process.env.BENCH_BARE_ANSWERS, 'utf8')) as Array<{ key: string; status: number; headers: Record<string, string>; body: string }>;
    const answers = new Map(recorded.map((a) => [a.key, { ...a, bytes: Buffer.from(a.body, 'base64') }]));
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => done(null, text));
    // With the answers, score sockets too (the match-day goal push's floor): /ws/score answers a
    // register with code 101, and POST api/feed/events writes a goal frame to every socket at
    // once, encoded once, as any plain ws server would: no database, no bus, no slicing.
    const sockets = new Set<WebSocket>();
    const goalBytes = Number(process.env.BENCH_BARE_GOAL_BYTES ?? 0);
    const wss = new WebSocketServer({ server: app.server, path: '/ws/score' });
    wss.on('connection', (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      ws.on('message', () => ws.send(JSON.stringify({ code: 101, msg: 'register success', data: {} })));
    });
    app.post('/api/feed/events', async (req) => {
      const body = JSON.parse(req.body as string) as { match_id: number; events: Array<{ score: [number, number] }> };
      const [home, away] = body.events[0].score;
      // Padded to what the site writes for a goal (its alert and the match's row), when given.
      const text = JSON.stringify({ code: 100, msg: '', data: { type: 'goal', match_id: body.match_id, home_score: home, away_score: away, pad: '' } });
      const frame = prepareFrame(text.replace('"pad":""', `"pad":"${'x'.repeat(Math.max(0, goalBytes - text.length - 4))}"`));
      for (const ws of sockets) sendPrepared(ws, frame);
      return { code: 200, msg: 'ok', data: {} };
    });
    app.route({
      method: ['GET', 'POST'],
      url: '/api/*',
      handler: async (req, reply) => {
        const a = answers.get(`${req.method} ${req.url} ${typeof req.body === 'string' ? req.body : ''}`);
        if (!a) return reply.code(404).send();
        return reply.code(a.status).headers(a.headers).send(a.bytes);
      },
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
} else if (kind === 'cluster') {
  port = await startCluster(Number(process.argv[3] ?? 2));
} else {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-bench-'));
  // The site tells browsers where its sockets are (PUBLIC_URL): pick the port first, so a page the
  // benches open connects to this server rather than to the default localhost:8080.
  const sitePort = await freePort();
  // BENCH_RTMP=on: an RTMP ingest (and the quality ladder) as `npm start` has, for a bench that pushes a stream.
  const rtmpPort = process.env.BENCH_RTMP === 'on' ? await freePort() : 0;
  const config = loadConfig({
    PUBLIC_URL: `http://127.0.0.1:${sitePort}`,
    DATA_DIR: dataDir,
    SERVE_WEB: 'on',
    RATE_LIMIT_SCALE: '0',
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    RTMP_PORT: String(rtmpPort),
    DEMO_STREAMS: 'off',
    DB_POOL_SIZE: process.env.BENCH_POOL_SIZE,
    // The match-day bench pushes goals through the ingest and runs the replay faster.
    FEED_TOKEN: process.env.BENCH_FEED_TOKEN,
    MATCH_REPLAY_SPEED: process.env.BENCH_REPLAY_SPEED,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  });
  const app = await buildApp({ config, logger: process.env.BENCH_LOG_LEVEL ? { level: config.LOG_LEVEL } : false });
  await app.listen({ port: sitePort, host: '127.0.0.1' });
  // The demo plugin seeds once the server listens.
  await app.demoSeeded;
  port = (app.server.address() as { port: number }).port;
  if (rtmpPort) {
    const { liveRooms } = await import('../apps/server/src/db/schema/live.ts');
    const rows = await app.database.db.select({ id: liveRooms.id, key: liveRooms.streamKey }).from(liveRooms);
    extra = { rtmp: `rtmp://127.0.0.1:${rtmpPort}/live`, keys: Object.fromEntries(rows.map((r) => [r.id, r.key])) };
  }
  process.on(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => fs.rmSync(dataDir, { recursive: true, force: true }))
        .finally(() => process.exit(0)),
  );
}
process.send!({ port, ...extra });

/**
 * The site as `npm start` runs it on this machine (main.ts with WORKERS=N: the primary answers
 * HTTP and owns the database, N socket processes hold the sockets), with the same settings as the
 * one-process site above. Ready once the demo rooms are listed.
 */
async function startCluster(workers: number) {
  const { startMainSite } = await import('./lib/main-site.ts');
  const rooms = (origin: string) =>
    fetch(`${origin}/api/Live/getRoomList?type=0&limit=1`, { headers: { lang: 'en' } })
      .then(async (r) => (((await r.json()) as { data?: { list?: unknown[] } }).data?.list?.length ?? 0) > 0)
      .catch(() => false);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-bench-'));
  // The site tells browsers where its sockets are (PUBLIC_URL), so its port is picked first.
  const sitePort = await freePort();
  const site = await startMainSite({
    processes: workers,
    dataDir,
    port: sitePort,
    ready: rooms,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${sitePort}`,
      SERVE_WEB: 'on',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      REDIS_URL: '',
      RTMP_PORT: '0',
      DEMO_STREAMS: 'off',
      FEED_TOKEN: process.env.BENCH_FEED_TOKEN ?? '',
      MATCH_REPLAY_SPEED: process.env.BENCH_REPLAY_SPEED ?? '',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
    },
  });
  process.on('SIGTERM', () => void site.stop().finally(() => process.exit(0)));
  return site.port;
}
