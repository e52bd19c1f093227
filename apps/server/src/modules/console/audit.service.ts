import type { AuditEntry } from '@livesports/contracts/console';
import type { AuditFilter, AuditRepo, AuditRow, Conn } from './audit.repo.ts';

/** One console action to record: who (`actorId`), what (`action`), on what, before/after, why. */
export type AuditInput = AuditRow;

export function createAuditService(deps: { repo: AuditRepo }) {
  const { repo } = deps;
  return {
    /**
     * Records one action. Pass the transaction that makes the change, so the record and the change
     * commit (or fail) together.
     */
    async record(entry: AuditInput, tx?: Conn): Promise<void> {
      await repo.insert(entry, tx);
    },

    async list(filter: AuditFilter): Promise<{ list: AuditEntry[]; total: number; page: number }> {
      const { rows, total } = await repo.list(filter);
      return {
        list: rows.map((r) => ({
          id: r.id,
          actor: r.actorId == null ? null : { id: r.actorId, nickname: r.nickname ?? '', avatar: r.avatar ?? '' },
          action: r.action,
          target_type: r.targetType,
          target_id: r.targetId,
          before: r.before ?? null,
          after: r.after ?? null,
          reason: r.reason,
          created_at: r.createdAt.toISOString(),
        })),
        total,
        page: filter.page,
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
