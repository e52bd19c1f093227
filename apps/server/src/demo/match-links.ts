import type { FastifyInstance } from 'fastify';
import { and, asc, between, desc, eq, gte, inArray } from 'drizzle-orm';
import { liveRooms } from '../db/schema/live.ts';
import { matches } from '../db/schema/matches.ts';
import { roomTags } from '../modules/live/room.service.ts';

/** Match statuses 2–7 are in play (1 not started, 8 and on over): the matches module's convention. */
const IN_PLAY = [2, 7] as const;

/**
 * Keeps each demo room linked (the studio's link, issue #19 item 12) to a replayed match of its
 * sport that is being played now, else the next one to kick off: the room page then shows that
 * match's live score strip over the player, which is how the demo's pre-rendered picture gets a
 * live score (see demo/broadcaster.ts). Run once the demo streams start and after every
 * replay tick; a room whose match is still in play keeps it.
 */
export async function linkDemoRooms(app: FastifyInstance, rooms: Array<{ roomId: number; sport: string }>) {
  const db = app.database.db;
  if (rooms.length === 0) return;
  const current = await db
    .select({ roomId: liveRooms.id, matchId: liveRooms.matchId, status: matches.status, sport: matches.sport })
    .from(liveRooms)
    .leftJoin(matches, eq(matches.id, liveRooms.matchId))
    .where(
      inArray(
        liveRooms.id,
        rooms.map((r) => r.roomId),
      ),
    );
  const taken = new Set<number>();
  for (const c of current) if (c.matchId != null && c.status != null && c.status >= IN_PLAY[0] && c.status <= IN_PLAY[1]) taken.add(c.matchId);
  for (const room of rooms) {
    const row = current.find((c) => c.roomId === room.roomId);
    const playing = row?.status != null && row.status >= IN_PLAY[0] && row.status <= IN_PLAY[1] && row.sport === room.sport;
    if (playing) continue;
    const candidates = [
      ...(await db
        .select({ id: matches.id })
        .from(matches)
        .where(and(eq(matches.sport, room.sport), between(matches.status, IN_PLAY[0], IN_PLAY[1])))
        .orderBy(desc(matches.kickoffAt))
        .limit(10)),
      ...(await db
        .select({ id: matches.id })
        .from(matches)
        .where(and(eq(matches.sport, room.sport), eq(matches.status, 1), gte(matches.kickoffAt, app.clock.now())))
        .orderBy(asc(matches.kickoffAt))
        .limit(3)),
    ];
    // Two demo rooms of one sport cover different matches when there are enough of them.
    const pick = candidates.find((c) => !taken.has(c.id)) ?? candidates[0];
    if (!pick || pick.id === row?.matchId) continue;
    taken.add(pick.id);
    await db.update(liveRooms).set({ matchId: pick.id, updatedAt: new Date() }).where(eq(liveRooms.id, room.roomId));
    await app.readCache.invalidate(roomTags(room.roomId));
  }
}
