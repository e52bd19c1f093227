import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { liveReservations, liveRooms, userReservations } from '../../db/schema/live.ts';

const columns = {
  r: liveReservations,
  nickname: users.nickname,
  avatar: users.avatar,
  roomStatus: liveRooms.status,
  reserveCount: sql<number>`(select count(*) from ${userReservations} where ${userReservations.reservationId} = ${liveReservations.id})::int`,
};

/** Every query on announced broadcasts and who reserved them. */
export function createReservationRepo(db: Db) {
  const reservedBy = (userId: number | null) =>
    userId
      ? sql<number>`(exists (select 1 from ${userReservations} where ${userReservations.reservationId} = ${liveReservations.id} and ${userReservations.userId} = ${userId}))::int`
      : sql<number>`0`;

  return {
    async find(id: number) {
      const [row] = await db.select().from(liveReservations).where(eq(liveReservations.id, id)).limit(1);
      return row ?? null;
    },
    async insert(values: typeof liveReservations.$inferInsert) {
      const [row] = await db.insert(liveReservations).values(values).returning();
      return row;
    },
    async remove(id: number) {
      await db.delete(liveReservations).where(eq(liveReservations.id, id));
    },
    async upcomingCount(roomId: number, now: Date) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(liveReservations)
        .where(and(eq(liveReservations.roomId, roomId), gt(liveReservations.startAt, now)));
      return n;
    },
    /** Announced broadcasts not yet started, soonest first; of one room or of every anchor. */
    async upcoming(opts: { roomId?: number; now: Date; viewer: number | null; page: number; limit: number }) {
      const where = and(gt(liveReservations.startAt, opts.now), eq(users.isAnchor, 1), opts.roomId ? eq(liveReservations.roomId, opts.roomId) : undefined);
      const base = () =>
        db
          .select({ ...columns, reserved: reservedBy(opts.viewer) })
          .from(liveReservations)
          .innerJoin(liveRooms, eq(liveRooms.id, liveReservations.roomId))
          .innerJoin(users, eq(users.id, liveReservations.roomId));
      const [rows, [{ n }]] = await Promise.all([
        base()
          .where(where)
          .orderBy(asc(liveReservations.startAt), asc(liveReservations.id))
          .limit(opts.limit)
          .offset((opts.page - 1) * opts.limit),
        db.select({ n: count() }).from(liveReservations).innerJoin(users, eq(users.id, liveReservations.roomId)).where(where),
      ]);
      return { rows, total: n };
    },
    async one(id: number, viewer: number | null) {
      const [row] = await db
        .select({ ...columns, reserved: reservedBy(viewer) })
        .from(liveReservations)
        .innerJoin(liveRooms, eq(liveRooms.id, liveReservations.roomId))
        .innerJoin(users, eq(users.id, liveReservations.roomId))
        .where(eq(liveReservations.id, id))
        .limit(1);
      return row ?? null;
    },
    /** What a user reserved, soonest first; past ones stay for a day so "just started" shows. */
    async ofUser(userId: number, since: Date) {
      return db
        .select({ ...columns, reserved: sql<number>`1` })
        .from(userReservations)
        .innerJoin(liveReservations, eq(liveReservations.id, userReservations.reservationId))
        .innerJoin(liveRooms, eq(liveRooms.id, liveReservations.roomId))
        .innerJoin(users, eq(users.id, liveReservations.roomId))
        .where(and(eq(userReservations.userId, userId), gt(liveReservations.startAt, since)))
        .orderBy(asc(liveReservations.startAt), asc(liveReservations.id))
        .limit(100);
    },
    /** Reserves, or cancels when already reserved. Returns the new state. */
    async toggle(userId: number, reservationId: number) {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(userReservations)
          .where(and(eq(userReservations.userId, userId), eq(userReservations.reservationId, reservationId)))
          .returning({ id: userReservations.reservationId });
        if (removed.length === 0) await tx.insert(userReservations).values({ userId, reservationId }).onConflictDoNothing();
        const [{ n }] = await tx.select({ n: count() }).from(userReservations).where(eq(userReservations.reservationId, reservationId));
        return { reserved: removed.length === 0, count: n };
      });
    },
  };
}
export type ReservationRepo = ReturnType<typeof createReservationRepo>;
