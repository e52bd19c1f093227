import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { chatMessages } from '../../db/schema/chat.ts';
import { createBatchedAppend } from './group-commit.ts';

export interface StoredMessage {
  groupId: number;
  seq: number;
  fromIdentifier: string;
  nick: string;
  avatar: string;
  type: string;
  payload: unknown;
  ext?: unknown;
  createdAt: Date;
}

// Every query of the chat domain.
export function createChatRepo(db: Db, opts: { gatherMs?: number } = {}) {
  const append = createBatchedAppend(db, opts);
  return {
    /** A room group exists for every anchor (group id = anchor user id). */
    async isAnchor(userId: number): Promise<boolean> {
      const [row] = await db.select({ isAnchor: users.isAnchor }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.isAnchor === 1;
    },

    async sender(userId: number) {
      const [row] = await db.select({ nick: users.nickname, avatar: users.avatar }).from(users).where(eq(users.id, userId)).limit(1);
      return row ?? null;
    },

    /**
     * Takes the group's next sequence number and stores the message under it. Messages of one room
     * arriving while its previous write is in flight go together in the next transaction (one
     * sequence bump, one multi-row insert; see group-commit.ts), so a busy room is not limited by
     * one transaction per message.
     */
    append,

    /** Messages after `afterSeq` (oldest first), or the last `limit` when afterSeq is null. */
    async history(groupId: number, afterSeq: number | null, limit: number): Promise<StoredMessage[]> {
      if (afterSeq !== null) {
        return (await db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.groupId, groupId), gt(chatMessages.seq, afterSeq)))
          .orderBy(chatMessages.seq)
          .limit(limit)) as StoredMessage[];
      }
      const rows = await db.select().from(chatMessages).where(eq(chatMessages.groupId, groupId)).orderBy(desc(chatMessages.seq)).limit(limit);
      return (rows as StoredMessage[]).reverse();
    },
  };
}
export type ChatRepo = ReturnType<typeof createChatRepo>;
