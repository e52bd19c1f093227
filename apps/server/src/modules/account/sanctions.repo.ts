import { and, count, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { userSanctions } from '../../db/schema/console.ts';

/** A transaction of the shared Db (the audit row commits with the sanction it records). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type SanctionRow = typeof userSanctions.$inferSelect;

/** Site-wide sanctions (`user_sanctions`): every query. */
export function createSanctionsRepo(db: Db) {
  const creator = alias(users, 'creator');
  const lifter = alias(users, 'lifter');
  /** Not lifted and not over at `now`. */
  const running = (now: Date) => and(isNull(userSanctions.liftedAt), or(isNull(userSanctions.endsAt), gt(userSanctions.endsAt, now)));

  return {
    /** Every running sanction (loaded once at start: a handful of rows). */
    allRunning: (now: Date) => db.select().from(userSanctions).where(running(now)),
    runningOf: (userId: number, now: Date, tx: Db | Tx = db) =>
      tx
        .select()
        .from(userSanctions)
        .where(and(eq(userSanctions.userId, userId), running(now))),
    runningOfMany: (userIds: number[], now: Date) =>
      userIds.length
        ? db
            .select()
            .from(userSanctions)
            .where(and(inArray(userSanctions.userId, userIds), running(now)))
        : Promise.resolve([] as SanctionRow[]),
    async find(id: number, tx: Db | Tx = db) {
      const [row] = await tx.select().from(userSanctions).where(eq(userSanctions.id, id)).limit(1);
      return row ?? null;
    },
    async insert(values: typeof userSanctions.$inferInsert, tx: Tx) {
      const [row] = await tx.insert(userSanctions).values(values).returning();
      return row;
    },
    /** Marks running sanctions lifted; answers the rows it lifted (a row lifted meanwhile is left alone). */
    async lift(ids: number[], by: number, at: Date, tx: Tx) {
      if (!ids.length) return [];
      return tx
        .update(userSanctions)
        .set({ liftedAt: at, liftedBy: by })
        .where(and(inArray(userSanctions.id, ids), isNull(userSanctions.liftedAt)))
        .returning();
    },
    /** A user's sanctions, newest first, with who imposed and lifted them. */
    async history(userId: number, page: number, limit: number) {
      const [list, [{ total }]] = await Promise.all([
        db
          .select({
            row: userSanctions,
            creator: { id: creator.id, nickname: creator.nickname, avatar: creator.avatar },
            lifter: { id: lifter.id, nickname: lifter.nickname, avatar: lifter.avatar },
          })
          .from(userSanctions)
          .leftJoin(creator, eq(creator.id, userSanctions.createdBy))
          .leftJoin(lifter, eq(lifter.id, userSanctions.liftedBy))
          .where(eq(userSanctions.userId, userId))
          .orderBy(desc(userSanctions.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(userSanctions).where(eq(userSanctions.userId, userId)),
      ]);
      return { list, total };
    },
    async person(id: number | null) {
      if (id == null) return null;
      const [row] = await db.select({ id: users.id, nickname: users.nickname, avatar: users.avatar }).from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
    /** Locks the user's row: two staff sanctioning one user at once take turns. */
    async lockUser(userId: number, tx: Tx) {
      const [row] = await tx.select({ id: users.id, isAdmin: users.isAdmin, isModerator: users.isModerator, isAnchor: users.isAnchor }).from(users).where(eq(users.id, userId)).for('update').limit(1);
      return row ?? null;
    },
    count: async (userId: number) => (await db.select({ n: count() }).from(userSanctions).where(eq(userSanctions.userId, userId)))[0].n,
  };
}
export type SanctionsRepo = ReturnType<typeof createSanctionsRepo>;
