import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import { createSocialRepo } from './repo.ts';
import { socialRoutes } from './routes.ts';
import { createSocialService } from './service.ts';

/** Follows and personal spaces. */
export async function socialModule(app: FastifyInstance, deps: { db: Db; bus: Bus }) {
  const service = createSocialService({ repo: createSocialRepo(deps.db), bus: deps.bus });
  await app.register(socialRoutes, { service });
  return service;
}
