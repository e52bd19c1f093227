import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { liveReservations, liveRooms } from '../../db/schema/live.ts';
import { matches } from '../../db/schema/matches.ts';
import { cardColumns, LIVE } from './room.repo.ts';

// Which match a room covers now, in SQL, so lists and counts need no per-room lookups:
//  - the anchor's own link (studio) while the match kicked off less than LINK_AFTER_KICKOFF ago
//    (or has not kicked off yet), so yesterday's link never lists a room under a finished match;
//  - otherwise a reserved broadcast of a match starting within RESERVE_BEFORE or started within
//    RESERVE_AFTER.

const HOUR = 3600_000;
export const LINK_AFTER_KICKOFF_MS = 4 * HOUR;
export const RESERVE_BEFORE_MS = 1 * HOUR;
export const RESERVE_AFTER_MS = 3 * HOUR;

function linkExpressions(now: Date) {
  const freshSince = new Date(now.getTime() - LINK_AFTER_KICKOFF_MS);
  const from = new Date(now.getTime() - RESERVE_AFTER_MS);
  const to = new Date(now.getTime() + RESERVE_BEFORE_MS);
  // Columns of the outer row are named with their table: drizzle leaves them unqualified in a
  // one-table select, and inside the sub-queries an unqualified "id" would be the inner table's.
  const room = { id: sql.raw('"live_rooms"."id"'), matchId: sql.raw('"live_rooms"."match_id"') };
  const studio = sql<
    number | null
  >`(case when ${room.matchId} is not null and exists (select 1 from ${matches} m where m.id = ${room.matchId} and m.kickoff_at > ${freshSince}) then ${room.matchId} end)`;
  const reserved = sql<
    number | null
  >`(select r.match_id from ${liveReservations} r where r.room_id = ${room.id} and r.match_id is not null and r.start_at between ${from} and ${to} order by abs(extract(epoch from (r.start_at - ${now}::timestamptz))) limit 1)`;
  return { studio, reserved, effective: sql<number | null>`coalesce(${studio}, ${reserved})` };
}

export function createMatchLinkRepo(db: Db) {
  const listed = eq(users.isAnchor, 1);
  return {
    /** The match a room covers now and how it got linked, or null. */
    async linkOf(roomId: number, now: Date): Promise<{ matchId: number; via: 'studio' | 'reservation' } | null> {
      const { studio, reserved } = linkExpressions(now);
      const [row] = await db.select({ studio, reserved }).from(liveRooms).where(eq(liveRooms.id, roomId)).limit(1);
      if (!row) return null;
      if (row.studio != null) return { matchId: Number(row.studio), via: 'studio' };
      if (row.reserved != null) return { matchId: Number(row.reserved), via: 'reservation' };
      return null;
    },
    async setStudioLink(roomId: number, matchId: number | null) {
      await db.update(liveRooms).set({ matchId, updatedAt: new Date() }).where(eq(liveRooms.id, roomId));
    },
    /** Live rooms covering a match, most watched last session first (the service sorts by viewers now). */
    async liveRoomsOf(matchId: number, now: Date) {
      const { effective } = linkExpressions(now);
      return db
        .select(cardColumns)
        .from(liveRooms)
        .innerJoin(users, eq(users.id, liveRooms.id))
        .where(and(listed, eq(liveRooms.status, LIVE), sql`${effective} = ${matchId}`))
        .orderBy(desc(liveRooms.lastPeak), liveRooms.id)
        .limit(100);
    },
    /** Matches covered by at least one live room, with how many. */
    async liveCounts(now: Date) {
      const { effective } = linkExpressions(now);
      // Live rooms are few (hundreds at most): count them here rather than group by a sub-query.
      const rows = await db
        .select({ matchId: effective })
        .from(liveRooms)
        .innerJoin(users, eq(users.id, liveRooms.id))
        .where(and(listed, eq(liveRooms.status, LIVE)));
      const counts = new Map<number, number>();
      for (const r of rows) if (r.matchId != null) counts.set(Number(r.matchId), (counts.get(Number(r.matchId)) ?? 0) + 1);
      return [...counts].map(([match_id, rooms]) => ({ match_id, rooms }));
    },
  };
}
export type MatchLinkRepo = ReturnType<typeof createMatchLinkRepo>;
