import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/console';
import { answer, route } from '../../platform/route.ts';
import type { AuditService } from './audit.service.ts';
import type { DashboardService } from './dashboard.service.ts';
import type { ReportIntakeService } from './report-intake.service.ts';
import type { ReportsService } from './reports.service.ts';
import type { RolesService } from './roles.service.ts';
import type { ConsoleService } from './service.ts';

/** The console's own calls: who am I, the audit log, roles. */
export async function consoleRoutes(app: FastifyInstance, opts: { service: ConsoleService; audit: AuditService; roles: RolesService }) {
  const { service, audit, roles } = opts;
  route(app, calls.consoleMe, (_input, { user }) => service.me(user));
  route(app, calls.auditList, (input) =>
    audit.list({ actor: input.actor, action: input.action, targetType: input.target_type, targetId: input.target_id, from: input.from, to: input.to, page: input.page, limit: input.limit }),
  );
  route(app, calls.rolesList, (input) => roles.list(input));
  route(app, calls.rolesSet, (input, { user }) => roles.set(user, input).then((d) => answer(d, 'console.done')));
}

/** The console's desk, which reads the other domains: the dashboard and the reports queue. */
export async function consoleDeskRoutes(app: FastifyInstance, opts: { dashboard: DashboardService; reports: ReportsService; intake: ReportIntakeService }) {
  const { dashboard, reports, intake } = opts;
  route(app, calls.dashboard, (_input, { user }) => dashboard.dashboard(user));
  route(app, calls.reportsList, (input) => reports.list(input));
  route(app, calls.reportsHandle, (input, { user }) => reports.handle(user, input).then((d) => answer(d, 'console.done')));
  // Viewers report chat lines and rooms into the same queue (posts, comments and headlines: the content module's report call).
  route(app, calls.reportChat, (input, { user }) => intake.chat(user, input).then(() => answer(null, 'content.reported')));
  route(app, calls.reportRoom, (input, { user }) => intake.room(user, input).then(() => answer(null, 'content.reported')));
}
