import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { payPasswordAttempts, payoutAccounts, withdrawals } from '../../db/schema/economy.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type PayoutKind = 'bank' | 'alipay';

export function createWithdrawalsRepo(db: Db) {
  return {
    async savePayout(userId: number, kind: PayoutKind, values: { holder: string; account: string; bankName?: string; branch?: string }) {
      const row = { holder: values.holder, account: values.account, bankName: values.bankName ?? '', branch: values.branch ?? '', updatedAt: new Date() };
      await db
        .insert(payoutAccounts)
        .values({ userId, kind, ...row })
        .onConflictDoUpdate({ target: [payoutAccounts.userId, payoutAccounts.kind], set: row });
    },
    async payout(userId: number, kind: PayoutKind) {
      const [row] = await db
        .select()
        .from(payoutAccounts)
        .where(and(eq(payoutAccounts.userId, userId), eq(payoutAccounts.kind, kind)))
        .limit(1);
      return row ?? null;
    },

    async insert(tx: Db, values: typeof withdrawals.$inferInsert) {
      const [row] = await tx.insert(withdrawals).values(values).returning();
      return row;
    },
    async find(id: number) {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
      return row ?? null;
    },
    async lock(tx: Db, id: number) {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update').limit(1);
      return row ?? null;
    },
    async review(tx: Db, id: number, values: { status: number; reason: string; reviewedBy: number; reviewedAt: Date }) {
      const [row] = await tx.update(withdrawals).set(values).where(eq(withdrawals.id, id)).returning();
      return row;
    },
    async ofUser(userId: number, limit: number, offset: number) {
      const [list, [{ n }]] = await Promise.all([
        db.select().from(withdrawals).where(eq(withdrawals.userId, userId)).orderBy(desc(withdrawals.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, userId)),
      ]);
      return { list, total: n };
    },
    async all(status: number | undefined, limit: number, offset: number, opts: { userId?: number; oldestFirst?: boolean } = {}) {
      const where = and(status === undefined ? undefined : eq(withdrawals.status, status), opts.userId === undefined ? undefined : eq(withdrawals.userId, opts.userId));
      const [list, [{ n }]] = await Promise.all([
        db
          .select({ w: withdrawals, nickname: users.nickname, avatar: users.avatar })
          .from(withdrawals)
          .innerJoin(users, eq(users.id, withdrawals.userId))
          .where(where)
          .orderBy(opts.oldestFirst ? asc(withdrawals.id) : desc(withdrawals.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(withdrawals).where(where),
      ]);
      return { list, total: n };
    },

    /**
     * Counts one payment-password attempt BEFORE it is checked, in one statement, so parallel
     * guesses cannot all be checked: each gets its own number. Attempts are allowed while the
     * number is at most `max`; the max-th one starts the lock for those after it. A lock that has
     * run out starts the count again. A right password clears the count afterwards.
     */
    async claimAttempt(userId: number, max: number, lockUntil: Date, now: Date) {
      const t = payPasswordAttempts;
      const at = sql`${now.toISOString()}::timestamptz`;
      const until = sql`${lockUntil.toISOString()}::timestamptz`;
      const expired = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} <= ${at})`;
      const [row] = await db
        .insert(t)
        .values({ userId, failures: 1, lockedUntil: max <= 1 ? lockUntil : null })
        .onConflictDoUpdate({
          target: t.userId,
          set: {
            failures: sql`case when ${expired} then 1 else ${t.failures} + 1 end`,
            lockedUntil: sql`case when ${expired} then null when ${t.lockedUntil} is not null then ${t.lockedUntil} when ${t.failures} + 1 >= ${max} then ${until} else null end`,
          },
        })
        .returning();
      return row;
    },
    async clearAttempts(userId: number) {
      await db.update(payPasswordAttempts).set({ failures: 0, lockedUntil: null }).where(eq(payPasswordAttempts.userId, userId));
    },
  };
}
export type WithdrawalsRepo = ReturnType<typeof createWithdrawalsRepo>;
