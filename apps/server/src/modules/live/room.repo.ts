import { RoomStatus } from '@livesports/contracts/live';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { liveRecords, liveRooms } from '../../db/schema/live.ts';

export type RoomRow = typeof liveRooms.$inferSelect;
export type NewRoom = typeof liveRooms.$inferInsert;

/** What lists and cards need: the room joined with its anchor. */
export const cardColumns = {
  id: liveRooms.id,
  title: liveRooms.title,
  type: liveRooms.type,
  cover: liveRooms.cover,
  status: liveRooms.status,
  liveSince: liveRooms.liveSince,
  lastPeak: liveRooms.lastPeak,
  nickname: users.nickname,
  avatar: users.avatar,
  anchorExp: users.anchorExp,
};

export const LIVE = RoomStatus.LIVE;

/** Every query on rooms and broadcast records. Methods take an optional transaction. */
export function createRoomRepo(db: Db) {
  // A room is listed only while its owner is an approved anchor.
  const listed = eq(users.isAnchor, 1);

  return {
    async find(id: number, tx: Db = db) {
      const [row] = await tx.select().from(liveRooms).where(eq(liveRooms.id, id)).limit(1);
      return row ?? null;
    },
    /** The room whose current key this is, with whether its owner is still an approved anchor. */
    async findByKey(streamKey: string) {
      const [row] = await db
        .select({ room: liveRooms, isAnchor: users.isAnchor, status: users.status })
        .from(liveRooms)
        .innerJoin(users, eq(users.id, liveRooms.id))
        .where(eq(liveRooms.streamKey, streamKey))
        .limit(1);
      return row ?? null;
    },
    async card(id: number) {
      const [row] = await db.select(cardColumns).from(liveRooms).innerJoin(users, eq(users.id, liveRooms.id)).where(eq(liveRooms.id, id)).limit(1);
      return row ?? null;
    },
    async anchorOf(id: number) {
      const [row] = await db
        .select({ id: users.id, nickname: users.nickname, avatar: users.avatar, isAnchor: users.isAnchor, anchorExp: users.anchorExp })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row ?? null;
    },
    async insert(values: NewRoom) {
      const [row] = await db.insert(liveRooms).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    async update(id: number, values: Partial<NewRoom>, tx: Db = db) {
      const [row] = await tx
        .update(liveRooms)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(liveRooms.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * Rooms for the anchor list: live first (most watched), then by the last session's peak.
     * `liveOnly` gives the live list; `ids` restricts to given rooms (e.g. live on this server).
     */
    async cards(opts: { type: number; liveOnly: boolean; uids?: number[]; page: number; limit: number }) {
      const where = and(
        listed,
        opts.type ? eq(liveRooms.type, opts.type) : undefined,
        opts.liveOnly ? eq(liveRooms.status, LIVE) : undefined,
        opts.uids ? (opts.uids.length ? inArray(liveRooms.id, opts.uids) : sql`false`) : undefined,
      );
      const [rows, [{ n }]] = await Promise.all([
        db
          .select(cardColumns)
          .from(liveRooms)
          .innerJoin(users, eq(users.id, liveRooms.id))
          .where(where)
          .orderBy(desc(sql`${liveRooms.status} = ${LIVE}`), desc(liveRooms.lastPeak), desc(liveRooms.liveSince), asc(liveRooms.id))
          .limit(opts.limit)
          .offset((opts.page - 1) * opts.limit),
        db.select({ n: count() }).from(liveRooms).innerJoin(users, eq(users.id, liveRooms.id)).where(where),
      ]);
      return { rows, total: n };
    },

    /**
     * For the search module (api/Search/*): rooms whose title or anchor nickname contains the
     * word, live ones first. `liveOnly` narrows to rooms on air.
     */
    async searchRooms(word: string, opts: { liveOnly?: boolean; limit?: number; offset?: number } = {}) {
      const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const where = and(listed, or(ilike(liveRooms.title, pattern), ilike(users.nickname, pattern)), opts.liveOnly ? eq(liveRooms.status, LIVE) : undefined);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select(cardColumns)
          .from(liveRooms)
          .innerJoin(users, eq(users.id, liveRooms.id))
          .where(where)
          .orderBy(desc(sql`${liveRooms.status} = ${LIVE}`), desc(liveRooms.lastPeak), asc(liveRooms.id))
          .limit(opts.limit ?? 20)
          .offset(opts.offset ?? 0),
        db.select({ n: count() }).from(liveRooms).innerJoin(users, eq(users.id, liveRooms.id)).where(where),
      ]);
      return { rows, total: n };
    },

    /** Publish accepted: open a broadcast record and mark the room live, in one transaction. */
    async goLive(id: number, at: Date) {
      return db.transaction(async (tx) => {
        const [room] = await tx.select().from(liveRooms).where(eq(liveRooms.id, id)).for('update');
        if (!room) return null;
        // A record left open (crash, lost unpublish) is closed where it stood.
        if (room.currentRecordId)
          await tx
            .update(liveRecords)
            .set({ endedAt: at })
            .where(and(eq(liveRecords.id, room.currentRecordId), isNull(liveRecords.endedAt)));
        const [record] = await tx.insert(liveRecords).values({ roomId: id, title: room.title, startedAt: at }).returning();
        const [updated] = await tx.update(liveRooms).set({ status: LIVE, liveSince: at, currentRecordId: record.id, updatedAt: at }).where(eq(liveRooms.id, id)).returning();
        return { room: updated, record };
      });
    },

    /**
     * Publish ended: close the record with its peak, credit anchor experience for the minutes
     * streamed, mark the room offline. Returns null when the room was not live.
     */
    async goOffline(id: number, at: Date, peak: number, expPerMinute: number) {
      return db.transaction(async (tx) => {
        const [room] = await tx.select().from(liveRooms).where(eq(liveRooms.id, id)).for('update');
        if (!room) return null;
        let record: typeof liveRecords.$inferSelect | null = null;
        if (room.currentRecordId) {
          [record] = await tx
            .update(liveRecords)
            .set({ endedAt: at, peakViewers: sql`greatest(${liveRecords.peakViewers}, ${peak})` })
            .where(and(eq(liveRecords.id, room.currentRecordId), isNull(liveRecords.endedAt)))
            .returning();
        }
        if (record) {
          const minutes = Math.floor((at.getTime() - record.startedAt.getTime()) / 60_000);
          if (minutes > 0 && expPerMinute > 0)
            await tx
              .update(users)
              .set({ anchorExp: sql`${users.anchorExp} + ${minutes * expPerMinute}` })
              .where(eq(users.id, id));
        }
        const [updated] = await tx
          .update(liveRooms)
          .set({ status: 0, liveSince: null, currentRecordId: null, lastPeak: record ? record.peakViewers : room.lastPeak, updatedAt: at })
          .where(eq(liveRooms.id, id))
          .returning();
        return { room: updated, record };
      });
    },

    /** Keeps the open record's peak up to date while the session runs. */
    async raisePeak(recordId: number, peak: number) {
      await db
        .update(liveRecords)
        .set({ peakViewers: peak })
        .where(and(eq(liveRecords.id, recordId), isNull(liveRecords.endedAt), sql`${liveRecords.peakViewers} < ${peak}`));
    },

    /** Rooms the database believes are live; on an ingest restart none of them really is. */
    async liveRoomIds() {
      const rows = await db.select({ id: liveRooms.id }).from(liveRooms).where(eq(liveRooms.status, LIVE));
      return rows.map((r) => r.id);
    },

    async records(roomId: number, page: number, limit: number) {
      const [rows, [{ n, seconds }]] = await Promise.all([
        db
          .select()
          .from(liveRecords)
          .where(eq(liveRecords.roomId, roomId))
          .orderBy(desc(liveRecords.startedAt), desc(liveRecords.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({
            n: count(),
            seconds: sql<number>`coalesce(sum(extract(epoch from (coalesce(${liveRecords.endedAt}, now()) - ${liveRecords.startedAt}))), 0)::float8`,
          })
          .from(liveRecords)
          .where(eq(liveRecords.roomId, roomId)),
      ]);
      return { rows, total: n, seconds: Math.floor(Number(seconds)) };
    },
  };
}
export type RoomRepo = ReturnType<typeof createRoomRepo>;
