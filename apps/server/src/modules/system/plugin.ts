import fp from 'fastify-plugin';
import { createSystemRepo } from './repo.ts';
import { systemRoutes } from './routes.ts';
import { type SystemService, createSystemService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    system: SystemService;
  }
}

/** Site settings an administrator changes (api/Universal/getSystem), the hot searches, and /healthz. */
export const systemModule = fp(
  async (app) => {
    const { config } = app;
    const service = createSystemService({
      repo: createSystemRepo(app.database.db),
      bus: app.bus,
      publicUrl: config.publicUrl,
      thirdLogin: () => app.account.thirdLogins(),
      captcha: config.CAPTCHA === 'on',
      cache: app.readCache,
    });
    app.decorate('system', service);
    await app.register(systemRoutes, { service });

    let seeded = false;
    app.addHook('onListen', async () => void app.demoSeeded.then(() => (seeded = true)));
    app.get('/healthz', async () => ({ ok: true, db: app.database.kind, bus: app.bus.kind, seeded }));
  },
  { name: 'system', fastify: '5.x', dependencies: ['config', 'database', 'bus', 'read-cache', 'http', 'envelope', 'auth', 'account'] },
);
