import fp from 'fastify-plugin';
import type { AuthUser } from '../../platform/auth.ts';
import { type Conn, createAuditRepo } from './audit.repo.ts';
import { type AuditInput, createAuditService } from './audit.service.ts';
import { createDashboardRepo } from './dashboard.repo.ts';
import { createDashboardService } from './dashboard.service.ts';
import { createQueueRepo } from './queue.repo.ts';
import { createReportIntakeService } from './report-intake.service.ts';
import { createReportIntakeRepo, createReportsRepo } from './reports.repo.ts';
import { createReportsService } from './reports.service.ts';
import { createRolesRepo } from './roles.repo.ts';
import { createRolesService } from './roles.service.ts';
import { consoleDeskRoutes, consoleRoutes } from './routes.ts';
import { createConsoleService } from './service.ts';
import { createSocketCensus } from './socket-census.ts';

export type { AuditInput } from './audit.service.ts';
export type { Tx as ConsoleTx } from './audit.repo.ts';

/** The console module's public face for other modules. */
export interface ConsoleModule {
  /**
   * Records one staff action in the audit log (who, what, target, before/after, reason). Pass the
   * transaction that makes the change so both commit together. Every api/admin write calls this.
   */
  audit(entry: AuditInput, tx?: Conn): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    console: ConsoleModule;
  }
}

/**
 * The operator's console (/admin), first part, registered early so every module can record its
 * staff actions through `app.console.audit`: the audit log, the caller's role and menu counts, roles.
 */
export const consoleModule = fp(
  async (app) => {
    const db = app.database.db;
    const audit = createAuditService({ repo: createAuditRepo(db) });
    const service = createConsoleService({ queues: createQueueRepo(db) });
    const roles = createRolesService({ repo: createRolesRepo(db), audit });
    app.decorate('console', { audit: (entry: AuditInput, tx?: Conn) => audit.record(entry, tx) });
    await app.register(consoleRoutes, { service, audit, roles });
  },
  { name: 'console', fastify: '5.x', dependencies: ['database', 'clock', 'http', 'envelope', 'auth', 'account'] },
);

/**
 * The console's desk, registered after the domains it reads: the dashboard (live rooms and their
 * viewers, sockets, matches, chat, people and the ledger) and the reports queue (hiding content
 * through the content module, mutes and bans through the account module's sanctions).
 */
export const consoleDeskModule = fp(
  async (app) => {
    const db = app.database.db;
    const audit = createAuditService({ repo: createAuditRepo(db) });
    const sockets = createSocketCensus(app.websocketServer);
    const dashboard = createDashboardService({
      repo: createDashboardRepo(db),
      clock: app.clock,
      sockets,
      viewers: async (roomId) => (await app.live.rooms.online(roomId)).num,
    });
    // A moderator hides content the way an administrator deletes it (the content module keeps its counts and caches right).
    const asStaff = (actor: AuthUser): AuthUser => ({ ...actor, isAdmin: true });
    const reportsRepo = createReportsRepo(db);
    const reports = createReportsService({
      repo: reportsRepo,
      clock: app.clock,
      audit,
      hide: {
        post: (id, actor) => app.content.deletePost(asStaff(actor), id),
        comment: (id, actor) => app.content.deleteComment(asStaff(actor), id),
        article: async (id) => {
          if (await reportsRepo.hideArticle(id)) await app.readCache.invalidate(['articles', `article:${id}`]);
        },
      },
      sanctions: {
        impose: (actor, input) => app.account.sanctions.impose(actor, input),
        async active(userIds) {
          const all = await app.account.sanctions.activeMany(userIds);
          const out = new Map<number, 'mute' | 'ban'>();
          for (const [id, list] of all) {
            const kind = list.some((s) => s.kind === 'ban') ? 'ban' : list.some((s) => s.kind === 'mute') ? 'mute' : null;
            if (kind) out.set(id, kind);
          }
          return out;
        },
      },
    });
    const intake = createReportIntakeService({ repo: createReportIntakeRepo(db) });
    await app.register(consoleDeskRoutes, { dashboard, reports, intake });
  },
  { name: 'console-desk', fastify: '5.x', dependencies: ['console', 'database', 'clock', 'read-cache', 'http', 'envelope', 'auth', 'account', 'live', 'content'] },
);
