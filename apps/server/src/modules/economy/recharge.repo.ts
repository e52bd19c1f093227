import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentEvents, rechargeOrders } from '../../db/schema/economy.ts';

export type RechargeOrderRow = typeof rechargeOrders.$inferSelect;

export function createRechargeRepo(db: Db) {
  return {
    async insert(values: typeof rechargeOrders.$inferInsert) {
      const [row] = await db.insert(rechargeOrders).values(values).returning();
      return row;
    },
    async byNo(orderNo: string, tx: Db = db) {
      const [row] = await tx.select().from(rechargeOrders).where(eq(rechargeOrders.orderNo, orderNo)).limit(1);
      return row ?? null;
    },
    async ofUser(userId: number, limit: number, offset: number) {
      const [list, [{ n }]] = await Promise.all([
        db.select().from(rechargeOrders).where(eq(rechargeOrders.userId, userId)).orderBy(desc(rechargeOrders.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(rechargeOrders).where(eq(rechargeOrders.userId, userId)),
      ]);
      return { list, total: n };
    },
    /** pending|failed → paid, once: a late success after a cancel still credits (the payer paid). */
    async markPaid(tx: Db, orderNo: string, values: { providerRef: string; opId: number; paidAt: Date }) {
      const rows = await tx
        .update(rechargeOrders)
        .set({ status: 'paid', providerRef: values.providerRef, opId: values.opId, paidAt: values.paidAt })
        .where(and(eq(rechargeOrders.orderNo, orderNo), inArray(rechargeOrders.status, ['pending', 'failed'])))
        .returning({ id: rechargeOrders.id });
      return rows.length === 1;
    },
    async markFailed(orderNo: string) {
      await db
        .update(rechargeOrders)
        .set({ status: 'failed' })
        .where(and(eq(rechargeOrders.orderNo, orderNo), eq(rechargeOrders.status, 'pending')));
    },
    /** Records a provider event; false when it was seen before. */
    async recordEvent(provider: string, eventId: string, orderNo: string, tx: Db = db) {
      const rows = await tx.insert(paymentEvents).values({ provider, eventId, orderNo }).onConflictDoNothing().returning({ id: paymentEvents.eventId });
      return rows.length === 1;
    },
  };
}
export type RechargeRepo = ReturnType<typeof createRechargeRepo>;
