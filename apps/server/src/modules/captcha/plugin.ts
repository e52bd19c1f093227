import fp from 'fastify-plugin';
import { createCaptchaRepo } from './repo.ts';
import { captchaRoutes } from './routes.ts';
import { type CaptchaService, createCaptchaService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaService;
  }
}

/** The slider captcha: puzzles drawn on the server, one-time tickets that login and register consume. */
export const captchaModule = fp(
  async (app) => {
    const service = createCaptchaService({ repo: createCaptchaRepo(app.database.db), clock: app.clock });
    app.decorate('captcha', service);
    await app.register(captchaRoutes, { service, rateLimitScale: app.config.RATE_LIMIT_SCALE });
  },
  { name: 'captcha', fastify: '5.x', dependencies: ['config', 'database', 'clock', 'http', 'envelope'] },
);
