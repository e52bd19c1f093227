import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { Code } from '@livesports/contracts/envelope';
import { localize } from './envelope.ts';
import { upgradesAfterAnswers } from './front.ts';
import { WS_MAX_PAYLOAD, type SocketGuard, createSocketGuard } from './socket-guard.ts';
import { type SocketPlaces, localPlaces, redisPlaces } from './socket-places.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Socket limits per address and per socket (socket-guard.ts): one for chat, one for scores. */
    sockets: { im: SocketGuard; score: SocketGuard };
  }
}

/**
 * The outside pieces every module's routes stand on: cookies, form-encoded bodies (the spec's
 * clients post forms as well as JSON), per-route rate limits (in Redis with REDIS_URL, so every
 * process counts together) and WebSockets.
 */
export const httpPlugin = fp(
  async (app, opts: { places?: SocketPlaces }) => {
    const { config } = app;
    await app.register(cookie);
    await app.register(formbody);
    await app.register(rateLimit, {
      global: false,
      // After body parsing, so a limit can key on the account as well as the address.
      hook: 'preHandler',
      ...(config.REDIS_URL
        ? { redis: new (await import('ioredis')).Redis(config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 }), nameSpace: `${config.REDIS_PREFIX}fastify-rate-limit-` }
        : {}),
      errorResponseBuilder: (req, ctx) => ({ statusCode: 429, code: Code.ERROR, msg: localize(req, 'common.too_many'), data: { retry_after: Math.ceil(ctx.ttl / 1000) } }),
    });
    // Small frames only: ws closes a socket that sends more (1009) before buffering it.
    await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD } });
    // An upgrade sent right behind another request on one connection waits for that answer (front.ts).
    upgradesAfterAnswers(app.server);
    const scale = config.RATE_LIMIT_SCALE;
    const cap = (n: number) => (scale > 0 ? Math.ceil(n * scale) : 0);
    // Per-address socket places, counted for the whole site (socket-places.ts): the primary's count
    // when given (a socket process asks it over IPC; the primary counts its own here), else Redis
    // when set, else this process alone.
    let places = opts.places;
    if (!places && config.REDIS_URL) {
      const redis = new (await import('ioredis')).Redis(config.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
      // A failed command falls back to this process's own count (socket-places.ts); ioredis reconnects by itself.
      redis.on('error', (err) => app.log.debug({ err }, 'socket places: Redis'));
      const inRedis = redisPlaces(redis, config.REDIS_PREFIX, app.log);
      app.addHook('onClose', async () => {
        await inRedis.close();
        redis.disconnect();
      });
      places = inRedis;
    }
    places ??= localPlaces();
    app.decorate('sockets', {
      // Chat: sockets not yet logged in, per address (a logged-in socket is counted by its user's limits).
      im: createSocketGuard({ kind: 'im', perIp: cap(20), framesPerSecond: cap(20), burst: cap(40), places }),
      // Scores have no login: every socket counts; generous for many fans behind one NAT address.
      score: createSocketGuard({ kind: 'score', perIp: cap(300), framesPerSecond: cap(10), burst: cap(20), places }),
    });
  },
  { name: 'http', fastify: '5.x', dependencies: ['config'] },
);
