import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createSearchRepo } from './repo.ts';
import { searchRoutes } from './routes.ts';
import { createSearchService, type SearchDeps } from './service.ts';

/** Site search over people, live rooms, headlines and posts. */
export async function searchModule(app: FastifyInstance, deps: { db: Db } & Omit<SearchDeps, 'repo'>) {
  const service = createSearchService({ ...deps, repo: createSearchRepo(deps.db) });
  await app.register(searchRoutes, { service });
  return service;
}
