import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { authPlugin } from './platform/auth.ts';
import { type Bus, busPlugin } from './platform/bus.ts';
import { type OwnerCall, ownerPlugin } from './platform/owner.ts';
import { type Clock, clockPlugin } from './platform/clock.ts';
import { readCachePlugin } from './platform/read-cache.ts';
import { configPlugin } from './platform/config.ts';
import { databasePlugin } from './platform/database.ts';
import { crossSitePlugin } from './platform/cross-site.ts';
import { securityHeadersPlugin } from './platform/security-headers.ts';
import { envelopePlugin } from './platform/envelope.ts';
import { httpPlugin } from './platform/http.ts';
import { installHotAnswers } from './platform/hot-answers.ts';
import { openApiPlugin } from './platform/openapi.ts';
import { pageImagesPlugin } from './platform/page-images.ts';
import { type Mailer, mailerPlugin } from './platform/mail.ts';
import { secretsPlugin } from './platform/secrets.ts';
import { storagePlugin } from './platform/storage.ts';
import { webPlugin } from './platform/web.ts';
import { accountModule } from './modules/account/plugin.ts';
import { captchaModule } from './modules/captcha/plugin.ts';
import { chatModule } from './modules/chat/plugin.ts';
import { consoleDeskModule, consoleModule } from './modules/console/plugin.ts';
import { contentModule } from './modules/content/plugin.ts';
import { economyModule } from './modules/economy/plugin.ts';
import { liveModule } from './modules/live/plugin.ts';
import { matchesModule } from './modules/matches/plugin.ts';
import { replaysModule } from './modules/replays/plugin.ts';
import { searchModule } from './modules/search/plugin.ts';
import { socialModule } from './modules/social/plugin.ts';
import { systemModule } from './modules/system/plugin.ts';
import { REQUEST_TIMEOUT_MS, frontLimits, frontServerOptions } from './platform/front.ts';
import type { SocketPlaces } from './platform/socket-places.ts';

export interface BuildOptions {
  config: Config;
  /** An open database to use (tests share one); otherwise opened from config. */
  database?: Database;
  bus?: Bus;
  clock?: Clock;
  mailer?: Mailer;
  logger?: boolean | object;
  /** In a socket process on the embedded database: the calls the primary answers (platform/owner.ts). */
  ownerCall?: OwnerCall;
  /** Where per-address socket caps are counted, when not by this process or Redis (the primary's count: cluster/). */
  socketPlaces?: SocketPlaces;
  /** The HTTP server to use (a socket process hands plain requests to the primary: cluster/edge.ts). */
  serverFactory?: FastifyServerOptions['serverFactory'];
}

/**
 * The domain modules, each a named fastify-plugin that declares the plugins it needs (Fastify
 * refuses to start when one is missing or comes later) and exposes its service as a decorator.
 */
const modules = [
  captchaModule,
  accountModule,
  consoleModule,
  systemModule,
  searchModule,
  socialModule,
  contentModule,
  economyModule,
  matchesModule,
  replaysModule,
  liveModule,
  chatModule,
  consoleDeskModule,
];

/** The site: platform plugins, then the domain modules, then the demo (when on) and the web app. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL },
    // The spec writes paths in mixed case (api/Member/…, api/member/…): match them all.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // X-Forwarded-For only from the proxies TRUST_PROXY names (none by default). A hop count works
    // at runtime; the type of one of Fastify's overloads omits it.
    trustProxy: config.TRUST_PROXY as boolean,
    bodyLimit: 1024 * 1024,
    // Opening a fresh embedded database and migrating it can take longer than Fastify's default
    // 10 s per plugin on a busy machine; a start-up step that fails still fails loudly.
    pluginTimeout: 0,
    // The connection front's timeouts (platform/front.ts): a short wait for a request head and
    // between keep-alive requests.
    http: frontServerOptions(frontLimits(config)),
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    ...(opts.serverFactory ? { serverFactory: opts.serverFactory } : {}),
  });
  // Repeats of public cached answers leave from the server's first step (platform/hot-answers.ts).
  if (config.HOT_ANSWERS) installHotAnswers(app);

  await app.register(configPlugin, { config });
  await app.register(secretsPlugin);
  await app.register(databasePlugin, { database: opts.database });
  await app.register(busPlugin, { bus: opts.bus });
  await app.register(ownerPlugin, { call: opts.ownerCall });
  await app.register(readCachePlugin);
  await app.register(clockPlugin, { clock: opts.clock });
  await app.register(mailerPlugin, { mailer: opts.mailer });
  await app.register(storagePlugin);
  await app.register(securityHeadersPlugin);
  await app.register(httpPlugin, { places: opts.socketPlaces });
  // br/gzip for JSON and text over 1 kB; cached answers arrive compressed already and pass through.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(envelopePlugin);
  await app.register(authPlugin);
  await app.register(crossSitePlugin);
  await app.register(openApiPlugin);
  await app.register(pageImagesPlugin);

  for (const module of modules) await app.register(module);

  // Loaded only when on, so production code never imports the demo.
  if (config.DEMO_DATA || config.DEMO_STREAMS) await app.register((await import('./demo/plugin.ts')).demoPlugin);
  await app.register(webPlugin);
  return app;
}
