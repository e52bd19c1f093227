import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { chatGroups, chatMessages } from '../../db/schema/chat.ts';
import { createGroupCommit } from './group-commit.ts';

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

export type NewMessage = Omit<StoredMessage, 'seq' | 'createdAt'>;

/**
 * Stores several messages of one group in one statement: the group's sequence bumped by their count
 * and the rows inserted under the numbers it gave, atomically (a statement is its own transaction).
 *
 * Why one statement: as a transaction it was four round trips (begin, bump, insert, commit), and on
 * the embedded database each one queues behind everything else its thread does; in a cluster's
 * socket process each also crosses to the primary and back (db/sql-link.ts), with the database held
 * for this transaction alone meanwhile. The bump's row lock is held until the statement ends, so
 * concurrent writers (any process) still get distinct, gapless numbers in commit order.
 */
async function appendMany(db: Db, groupId: number, msgs: NewMessage[]): Promise<StoredMessage[]> {
  const n = msgs.length;
  const rows = msgs.map((m) => ({ f: m.fromIdentifier, n: m.nick, a: m.avatar, t: m.type, p: m.payload, x: m.ext ?? null }));
  const res = (await db.execute(sql`
    with g as (
      insert into ${chatGroups} (id, last_seq) values (${groupId}::int, ${n}::bigint)
      on conflict (id) do update set last_seq = ${chatGroups}.last_seq + ${n}::bigint
      returning last_seq
    )
    insert into ${chatMessages} (group_id, seq, from_identifier, nick, avatar, type, payload, ext)
    select ${groupId}::int, g.last_seq - ${n}::bigint + m.ord, m.e->>'f', m.e->>'n', coalesce(m.e->>'a', ''), m.e->>'t', m.e->'p', nullif(m.e->'x', 'null'::jsonb)
    from g, jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as m(e, ord)
    returning seq::float8 as seq, (extract(epoch from created_at) * 1000)::float8 as ms`)) as unknown as { rows: Array<{ seq: number; ms: number }> };
  // Numbers as float8 and the time as epoch milliseconds: the same JavaScript numbers from
  // PostgreSQL, PGlite and the SQL link (an int8 or a timestamp would come back as each parses it).
  const first = Math.min(...res.rows.map((r) => Number(r.seq)));
  const createdAt = new Date(Number(res.rows[0].ms));
  return msgs.map((m, i) => ({ ...m, groupId, seq: first + i, ext: m.ext ?? null, createdAt }));
}

/**
 * The chat repo's `append` (PostgreSQL, where the database numbers a room's messages): group commit
 * per room. `gatherMs` holds the first message of a write that long for others to join it; on
 * PostgreSQL, which works in its own processes, none is needed. The embedded database numbers
 * messages in memory and stores them with `storeNumbered` instead (sequencer.ts).
 */
function createBatchedAppend(db: Db, opts: RepoOptions = {}) {
  const commit = createGroupCommit<NewMessage, StoredMessage>((groupId, msgs) => appendMany(db, groupId, msgs), opts);
  return (msg: NewMessage) => commit(msg.groupId, msg);
}

interface RepoOptions {
  gatherMs?: number;
  /** A write of several messages failed and is tried one message at a time (group-commit.ts). */
  onSplit?: (groupId: number, count: number, err: unknown) => void;
}

// Every query of the chat domain.
export function createChatRepo(db: Db, opts: RepoOptions = {}) {
  const append = createBatchedAppend(db, opts);
  return {
    /** A room group exists for every anchor (group id = anchor user id). */
    async isAnchor(userId: number): Promise<boolean> {
      const [row] = await db.select({ isAnchor: users.isAnchor }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.isAnchor === 1;
    },

    /** Names and avatars of several users (the unknown are left out). */
    async senders(userIds: number[]) {
      const rows = await db
        .select({ id: users.id, nick: users.nickname, avatar: users.avatar })
        .from(users)
        .where(inArray(users.id, [...new Set(userIds)]));
      return new Map(rows.map((r) => [r.id, { nick: r.nick, avatar: r.avatar }]));
    },

    /**
     * Takes the group's next sequence number and stores the message under it. Messages of one room
     * arriving while its previous write is in flight go together in the next transaction (one
     * sequence bump, one multi-row insert; see createBatchedAppend), so a busy room is not limited by
     * one transaction per message.
     */
    append,

    /** The group's last sequence number stored (0 for a room that has none). */
    async lastSeq(groupId: number): Promise<number> {
      const [row] = await db.select({ lastSeq: chatGroups.lastSeq }).from(chatGroups).where(eq(chatGroups.id, groupId)).limit(1);
      return Number(row?.lastSeq ?? 0);
    },

    /**
     * Stores messages of one group that already have their numbers (chat/sequencer.ts), and moves
     * the group's last sequence up to the highest of them, in one statement.
     */
    async storeNumbered(groupId: number, msgs: StoredMessage[]): Promise<void> {
      const rows = msgs.map((m) => ({ s: m.seq, c: m.createdAt.toISOString(), f: m.fromIdentifier, n: m.nick, a: m.avatar, t: m.type, p: m.payload, x: m.ext ?? null }));
      const top = Math.max(...msgs.map((m) => m.seq));
      // A data-modifying WITH runs to completion though the insert below does not read it.
      await db.execute(sql`
        with g as (
          insert into ${chatGroups} (id, last_seq) values (${groupId}::int, ${top}::bigint)
          on conflict (id) do update set last_seq = greatest(${chatGroups}.last_seq, excluded.last_seq)
        )
        insert into ${chatMessages} (group_id, seq, created_at, from_identifier, nick, avatar, type, payload, ext)
        select ${groupId}::int, (m.e->>'s')::bigint, (m.e->>'c')::timestamptz, m.e->>'f', m.e->>'n', coalesce(m.e->>'a', ''), m.e->>'t', m.e->'p', nullif(m.e->'x', 'null'::jsonb)
        from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as m(e)`);
    },

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
