import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/system';
import { HTTP } from '../../platform/http-cache.ts';
import { route } from '../../platform/route.ts';
import type { SystemService } from './service.ts';

export async function systemRoutes(app: FastifyInstance, opts: { service: SystemService }) {
  route(app, calls.getSystem, () => opts.service.settingsAnswer(), { http: HTTP.calm });
  route(app, calls.getHot, (_input, { req }) => opts.service.hot(req.lang), { http: HTTP.calm });
  route(app, calls.setSystem, (input, { user }) => opts.service.setSetting(user, input.key, input.value));
}
