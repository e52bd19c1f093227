import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { chatGroups } from '../../db/schema/chat.ts';
import { chatKeywords, chatModLog, chatRoomAdmins, chatSanctions } from '../../db/schema/chat-moderation.ts';

export type SanctionKind = 'mute' | 'kick';

const brief = { id: users.id, user_nickname: users.nickname, avatar: users.avatar };

// Every query of room moderation.
export function createModerationRepo(db: Db) {
  return {
    async user(id: number) {
      const [row] = await db
        .select({ ...brief, isAnchor: users.isAnchor, isAdmin: users.isAdmin, isModerator: users.isModerator })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row ?? null;
    },

    async users(ids: number[]) {
      if (!ids.length) return new Map<number, { id: number; user_nickname: string; avatar: string }>();
      const rows = await db.select(brief).from(users).where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r]));
    },

    async admins(roomId: number) {
      return db
        .select({ ...brief, created_at: chatRoomAdmins.createdAt })
        .from(chatRoomAdmins)
        .innerJoin(users, eq(users.id, chatRoomAdmins.userId))
        .where(eq(chatRoomAdmins.roomId, roomId))
        .orderBy(chatRoomAdmins.createdAt);
    },

    async isAdmin(roomId: number, userId: number) {
      const [row] = await db
        .select({ u: chatRoomAdmins.userId })
        .from(chatRoomAdmins)
        .where(and(eq(chatRoomAdmins.roomId, roomId), eq(chatRoomAdmins.userId, userId)))
        .limit(1);
      return !!row;
    },

    /** Rooms where the user is an admin (for the assistant type of one-to-one messages). */
    async adminOfAny(userId: number) {
      const [row] = await db.select({ r: chatRoomAdmins.roomId }).from(chatRoomAdmins).where(eq(chatRoomAdmins.userId, userId)).limit(1);
      return !!row;
    },

    /** Adds an admin unless the room is full; false when full. Counting and inserting under one lock of the room's rows. */
    async addAdmin(roomId: number, userId: number, max: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        // Serializes concurrent additions to one room (advisory lock keyed by the room).
        await tx.execute(sql`select pg_advisory_xact_lock(7001, ${roomId})`);
        const [{ n }] = await tx.select({ n: count() }).from(chatRoomAdmins).where(eq(chatRoomAdmins.roomId, roomId));
        if (n >= max) return false;
        await tx.insert(chatRoomAdmins).values({ roomId, userId }).onConflictDoNothing();
        return true;
      });
    },

    async removeAdmin(roomId: number, userId: number) {
      const rows = await db
        .delete(chatRoomAdmins)
        .where(and(eq(chatRoomAdmins.roomId, roomId), eq(chatRoomAdmins.userId, userId)))
        .returning({ u: chatRoomAdmins.userId });
      return rows.length > 0;
    },

    async setSanction(roomId: number, userId: number, kind: SanctionKind, until: Date, actorId: number) {
      await db
        .insert(chatSanctions)
        .values({ roomId, userId, kind, until, actorId })
        .onConflictDoUpdate({ target: [chatSanctions.roomId, chatSanctions.userId, chatSanctions.kind], set: { until, actorId, createdAt: new Date() } });
    },

    async liftSanction(roomId: number, userId: number, kind: SanctionKind) {
      const rows = await db
        .delete(chatSanctions)
        .where(and(eq(chatSanctions.roomId, roomId), eq(chatSanctions.userId, userId), eq(chatSanctions.kind, kind)))
        .returning({ u: chatSanctions.userId });
      return rows.length > 0;
    },

    /** The end of a sanction in force, or null. */
    async sanctionUntil(roomId: number, userId: number, kind: SanctionKind, now: Date): Promise<Date | null> {
      const [row] = await db
        .select({ until: chatSanctions.until })
        .from(chatSanctions)
        .where(and(eq(chatSanctions.roomId, roomId), eq(chatSanctions.userId, userId), eq(chatSanctions.kind, kind), gt(chatSanctions.until, now)))
        .limit(1);
      return row?.until ?? null;
    },

    async sanctions(roomId: number, now: Date) {
      return db
        .select({ ...brief, kind: chatSanctions.kind, until: chatSanctions.until, actor_id: chatSanctions.actorId })
        .from(chatSanctions)
        .innerJoin(users, eq(users.id, chatSanctions.userId))
        .where(and(eq(chatSanctions.roomId, roomId), gt(chatSanctions.until, now)))
        .orderBy(desc(chatSanctions.createdAt));
    },

    async log(entry: { roomId: number; actorId: number; targetId: number | null; action: string; detail?: Record<string, unknown> }) {
      await db.insert(chatModLog).values({ ...entry, detail: entry.detail ?? {} });
    },

    async logPage(roomId: number, page: number, limit: number) {
      const [list, [{ total }]] = await Promise.all([
        db
          .select()
          .from(chatModLog)
          .where(eq(chatModLog.roomId, roomId))
          .orderBy(desc(chatModLog.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(chatModLog).where(eq(chatModLog.roomId, roomId)),
      ]);
      return { list, total };
    },

    async keywords(roomId: number): Promise<string[]> {
      const rows = await db.select({ word: chatKeywords.word }).from(chatKeywords).where(eq(chatKeywords.roomId, roomId)).orderBy(chatKeywords.word);
      return rows.map((r) => r.word);
    },

    /** The room's slow mode in seconds (0 when off or never set). */
    async slowMode(roomId: number): Promise<number> {
      const [row] = await db.select({ s: chatGroups.slowMode }).from(chatGroups).where(eq(chatGroups.id, roomId)).limit(1);
      return row?.s ?? 0;
    },

    /** Sets the slow mode; the previous value, so an unchanged setting is not announced again. */
    async setSlowMode(roomId: number, seconds: number): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ s: chatGroups.slowMode }).from(chatGroups).where(eq(chatGroups.id, roomId)).for('update').limit(1);
        await tx
          .insert(chatGroups)
          .values({ id: roomId, slowMode: seconds })
          .onConflictDoUpdate({ target: chatGroups.id, set: { slowMode: seconds } });
        return row?.s ?? 0;
      });
    },

    async replaceKeywords(roomId: number, words: string[]) {
      await db.transaction(async (tx) => {
        await tx.delete(chatKeywords).where(eq(chatKeywords.roomId, roomId));
        if (words.length) await tx.insert(chatKeywords).values(words.map((word) => ({ roomId, word })));
      });
    },
  };
}
export type ModerationRepo = ReturnType<typeof createModerationRepo>;
