import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { roomGuards } from '../../db/schema/economy.ts';

export function createGuardsRepo(db: Db) {
  return {
    /** Adds days to a guard (extending from its expiry if still active); the level is the highest active one. */
    async extend(tx: Db, userId: number, roomId: number, level: number, days: number, now: Date) {
      const nowSql = sql`${now.toISOString()}::timestamptz`;
      const [row] = await tx
        .insert(roomGuards)
        .values({ userId, roomId, level, expiresAt: new Date(now.getTime() + days * 86_400_000) })
        .onConflictDoUpdate({
          target: [roomGuards.userId, roomGuards.roomId],
          set: {
            level: sql`case when ${roomGuards.expiresAt} > ${nowSql} then greatest(${roomGuards.level}, excluded.level) else excluded.level end`,
            expiresAt: sql`greatest(${roomGuards.expiresAt}, ${nowSql}) + make_interval(days => ${days}::int)`,
          },
        })
        .returning({ level: roomGuards.level, expiresAt: roomGuards.expiresAt });
      return row;
    },
    async ofRoom(roomId: number, now: Date, limit = 100) {
      return db
        .select({ id: users.id, nickname: users.nickname, avatar: users.avatar, level: roomGuards.level, expiresAt: roomGuards.expiresAt })
        .from(roomGuards)
        .innerJoin(users, eq(users.id, roomGuards.userId))
        .where(and(eq(roomGuards.roomId, roomId), gt(roomGuards.expiresAt, now)))
        .orderBy(desc(roomGuards.level), desc(roomGuards.expiresAt))
        .limit(limit);
    },
    async find(userId: number, roomId: number, now: Date) {
      const [row] = await db
        .select({ level: roomGuards.level, expiresAt: roomGuards.expiresAt })
        .from(roomGuards)
        .where(and(eq(roomGuards.userId, userId), eq(roomGuards.roomId, roomId), gt(roomGuards.expiresAt, now)))
        .limit(1);
      return row ?? null;
    },
    /** Active guard levels of several users in one room. */
    async levels(userIds: number[], roomId: number, now: Date) {
      if (!userIds.length) return new Map<number, number>();
      const rows = await db
        .select({ userId: roomGuards.userId, level: roomGuards.level })
        .from(roomGuards)
        .where(
          and(
            eq(roomGuards.roomId, roomId),
            gt(roomGuards.expiresAt, now),
            sql`${roomGuards.userId} in (${sql.join(
              userIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ),
        );
      return new Map(rows.map((r) => [r.userId, r.level]));
    },
  };
}
export type GuardsRepo = ReturnType<typeof createGuardsRepo>;
