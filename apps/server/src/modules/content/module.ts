import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../db/client.ts';
import { createContentRepo } from './repo.ts';
import { contentRoutes } from './routes.ts';
import { createContentService } from './service.ts';
import { createStorage } from './storage.ts';
import { createUploadService } from './uploads.ts';

/** Headlines, circle and uploads: builds the pieces and registers the routes. */
export async function contentModule(app: FastifyInstance, deps: { db: Db; clock: Clock; secret: string }) {
  const storage = await createStorage(app.config);
  const repo = createContentRepo(deps.db);
  const service = createContentService({ repo, clock: deps.clock });
  const uploads = createUploadService({ storage, repo, secret: deps.secret, clock: deps.clock, log: app.log });
  await app.register(contentRoutes, { service, uploads, storage });
  return { service, uploads, storage };
}
