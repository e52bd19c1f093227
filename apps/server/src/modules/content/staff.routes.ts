import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/console-content';
import { HTTP } from '../../platform/http-cache.ts';
import { route } from '../../platform/route.ts';
import type { ContentStaffService } from './staff.service.ts';

/** The console's content page (moderators), and the home page's featured headlines (public). */
export async function contentStaffRoutes(app: FastifyInstance, opts: { staff: ContentStaffService }) {
  const { staff } = opts;
  route(app, calls.contentList, (input) => staff.list(input));
  route(app, calls.contentModerate, (input, { user }) => staff.moderate(user, input));
  route(app, calls.articleFeature, (input, { user }) => staff.feature(user, input.id, input.featured === 1));
  route(app, calls.featuredArticles, (_input, { req }) => staff.featured(req.lang), { http: HTTP.calm });
}
