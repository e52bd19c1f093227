import fp from 'fastify-plugin';
import { createSystemRepo } from './repo.ts';
import { systemRoutes } from './routes.ts';
import { type SystemService, createSystemService } from './service.ts';
import { createSystemStaffService } from './staff.service.ts';
import { systemStaffRoutes } from './staff.routes.ts';

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
      audit: app.console.audit,
      transaction: (fn) => app.database.db.transaction(fn),
    });
    app.decorate('system', service);
    await app.register(systemRoutes, { service });
    const staff = createSystemStaffService({ system: service, audit: app.console.audit, transaction: (fn) => app.database.db.transaction(fn) });
    await app.register(systemStaffRoutes, { staff });

    let seeded = false;
    app.addHook('onListen', async () => void app.demoSeeded.then(() => (seeded = true)));
    app.get('/healthz', async () => ({ ok: true, db: app.database.kind, bus: app.bus.kind, seeded }));
  },
  { name: 'system', fastify: '5.x', dependencies: ['config', 'database', 'bus', 'read-cache', 'http', 'envelope', 'auth', 'account', 'console'] },
);
