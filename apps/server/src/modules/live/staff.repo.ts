import { RoomStatus } from '@livesports/contracts/live';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { liveRecords, liveRooms } from '../../db/schema/live.ts';

/** The console's queries over live rooms (every room, whatever its anchor's standing). */
export function createLiveStaffRepo(db: Db) {
  const lastEnded = sql<Date | null>`(select max(${liveRecords.endedAt}) from ${liveRecords} where ${liveRecords.roomId} = ${liveRooms.id})`;
  const columns = {
    id: liveRooms.id,
    title: liveRooms.title,
    type: liveRooms.type,
    status: liveRooms.status,
    placard: liveRooms.placard,
    liveSince: liveRooms.liveSince,
    lastEnded,
    nickname: users.nickname,
    avatar: users.avatar,
  };
  return {
    async list(f: { live: boolean; q?: string; id?: number; limit: number; offset: number }) {
      const where: SQL[] = [];
      if (f.id) where.push(eq(liveRooms.id, f.id));
      if (f.live) where.push(inArray(liveRooms.status, [RoomStatus.WAITING, RoomStatus.LIVE]));
      if (f.q) {
        const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const asId = /^\d{1,9}$/.test(f.q) ? eq(liveRooms.id, Number(f.q)) : undefined;
        where.push(or(ilike(liveRooms.title, like), ilike(users.nickname, like), asId)!);
      }
      const cond = where.length ? and(...where) : undefined;
      const [rows, [{ n }]] = await Promise.all([
        db
          .select(columns)
          .from(liveRooms)
          .innerJoin(users, eq(users.id, liveRooms.id))
          .where(cond)
          .orderBy(desc(liveRooms.status), desc(sql`coalesce(${liveRooms.liveSince}, ${lastEnded}, ${liveRooms.updatedAt})`), desc(liveRooms.id))
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: count() }).from(liveRooms).innerJoin(users, eq(users.id, liveRooms.id)).where(cond),
      ]);
      return { rows, total: n };
    },
    async liveCount() {
      const [{ n }] = await db.select({ n: count() }).from(liveRooms).where(eq(liveRooms.status, RoomStatus.LIVE));
      return n;
    },
  };
}
export type LiveStaffRepo = ReturnType<typeof createLiveStaffRepo>;
