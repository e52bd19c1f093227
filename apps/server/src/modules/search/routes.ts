import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/search';
import { route } from '../../platform/route.ts';
import type { SearchService } from './service.ts';

export async function searchRoutes(app: FastifyInstance, opts: { service: SearchService }) {
  const { service } = opts;
  route(app, calls.searchIndex, (input, { req, user }) => service.index(input.name, input.limit, user?.id ?? null, req.lang));
  route(app, calls.searchAnchor, (input, { user }) => service.anchors(input.name, input.page, input.limit, user?.id ?? null));
  route(app, calls.searchLive, (input, { user }) => service.live(input.name, input.page, input.limit, user?.id ?? null));
  route(app, calls.searchArticles, (input, { req }) => service.articles(input.name, input.page, input.limit, req.lang));
  route(app, calls.searchPosts, (input, { user }) => service.posts(input.name, input.page, input.limit, user?.id ?? null));
}
