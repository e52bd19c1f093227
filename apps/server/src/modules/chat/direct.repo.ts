import { desc, eq, gt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { chatDirect, horns } from '../../db/schema/chat-moderation.ts';

// Queries of one-to-one messages and horns.
export function createDirectRepo(db: Db) {
  return {
    async insert(row: { fromUser: number; toUser: number; cloudType: number; text: string }) {
      const [r] = await db.insert(chatDirect).values(row).returning();
      return r;
    },

    /** The recipient's name, or null when there is no such user. */
    async nickOf(id: number) {
      const [r] = await db.select({ nick: users.nickname }).from(users).where(eq(users.id, id)).limit(1);
      return r?.nick ?? null;
    },

    /** The newest messages to or from a user, oldest first, with the sender's name. */
    async recent(userId: number, limit: number) {
      const to = alias(users, 'to_user');
      const rows = await db
        .select({ m: chatDirect, nick: users.nickname, avatar: users.avatar, toNick: to.nickname })
        .from(chatDirect)
        .innerJoin(users, eq(users.id, chatDirect.fromUser))
        .innerJoin(to, eq(to.id, chatDirect.toUser))
        .where(or(eq(chatDirect.toUser, userId), eq(chatDirect.fromUser, userId)))
        .orderBy(desc(chatDirect.id))
        .limit(limit);
      return rows.reverse();
    },

    async insertHorn(tx: Db, row: typeof horns.$inferInsert) {
      const [r] = await tx.insert(horns).values(row).returning();
      return r;
    },

    async recentHorns(since: Date, limit: number) {
      return db.select().from(horns).where(gt(horns.createdAt, since)).orderBy(desc(horns.id)).limit(limit);
    },
  };
}
export type DirectRepo = ReturnType<typeof createDirectRepo>;
