import { and, eq, gt, ne, or, sql, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nobleMemberships } from '../../db/schema/economy.ts';

export type MembershipRow = typeof nobleMemberships.$inferSelect;

export function createNoblesRepo(db: Db) {
  return {
    async find(userId: number) {
      const [row] = await db.select().from(nobleMemberships).where(eq(nobleMemberships.userId, userId)).limit(1);
      return row ?? null;
    },
    /**
     * The membership row, locked for the rest of the transaction, so grants to one user are serial.
     * A first-time member gets an expired placeholder row first: there is always a row to lock.
     */
    async lock(tx: Db, userId: number, now: Date) {
      await tx.insert(nobleMemberships).values({ userId, tier: 'knight', expiresAt: now }).onConflictDoNothing();
      const [row] = await tx.select().from(nobleMemberships).where(eq(nobleMemberships.userId, userId)).for('update').limit(1);
      return row;
    },
    async save(tx: Db, userId: number, tier: string, expiresAt: Date) {
      await tx.insert(nobleMemberships).values({ userId, tier, expiresAt }).onConflictDoUpdate({ target: nobleMemberships.userId, set: { tier, expiresAt } });
    },
    /** Uses one free horn of this month if the holder is an active member with some left; false otherwise. */
    async useHorn(userId: number, tier: string, month: string, perMonth: number, now: Date) {
      const rows = await db
        .update(nobleMemberships)
        .set({
          hornMonth: month,
          hornsUsed: sql`case when ${nobleMemberships.hornMonth} = ${month} then ${nobleMemberships.hornsUsed} + 1 else 1 end`,
        })
        .where(
          and(
            eq(nobleMemberships.userId, userId),
            eq(nobleMemberships.tier, tier),
            gt(nobleMemberships.expiresAt, now),
            or(ne(nobleMemberships.hornMonth, month), lt(nobleMemberships.hornsUsed, perMonth)),
          ),
        )
        .returning({ used: nobleMemberships.hornsUsed });
      return rows.length === 1;
    },
  };
}
export type NoblesRepo = ReturnType<typeof createNoblesRepo>;
