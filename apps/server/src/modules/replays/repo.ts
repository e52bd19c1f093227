import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { chatMessages } from '../../db/schema/chat.ts';
import { giftSends, gifts } from '../../db/schema/economy.ts';
import { liveReservations, liveRooms } from '../../db/schema/live.ts';
import { matchEvents, matches, matchTeams } from '../../db/schema/matches.ts';
import { clips, replayDanmaku, replayRooms, replays, replaySegments, type ReplayLevelDir, type ReplayPart } from '../../db/schema/replays.ts';

export type ReplayRow = typeof replays.$inferSelect;
export type ClipRow = typeof clips.$inferSelect;

const withAnchor = { replay: replays, nickname: users.nickname, avatar: users.avatar };

/** Every query of replays and clips. */
export function createReplayRepo(db: Db) {
  return {
    async recordsRoom(roomId: number) {
      const [row] = await db.select({ record: replayRooms.record }).from(replayRooms).where(eq(replayRooms.roomId, roomId)).limit(1);
      return (row?.record ?? 1) === 1;
    },
    async setRecord(roomId: number, record: 0 | 1) {
      await db.insert(replayRooms).values({ roomId, record }).onConflictDoUpdate({ target: replayRooms.roomId, set: { record } });
    },

    async create(values: { roomId: number; title: string; storageKey: string; startedAt: Date; matchId: number | null }) {
      const [row] = await db.insert(replays).values(values).returning();
      return row;
    },
    async find(id: number) {
      const [row] = await db.select().from(replays).where(eq(replays.id, id)).limit(1);
      return row ?? null;
    },
    async findWithAnchor(id: number) {
      const [row] = await db.select(withAnchor).from(replays).innerJoin(users, eq(users.id, replays.roomId)).where(eq(replays.id, id)).limit(1);
      return row ?? null;
    },
    /** The room's latest replay (a reconnect within the grace period continues it). */
    async latest(roomId: number) {
      const [row] = await db.select().from(replays).where(eq(replays.roomId, roomId)).orderBy(desc(replays.startedAt), desc(replays.id)).limit(1);
      return row ?? null;
    },
    async update(id: number, values: Partial<typeof replays.$inferInsert>) {
      const [row] = await db.update(replays).set(values).where(eq(replays.id, id)).returning();
      return row ?? null;
    },
    async addBytes(id: number, bytes: number) {
      await db
        .update(replays)
        .set({ bytes: sql`${replays.bytes} + ${bytes}` })
        .where(eq(replays.id, id));
    },
    async nextSeq(replayId: number, level: string) {
      const [row] = await db
        .select({ n: count() })
        .from(replaySegments)
        .where(and(eq(replaySegments.replayId, replayId), eq(replaySegments.level, level)));
      return row.n;
    },
    async roomTitle(roomId: number) {
      const [row] = await db.select({ title: liveRooms.title }).from(liveRooms).where(eq(liveRooms.id, roomId)).limit(1);
      return row?.title ?? null;
    },
    async setParts(id: number, parts: ReplayPart[]) {
      await db.update(replays).set({ parts }).where(eq(replays.id, id));
    },
    async setLevels(id: number, levels: ReplayLevelDir[]) {
      await db.update(replays).set({ levels }).where(eq(replays.id, id));
    },
    /** A stored segment; the replay's duration (its original level) and size move with it. */
    async addSegment(seg: typeof replaySegments.$inferInsert, original: boolean) {
      await db.transaction(async (tx) => {
        await tx.insert(replaySegments).values(seg).onConflictDoNothing();
        await tx
          .update(replays)
          .set({ bytes: sql`${replays.bytes} + ${seg.bytes}`, ...(original ? { duration: sql`greatest(${replays.duration}, ${seg.start + seg.duration})` } : {}) })
          .where(eq(replays.id, seg.replayId));
      });
    },
    async segments(replayId: number, level?: string) {
      return db
        .select()
        .from(replaySegments)
        .where(and(eq(replaySegments.replayId, replayId), level ? eq(replaySegments.level, level) : undefined))
        .orderBy(asc(replaySegments.level), asc(replaySegments.seq));
    },
    async segmentKeys(replayIds: number[]) {
      if (!replayIds.length) return [];
      return (await db.select({ key: replaySegments.key }).from(replaySegments).where(inArray(replaySegments.replayId, replayIds))).map((r) => r.key);
    },
    async remove(id: number) {
      await db.delete(replays).where(eq(replays.id, id));
    },

    /** A room's replays for visitors (ready and shown) or for its anchor (all). */
    async list(roomId: number, opts: { all: boolean; page: number; limit: number }) {
      const where = and(eq(replays.roomId, roomId), opts.all ? undefined : and(eq(replays.status, 1), eq(replays.hidden, 0)));
      const [rows, [{ n, bytes }]] = await Promise.all([
        db
          .select(withAnchor)
          .from(replays)
          .innerJoin(users, eq(users.id, replays.roomId))
          .where(where)
          .orderBy(desc(replays.startedAt), desc(replays.id))
          .limit(opts.limit)
          .offset((opts.page - 1) * opts.limit),
        db
          .select({ n: count(), bytes: sql<string>`coalesce(sum(${replays.bytes}), 0)` })
          .from(replays)
          .where(where),
      ]);
      return { rows, total: n, bytes: Number(bytes) };
    },
    /** Replays whose broadcast ended before `before` (retention). */
    async endedBefore(before: Date) {
      return db
        .select()
        .from(replays)
        .where(and(isNotNull(replays.endedAt), lt(replays.endedAt, before)));
    },
    /** Replays left recording by a stopped process: nothing will finish them any more. */
    /** The last part number among a level's stored segments (-1 when none). */
    async lastPart(replayId: number, level: string) {
      const [row] = await db
        .select({ n: sql<number | null>`max(${replaySegments.part})` })
        .from(replaySegments)
        .where(and(eq(replaySegments.replayId, replayId), eq(replaySegments.level, level)));
      return row?.n === null || row?.n === undefined ? -1 : Number(row.n);
    },
    /** The anchor ended the broadcast: the room's replays are closed (a broadcast after it is a new replay). */
    async closeRoom(roomId: number) {
      await db
        .update(replays)
        .set({ closed: 1 })
        .where(and(eq(replays.roomId, roomId), eq(replays.closed, 0)));
    },
    async stillRecording() {
      return db.select().from(replays).where(eq(replays.status, 0));
    },
    async totals() {
      const [[r], [c]] = await Promise.all([
        db.select({ n: count(), bytes: sql<string>`coalesce(sum(${replays.bytes}), 0)` }).from(replays),
        db.select({ n: count(), bytes: sql<string>`coalesce(sum(${clips.bytes}), 0)` }).from(clips),
      ]);
      return { replays: r.n, replayBytes: Number(r.bytes), clips: c.n, clipBytes: Number(c.bytes) };
    },

    // ---- The broadcast around a replay: chat, gifts, the linked match

    async messagesBetween(roomId: number, from: Date, to: Date, limit: number) {
      return db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.groupId, roomId), gte(chatMessages.createdAt, from), lte(chatMessages.createdAt, to)))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.seq))
        .limit(limit);
    },
    async giftsBetween(roomId: number, from: Date, to: Date, limit: number) {
      return db
        .select({ send: giftSends, gift: gifts, nickname: users.nickname, avatar: users.avatar, wealthExp: users.wealthExp })
        .from(giftSends)
        .innerJoin(gifts, eq(gifts.id, giftSends.giftId))
        .innerJoin(users, eq(users.id, giftSends.senderId))
        .where(and(eq(giftSends.roomId, roomId), gte(giftSends.createdAt, from), lte(giftSends.createdAt, to)))
        .orderBy(asc(giftSends.createdAt))
        .limit(limit);
    },
    async danmakuBetween(replayId: number, from: number, to: number, limit: number) {
      return db
        .select({ d: replayDanmaku, nickname: users.nickname })
        .from(replayDanmaku)
        .innerJoin(users, eq(users.id, replayDanmaku.userId))
        .where(and(eq(replayDanmaku.replayId, replayId), gte(replayDanmaku.at, from), lt(replayDanmaku.at, to)))
        .orderBy(asc(replayDanmaku.at))
        .limit(limit);
    },
    async addDanmaku(values: { replayId: number; userId: number; at: number; text: string }) {
      const [row] = await db.insert(replayDanmaku).values(values).returning();
      return row;
    },
    async nickname(userId: number) {
      const [row] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.nickname ?? '';
    },

    /**
     * The match a broadcast is about: the room's reservation of a match closest to the start
     * (announced from 3 h before to 1 h after it).
     */
    async reservedMatch(roomId: number, at: Date) {
      const [row] = await db
        .select({ matchId: liveReservations.matchId })
        .from(liveReservations)
        .where(
          and(
            eq(liveReservations.roomId, roomId),
            isNotNull(liveReservations.matchId),
            gte(liveReservations.startAt, new Date(at.getTime() - 3 * 3600_000)),
            lte(liveReservations.startAt, new Date(at.getTime() + 3600_000)),
          ),
        )
        .orderBy(sql`abs(extract(epoch from (${liveReservations.startAt} - ${at.toISOString()}::timestamptz)))`)
        .limit(1);
      return row?.matchId ?? null;
    },
    async match(matchId: number) {
      const home = sql<string>`(select ${matchTeams.nameEn} from ${matchTeams} where ${matchTeams.id} = ${matches.homeTeamId})`;
      const away = sql<string>`(select ${matchTeams.nameEn} from ${matchTeams} where ${matchTeams.id} = ${matches.awayTeamId})`;
      const homeZh = sql<string>`(select ${matchTeams.nameZh} from ${matchTeams} where ${matchTeams.id} = ${matches.homeTeamId})`;
      const awayZh = sql<string>`(select ${matchTeams.nameZh} from ${matchTeams} where ${matchTeams.id} = ${matches.awayTeamId})`;
      const [row] = await db
        .select({ id: matches.id, sport: matches.sport, homeScore: matches.homeScore, awayScore: matches.awayScore, home, away, homeZh, awayZh })
        .from(matches)
        .where(eq(matches.id, matchId))
        .limit(1);
      return row ?? null;
    },
    async matchEvents(matchId: number, from: Date, to: Date) {
      return db
        .select()
        .from(matchEvents)
        .where(and(eq(matchEvents.matchId, matchId), gte(matchEvents.createdAt, from), lte(matchEvents.createdAt, to)))
        .orderBy(asc(matchEvents.createdAt));
    },

    // ---- Clips

    async createClip(values: typeof clips.$inferInsert) {
      const [row] = await db.insert(clips).values(values).returning();
      return row;
    },
    async clip(id: number) {
      const [row] = await db.select({ clip: clips, nickname: users.nickname }).from(clips).innerJoin(users, eq(users.id, clips.roomId)).where(eq(clips.id, id)).limit(1);
      return row ?? null;
    },
    async clipsOf(replayId: number) {
      return db.select({ clip: clips, nickname: users.nickname }).from(clips).innerJoin(users, eq(users.id, clips.roomId)).where(eq(clips.replayId, replayId)).orderBy(desc(clips.createdAt));
    },
    async updateClip(id: number, values: Partial<typeof clips.$inferInsert>) {
      const [row] = await db.update(clips).set(values).where(eq(clips.id, id)).returning();
      return row ?? null;
    },
    async removeClip(id: number) {
      await db.delete(clips).where(eq(clips.id, id));
    },
  };
}
export type ReplayRepo = ReturnType<typeof createReplayRepo>;
