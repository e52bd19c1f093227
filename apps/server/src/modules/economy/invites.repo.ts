import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkIns, invitePool, inviteRewards } from '../../db/schema/economy.ts';
import type { Tx } from './ledger.repo.ts';

export function createInvitesRepo(db: Db) {
  return {
    /** Runs `work` in one transaction (rewards given together with what they give). */
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),
    /** Opens the shared invite pool with its cap (once; safe on every start). */
    async openPool(cap: number) {
      await db.insert(invitePool).values({ id: 1, cap, granted: 0 }).onConflictDoNothing();
    },
    async rewards(userId: number) {
      const rows = await db.select({ reward: inviteRewards.reward }).from(inviteRewards).where(eq(inviteRewards.userId, userId));
      return new Set(rows.map((r) => r.reward));
    },
    /** Marks a reward given; false when it already was (the primary key decides races). */
    async give(tx: Tx, userId: number, reward: string) {
      const rows = await tx.insert(inviteRewards).values({ userId, reward }).onConflictDoNothing().returning({ r: inviteRewards.reward });
      return rows.length === 1;
    },
    async pool() {
      const [row] = await db.select().from(invitePool).where(eq(invitePool.id, 1)).limit(1);
      return row ?? { id: 1, cap: 0, granted: 0 };
    },
    /** Takes up to `want` from the pool under its row lock; returns what was taken (0 when empty). */
    async takeFromPool(tx: Tx, want: number) {
      const [row] = await tx.select().from(invitePool).where(eq(invitePool.id, 1)).for('update').limit(1);
      if (!row) return 0;
      const take = Math.max(0, Math.min(want, row.cap - row.granted));
      if (take > 0)
        await tx
          .update(invitePool)
          .set({ granted: sql`${invitePool.granted} + ${take}` })
          .where(eq(invitePool.id, 1));
      return take;
    },
    async checkIn(tx: Tx, userId: number, day: string) {
      const rows = await tx.insert(checkIns).values({ userId, day }).onConflictDoNothing().returning({ day: checkIns.day });
      return rows.length === 1;
    },
    async checkedIn(userId: number, day: string) {
      const rows = await db
        .select({ day: checkIns.day })
        .from(checkIns)
        .where(sql`${checkIns.userId} = ${userId} and ${checkIns.day} = ${day}`)
        .limit(1);
      return rows.length === 1;
    },
  };
}
export type InvitesRepo = ReturnType<typeof createInvitesRepo>;
