import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { Code } from '@livesports/contracts/envelope';
import { localize } from './envelope.ts';

/**
 * The outside pieces every module's routes stand on: cookies, form-encoded bodies (the spec's
 * clients post forms as well as JSON), per-route rate limits (in Redis with REDIS_URL, so every
 * process counts together) and WebSockets.
 */
export const httpPlugin = fp(
  async (app) => {
    const { config } = app;
    await app.register(cookie);
    await app.register(formbody);
    await app.register(rateLimit, {
      global: false,
      // After body parsing, so a limit can key on the account as well as the address.
      hook: 'preHandler',
      ...(config.REDIS_URL ? { redis: new (await import('ioredis')).Redis(config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 }) } : {}),
      errorResponseBuilder: (req, ctx) => ({ statusCode: 429, code: Code.ERROR, msg: localize(req, 'common.too_many'), data: { retry_after: Math.ceil(ctx.ttl / 1000) } }),
    });
    await app.register(websocket);
  },
  { name: 'http', fastify: '5.x', dependencies: ['config'] },
);
