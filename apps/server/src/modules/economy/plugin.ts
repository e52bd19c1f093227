import fp from 'fastify-plugin';
import { createGiftsRepo } from './gifts.repo.ts';
import { economyRoutes } from './routes.ts';
import { PRICES_KEY } from './prices.ts';
import { type EconomyService, createEconomyService } from './service.ts';
import { CATALOGUE_CHANNEL, createEconomyStaffService } from './staff.service.ts';
import { economyStaffRoutes } from './staff.routes.ts';

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
      storedPrices: () => app.system.stored(PRICES_KEY),
    });
    await service.start();
    app.decorate('economy', service);
    await app.register(economyRoutes, { service, rateLimitScale: config.RATE_LIMIT_SCALE });

    // The console: gifts and prices. Another process's change to the catalogue drops this one's copy.
    const unlisten = await app.bus.subscribe(CATALOGUE_CHANNEL, () => service.gifts.invalidate());
    app.addHook('onClose', async () => void (await unlisten().catch(() => undefined)));
    const staff = createEconomyStaffService({
      repo: createGiftsRepo(app.database.db),
      bus: app.bus,
      prices: service.prices,
      audit: app.console.audit,
      storePrices: (value, tx) => app.system.store({ [PRICES_KEY]: value }, tx),
      pricesChanged: () => app.system.changed(),
      catalogueChanged: () => service.gifts.invalidate(),
    });
    await app.register(economyStaffRoutes, { staff });
  },
  { name: 'economy', fastify: '5.x', dependencies: ['config', 'secrets', 'database', 'clock', 'bus', 'read-cache', 'http', 'envelope', 'auth', 'console', 'system'] },
);
