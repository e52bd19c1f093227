import { and, asc, count, eq, gt, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tail, Tx } from './ledger.repo.ts';
import { backpackItems, giftSends, gifts } from '../../db/schema/economy.ts';
import { createGiftSendRepo } from './gifts.send.repo.ts';

export type GiftRow = typeof gifts.$inferSelect;
export type GiftInsert = typeof gifts.$inferInsert;
/** The columns the console edits. */
export type GiftValues = Omit<GiftInsert, 'id'>;

export function createGiftsRepo(db: Db) {
  return {
    /** The one-statement wallet send (gifts.send.repo.ts). */
    ...createGiftSendRepo(db),

    /** Loads the default catalogue into an empty table (product data; safe on every start). */
    async seedCatalogue(defaults: GiftInsert[]) {
      const [{ n }] = await db.select({ n: count() }).from(gifts);
      if (n === 0) await db.insert(gifts).values(defaults).onConflictDoNothing();
    },
    /** Every gift, inactive ones too (the console's catalogue page). */
    async allGifts() {
      return db.select().from(gifts).orderBy(asc(gifts.sort), asc(gifts.id));
    },
    /** Creates (no id) or updates a gift in `tx`; null when the gift to update does not exist. Answers the row before and after. */
    async saveGift(tx: Tx, id: number, values: GiftValues): Promise<{ before: GiftRow | null; row: GiftRow } | null> {
      if (id) {
        const [before] = await tx.select().from(gifts).where(eq(gifts.id, id)).for('update');
        if (!before) return null;
        const [row] = await tx.update(gifts).set(values).where(eq(gifts.id, id)).returning();
        return { before, row };
      }
      const [row] = await tx.insert(gifts).values(values).returning();
      return { before: null, row };
    },
    /** Runs `work` in one transaction (a console save with its audit row). */
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    async activeGifts() {
      return db.select().from(gifts).where(eq(gifts.active, 1)).orderBy(asc(gifts.sort), asc(gifts.id));
    },
    async byCode(code: string) {
      const [row] = await db.select().from(gifts).where(eq(gifts.code, code)).limit(1);
      return row ?? null;
    },

    async backpack(userId: number) {
      return db
        .select({ gift: gifts, num: backpackItems.num })
        .from(backpackItems)
        .innerJoin(gifts, eq(gifts.id, backpackItems.giftId))
        .where(and(eq(backpackItems.userId, userId), gt(backpackItems.num, 0)))
        .orderBy(asc(gifts.sort));
    },
    /** Takes `num` out of the backpack in one guarded statement; null when there are not enough. */
    async takeFromBackpack(tx: Tx, userId: number, giftId: number, num: number) {
      const rows = await tx
        .update(backpackItems)
        .set({ num: sql`${backpackItems.num} - ${num}`, updatedAt: sql`now()` })
        .where(and(eq(backpackItems.userId, userId), eq(backpackItems.giftId, giftId), gte(backpackItems.num, num)))
        .returning({ left: backpackItems.num });
      return rows[0]?.left ?? null;
    },
    async addToBackpack(tx: Tx, userId: number, giftId: number, num: number) {
      await tx
        .insert(backpackItems)
        .values({ userId, giftId, num })
        .onConflictDoUpdate({ target: [backpackItems.userId, backpackItems.giftId], set: { num: sql`${backpackItems.num} + excluded.num`, updatedAt: sql`now()` } });
    },

    /**
     * The end of a send, folded into the ledger's statement: wealth and anchor experience added, the send
     * recorded with its combo (the running count of this gift to this room within the window),
     * and the operation's result stored and returned.
     */
    sendTail(s: {
      opId: number;
      senderId: number;
      roomId: number;
      giftId: number;
      num: number;
      total: number;
      source: 'wallet' | 'backpack';
      now: Date;
      since: Date;
      result: Record<string, unknown>;
    }): Tail {
      return {
        ctes: [
          sql`wealth as (update users set wealth_exp = wealth_exp + ${s.total} where id = ${s.senderId} returning wealth_exp)`,
          // The anchor's experience (LV + exp in the header) grows with what the room receives:
          // 1 point per whole coin. A data-modifying CTE runs whether or not the query reads it.
          sql`anchor_exp as (update users set anchor_exp = anchor_exp + floor(${s.total}::bigint / 10)::int where id = ${s.roomId} returning anchor_exp)`,
          sql`sent as (
            insert into gift_sends (op_id, sender_id, room_id, gift_id, num, total, source, combo, created_at)
            values (${s.opId}, ${s.senderId}, ${s.roomId}, ${s.giftId}, ${s.num}, ${s.total}, ${s.source},
              coalesce((select combo from gift_sends where sender_id = ${s.senderId} and room_id = ${s.roomId} and gift_id = ${s.giftId}
                        and created_at > ${s.since.toISOString()}::timestamptz order by created_at desc, id desc limit 1), 0) + ${s.num},
              ${s.now.toISOString()}::timestamptz)
            returning combo)`,
        ],
        select: sql`update ledger_ops set result = ${JSON.stringify(s.result)}::jsonb || jsonb_build_object('combo', sent.combo, 'wealth_exp', wealth.wealth_exp)
          from wealth, sent where ledger_ops.id = ${s.opId} returning ledger_ops.result`,
      };
    },

    /** Coins of gifts a room received between two instants (broadcast records of the live domain). */
    async roomTotal(roomId: number, from: Date, to: Date) {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${giftSends.total}), 0)`, count: sql<string>`coalesce(sum(${giftSends.num}), 0)` })
        .from(giftSends)
        // `to` is a JavaScript instant (milliseconds) and the database keeps microseconds: a gift in the
        // broadcast's last millisecond (its end truncated) still counts. A CI run on PostgreSQL lost one so.
        .where(and(eq(giftSends.roomId, roomId), gte(giftSends.createdAt, from), sql`${giftSends.createdAt} < ${new Date(to.getTime() + 1).toISOString()}::timestamptz`));
      return { coins: Number(row.total), gifts: Number(row.count) };
    },
  };
}
export type GiftsRepo = ReturnType<typeof createGiftsRepo>;
