import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { loadSecret } from '../../platform/secrets.ts';
import { economyRoutes } from './routes.ts';
import { createEconomyService } from './service.ts';

/**
 * The economy module as app.ts wires it: builds the service, loads the gift catalogue, and
 * registers the routes. The sandbox signing key is generated once into DATA_DIR/secrets.
 */
export async function economyModule(app: FastifyInstance, deps: { db: Db; clock: Clock; bus: Bus; config: Config }) {
  const service = createEconomyService({
    db: deps.db,
    clock: deps.clock,
    bus: deps.bus,
    publicUrl: deps.config.publicUrl,
    sandboxSecret: loadSecret(deps.config.dataDir, 'payment-sandbox'),
    sandbox: deps.config.PAYMENT_SANDBOX,
    log: app.log,
  });
  await service.start();
  await app.register(economyRoutes, { service, rateLimitScale: deps.config.RATE_LIMIT_SCALE });
  return service;
}
