import { and, count, desc, eq, gte, like, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { auditLog } from '../../db/schema/console.ts';

/** A transaction of the shared Db, so an audit row can commit with the change it records. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;

export interface AuditRow {
  actorId: number | null;
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

export interface AuditFilter {
  actor?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  page: number;
  limit: number;
}

/** The audit log's queries: insert and read, never update or delete. */
export function createAuditRepo(db: Db) {
  return {
    async insert(row: AuditRow, tx?: Conn) {
      const [out] = await (tx ?? db)
        .insert(auditLog)
        .values({
          actorId: row.actorId,
          action: row.action,
          targetType: row.targetType,
          targetId: row.targetId,
          before: row.before ?? null,
          after: row.after ?? null,
          reason: row.reason ?? '',
        })
        .returning({ id: auditLog.id, createdAt: auditLog.createdAt });
      return out;
    },

    async list(f: AuditFilter) {
      const where: SQL[] = [];
      if (f.actor) where.push(eq(auditLog.actorId, f.actor));
      if (f.action) where.push(or(eq(auditLog.action, f.action), like(auditLog.action, `${f.action}.%`))!);
      if (f.targetType) where.push(eq(auditLog.targetType, f.targetType));
      if (f.targetId) where.push(eq(auditLog.targetId, f.targetId));
      if (f.from) where.push(gte(auditLog.createdAt, f.from));
      if (f.to) where.push(lte(auditLog.createdAt, f.to));
      const cond = where.length ? and(...where) : undefined;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: auditLog.id,
            actorId: auditLog.actorId,
            nickname: users.nickname,
            avatar: users.avatar,
            action: auditLog.action,
            targetType: auditLog.targetType,
            targetId: auditLog.targetId,
            before: auditLog.before,
            after: auditLog.after,
            reason: auditLog.reason,
            createdAt: auditLog.createdAt,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(cond)
          .orderBy(desc(auditLog.id))
          .limit(f.limit)
          .offset((f.page - 1) * f.limit),
        db.select({ total: count() }).from(auditLog).where(cond),
      ]);
      return { rows, total };
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
