import fp from 'fastify-plugin';
import { economyRoutes } from './routes.ts';
import { type EconomyService, createEconomyService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    economy: EconomyService;
  }
}

/**
 * The gold-coin economy: builds the service, loads the gift catalogue, and registers the routes.
 * The sandbox signing key is generated once into DATA_DIR/secrets.
 */
export const economyModule = fp(
  async (app) => {
    const { config } = app;
    const service = createEconomyService({
      db: app.database.db,
      clock: app.clock,
      bus: app.bus,
      publicUrl: config.publicUrl,
      sandboxSecret: app.secrets.named('payment-sandbox'),
      sandbox: config.PAYMENT_SANDBOX,
      currency: config.PAYMENT_CURRENCY,
      log: app.log,
      cache: app.readCache,
      // Withdrawal reviews are recorded in the console's audit log in their own transaction.
      audit: (entry, tx) => app.console.audit(entry, tx),
    });
    await service.start();
    app.decorate('economy', service);
    await app.register(economyRoutes, { service, rateLimitScale: config.RATE_LIMIT_SCALE });
  },
  { name: 'economy', fastify: '5.x', dependencies: ['config', 'secrets', 'database', 'clock', 'bus', 'read-cache', 'http', 'envelope', 'auth', 'console'] },
);
