import fp from 'fastify-plugin';
import { createAuditRepo, type Tx } from './audit.repo.ts';
import { type AuditInput, createAuditService } from './audit.service.ts';
import { createQueueRepo } from './queue.repo.ts';
import { consoleRoutes } from './routes.ts';
import { createConsoleService } from './service.ts';

export type { AuditInput } from './audit.service.ts';
export type { Tx as ConsoleTx } from './audit.repo.ts';

/** The console module's public face for other modules. */
export interface ConsoleModule {
  /**
   * Records one staff action in the audit log (who, what, target, before/after, reason). Pass the
   * transaction that makes the change so both commit together. Every api/admin write calls this.
   */
  audit(entry: AuditInput, tx?: Tx): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    console: ConsoleModule;
  }
}

/**
 * The operator's console (/admin): the audit log, the caller's role and menu counts, and the
 * console's queues and dashboard. Other modules record their staff actions through `app.console.audit`.
 */
export const consoleModule = fp(
  async (app) => {
    const db = app.database.db;
    const audit = createAuditService({ repo: createAuditRepo(db) });
    const service = createConsoleService({ queues: createQueueRepo(db) });
    app.decorate('console', { audit: (entry: AuditInput, tx?: Tx) => audit.record(entry, tx) });
    await app.register(consoleRoutes, { service, audit });
  },
  { name: 'console', fastify: '5.x', dependencies: ['database', 'clock', 'http', 'envelope', 'auth', 'account'] },
);
