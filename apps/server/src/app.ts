import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { Code } from '@livesports/contracts/envelope';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { authPlugin } from './platform/auth.ts';
import { type Bus, createMemoryBus, createRedisBus } from './platform/bus.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { envelopePlugin, localize, sendError } from './platform/envelope.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { loadSecret } from './platform/secrets.ts';
import { createAccountRepo } from './modules/account/repo.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { createAccountService } from './modules/account/service.ts';
import { createGoogleLogin } from './modules/account/oauth.ts';
import { createCaptchaRepo } from './modules/captcha/repo.ts';
import { captchaRoutes } from './modules/captcha/routes.ts';
import { createCaptchaService } from './modules/captcha/service.ts';
import { createSystemRepo } from './modules/system/repo.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { createSystemService } from './modules/system/service.ts';
import { contentModule } from './modules/content/module.ts';
import { socialModule } from './modules/social/module.ts';
import { searchModule } from './modules/search/module.ts';
import { economyModule } from './modules/economy/module.ts';
import { matchesModule } from './modules/matches/module.ts';
import { livePlugin } from './modules/live/plugin.ts';
import { chatModule } from './modules/chat/module.ts';
import { startDemoChatter } from './db/seed/chatter.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
// WEB_DIST: a web build elsewhere (a separate build step, or a second build next to a running site).
export const WEB_DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.resolve(here, '../../web/dist');

export interface BuildOptions {
  config: Config;
  /** An open database to use (tests share one); otherwise opened from config. */
  database?: Database;
  bus?: Bus;
  clock?: Clock;
  mailer?: Mailer;
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Resolves when the demo data is in (main.ts seeds after listening); resolved from the start otherwise. */
    demoSeeded: Promise<void>;
    database: Database;
    bus: Bus;
    services: {
      account: ReturnType<typeof createAccountService>;
      captcha: ReturnType<typeof createCaptchaService>;
      system: ReturnType<typeof createSystemService>;
      content: Awaited<ReturnType<typeof contentModule>>['service'];
      social: Awaited<ReturnType<typeof socialModule>>;
      search: Awaited<ReturnType<typeof searchModule>>;
      economy: Awaited<ReturnType<typeof economyModule>>;
      matches: Awaited<ReturnType<typeof matchesModule>>['service'];
      chat: Awaited<ReturnType<typeof chatModule>>;
    };
  }
}

/** Assembles the site: platform pieces first, then each domain's routes, then the web app. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const clock = opts.clock ?? systemClock;
  fs.mkdirSync(config.dataDir, { recursive: true });

  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL },
    // The spec writes paths in mixed case (api/Member/…, api/member/…): match them all.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });

  const database = opts.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DB_POOL_SIZE }));
  const bus = opts.bus ?? (config.REDIS_URL ? createRedisBus(config.REDIS_URL) : createMemoryBus());
  const ownsDb = !opts.database;
  const ownsBus = !opts.bus;
  app.decorate('config', config);
  app.decorate('demoSeeded', Promise.resolve());
  app.decorate('database', database);
  app.decorate('bus', bus);
  app.addHook('onClose', async () => {
    if (ownsBus) await bus.close();
    if (ownsDb) await database.close();
  });

  const db = database.db;
  const secret = loadSecret(config.dataDir, 'app', config.APP_SECRET);
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, log: app.log });

  const captcha = createCaptchaService({ repo: createCaptchaRepo(db), clock });
  const thirdParty = createGoogleLogin({
    issuer: config.OAUTH_GOOGLE_ISSUER,
    clientId: config.OAUTH_GOOGLE_CLIENT_ID,
    clientSecret: config.OAUTH_GOOGLE_CLIENT_SECRET,
    redirectUri: `${config.publicUrl}/loginWithTwitter`,
    db,
    clock,
    log: app.log,
  });
  const system = createSystemService({
    repo: createSystemRepo(db),
    bus,
    publicUrl: config.publicUrl,
    thirdLogin: () => (thirdParty.available() ? ['google'] : []),
    captcha: config.CAPTCHA === 'on',
  });
  await system.listen();
  const account = createAccountService({
    repo: createAccountRepo(db),
    mailer,
    clock,
    captcha: { enabled: config.CAPTCHA === 'on', consumeTicket: (t) => captcha.consumeTicket(t) },
    thirdParty,
    uploadSecret: secret,
    siteName: 'LiveSports',
  });
  // Modules registered further down (content, social, search) add their services to this object.
  app.decorate('services', { account, captcha, system } as FastifyInstance['services']);

  await app.register(cookie);
  await app.register(formbody);
  await app.register(envelopePlugin);
  await app.register(authPlugin, { resolve: (token) => account.resolveToken(token) });
  await app.register(rateLimit, {
    global: false,
    // After body parsing, so a limit can key on the account as well as the address.
    hook: 'preHandler',
    ...(config.REDIS_URL ? { redis: new (await import('ioredis')).Redis(config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 }) } : {}),
    errorResponseBuilder: (req, ctx) => ({ statusCode: 429, code: Code.ERROR, msg: localize(req, 'common.too_many'), data: { retry_after: Math.ceil(ctx.ttl / 1000) } }),
  });
  await app.register(websocket);

  const scale = config.RATE_LIMIT_SCALE;
  await app.register(accountRoutes, { service: account, rateLimitScale: scale });
  await app.register(captchaRoutes, { service: captcha, rateLimitScale: scale });
  await app.register(systemRoutes, { service: system });

  const content = (await contentModule(app, { db, clock, secret })).service;
  const social = await socialModule(app, { db, bus });
  const search = await searchModule(app, { db, content, social, countKeyword: (name) => createSystemRepo(db).countKeyword(name) });
  Object.assign(app.services, { content, social, search });
  Object.assign(app.services, { economy: await economyModule(app, { db, clock, bus, config }) });
  Object.assign(app.services, { matches: (await matchesModule(app, { db, bus, clock, config })).service });
  await app.register(livePlugin, { config, clock, secret, applicationsOpen: async () => (await system.settings()).apply_for_anchor !== '0' });
  Object.assign(app.services, { chat: await chatModule(app, { config, clock, db, bus, economy: app.services.economy }) });
  // The demo fans talk in the demo rooms while those stream (only with the demo streams on). On
  // listen: main.ts sets demoSeeded after building the app, and the chatter waits for the seed.
  if (config.DEMO_DATA && config.DEMO_STREAMS) {
    let stopChatter: (() => Promise<void>) | null = null;
    app.addHook('onListen', async () => void (stopChatter = startDemoChatter(app, app.services.chat.messages)));
    app.addHook('onClose', async () => stopChatter?.());
  }

  let seeded = false;
  app.addHook('onListen', async () => void app.demoSeeded.then(() => (seeded = true)));
  app.get('/healthz', async () => ({ ok: true, db: database.kind, bus: bus.kind, seeded }));

  // Uploaded files (avatars, covers…) from local storage.
  const uploads = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  // With an S3 bucket (S3_BUCKET) the content module serves /uploads/ instead.
  if (!config.S3_BUCKET) await app.register(fastifyStatic, { root: uploads, prefix: '/uploads/', decorateReply: false, index: false });

  const hasWeb = config.SERVE_WEB && fs.existsSync(path.join(WEB_DIST, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      prefix: '/',
      // Wildcard lookup (not a route per file found at start), so a rebuild's new bundles are
      // served at once; a missing file falls through to the not-found handler below.
      wildcard: true,
      index: false,
      // Hashed assets never change; index.html must always be fresh.
      setHeaders: (reply, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  // index.html names the hashed bundles: re-read it when a rebuild replaced it, so a running server
  // never hands out asset names that no longer exist.
  const indexPath = path.join(WEB_DIST, 'index.html');
  let index = { mtime: 0, html: null as string | null };
  const indexHtml = () => {
    if (!hasWeb) return null;
    const mtime = fs.statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (mtime !== index.mtime) index = { mtime, html: mtime ? fs.readFileSync(indexPath, 'utf8') : null };
    return index.html;
  };

  // The site root is a directory to the static plugin (403): hand it to the single-page app too.
  if (hasWeb) app.get('/', (_req, reply) => reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml()));

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.toLowerCase();
    const html = indexHtml();
    if (url.startsWith('/api/') || url.startsWith('/ws/') || url.startsWith('/uploads/') || !html || req.method !== 'GET') {
      return sendError(reply, 404, Code.ERROR, localize(req, 'common.not_found'));
    }
    // Client-side routes: the single-page app decides (and shows its own 404 page).
    return reply.type('text/html').header('cache-control', 'no-cache').send(html);
  });

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) await account.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  return app;
}
