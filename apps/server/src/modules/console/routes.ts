import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/console';
import { route } from '../../platform/route.ts';
import type { AuditService } from './audit.service.ts';
import type { ConsoleService } from './service.ts';

export async function consoleRoutes(app: FastifyInstance, opts: { service: ConsoleService; audit: AuditService }) {
  const { service, audit } = opts;
  route(app, calls.consoleMe, (_input, { user }) => service.me(user));
  route(app, calls.auditList, (input) =>
    audit.list({ actor: input.actor, action: input.action, targetType: input.target_type, targetId: input.target_id, from: input.from, to: input.to, page: input.page, limit: input.limit }),
  );
}
