import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { anchorApplications } from '../../db/schema/live.ts';

export type ApplicationRow = typeof anchorApplications.$inferSelect;
export type ApplicationValues = Omit<typeof anchorApplications.$inferInsert, 'id' | 'userId' | 'status' | 'createdAt' | 'updatedAt'>;

/** Every query on anchor applications. */
export function createApplicationRepo(db: Db) {
  return {
    async ofUser(userId: number) {
      const [row] = await db.select().from(anchorApplications).where(eq(anchorApplications.userId, userId)).limit(1);
      return row ?? null;
    },
    async find(id: number) {
      const [row] = await db.select().from(anchorApplications).where(eq(anchorApplications.id, id)).limit(1);
      return row ?? null;
    },
    /**
     * Submits, or resubmits after a rejection (or after an approval was revoked), in one
     * statement. A row still submitted or under review is left alone and null comes back.
     */
    async submit(userId: number, values: ApplicationValues, at: Date) {
      const [row] = await db
        .insert(anchorApplications)
        .values({ ...values, userId, status: 0, reason: '', reviewedBy: null, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: anchorApplications.userId,
          set: { ...values, status: 0, reason: '', reviewedBy: null, updatedAt: at },
          setWhere: sql`${anchorApplications.status} in (2, 3)`,
        })
        .returning();
      return row ?? null;
    },
    async list(opts: { status?: number; page: number; limit: number }) {
      const where = opts.status === undefined ? undefined : eq(anchorApplications.status, opts.status);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select({ app: anchorApplications, nickname: users.nickname, email: users.email })
          .from(anchorApplications)
          .innerJoin(users, eq(users.id, anchorApplications.userId))
          .where(where)
          // Pending work first (submitted, then under review), oldest first within each state.
          .orderBy(sql`case when ${anchorApplications.status} in (0, 1) then 0 else 1 end`, asc(anchorApplications.status), asc(anchorApplications.updatedAt))
          .limit(opts.limit)
          .offset((opts.page - 1) * opts.limit),
        db.select({ n: count() }).from(anchorApplications).where(where),
      ]);
      return { rows, total: n };
    },
    async withUser(id: number) {
      const [row] = await db
        .select({ app: anchorApplications, nickname: users.nickname, email: users.email })
        .from(anchorApplications)
        .innerJoin(users, eq(users.id, anchorApplications.userId))
        .where(eq(anchorApplications.id, id))
        .limit(1);
      return row ?? null;
    },
    /**
     * Moves an undecided application to a new state; approval makes the user an anchor in the
     * same transaction. Null when it was already decided (approved or rejected).
     */
    async decide(
      id: number,
      status: 1 | 2 | 3,
      reason: string,
      adminId: number,
      at: Date,
      /** Called inside the transaction with the state before and the decided row (the audit log). */
      record?: (before: number, row: typeof anchorApplications.$inferSelect, tx: ApplicationTx) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const [prev] = await tx.select({ status: anchorApplications.status }).from(anchorApplications).where(eq(anchorApplications.id, id)).for('update');
        const [row] = await tx
          .update(anchorApplications)
          .set({ status, reason: status === 3 ? reason : '', reviewedBy: adminId, updatedAt: at })
          .where(and(eq(anchorApplications.id, id), sql`${anchorApplications.status} in (0, 1)`))
          .returning();
        if (!row) return null;
        if (status === 2) await tx.update(users).set({ isAnchor: 1 }).where(eq(users.id, row.userId));
        await record?.(prev?.status ?? -1, row, tx);
        return row;
      });
    },
  };
}
export type ApplicationRepo = ReturnType<typeof createApplicationRepo>;
export type ApplicationTx = Parameters<Parameters<Db['transaction']>[0]>[0];
