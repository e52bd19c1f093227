import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatGroups, chatMessages } from '../../db/schema/chat.ts';
import type { StoredMessage } from './repo.ts';

/**
 * Group commit for a busy room's chat (found with `npm run bench -- chat`).
 *
 * Why: each message took its own transaction (bump the group's last_seq, insert the row, commit),
 * and those transactions queue on the group row's lock (PostgreSQL) or on the single connection
 * (PGlite). At 200 messages/s into one room that queue is the bottleneck: on PGlite a transaction
 * costs 2–6 ms, so the room tops out near 150 messages/s and latency grows without bound.
 *
 * How: messages for one key arriving while a write for that key is in flight wait and go together
 * in the next write. A lone message is written at once (or after `gatherMs`); under load the number of
 * transactions per second stays about the same while each carries more messages. Order is kept:
 * sequence numbers follow arrival order.
 */
export function createGroupCommit<T, R>(write: (key: number, items: T[]) => Promise<R[]>, opts: { max?: number; gatherMs?: number } = {}) {
  const max = opts.max ?? 500;
  const gatherMs = opts.gatherMs ?? 0;
  const queues = new Map<number, { items: T[]; waiters: Array<{ resolve: (r: R) => void; reject: (err: unknown) => void }> }>();

  async function drain(key: number) {
    const q = queues.get(key)!;
    while (q.items.length) {
      const items = q.items.splice(0, max);
      const waiters = q.waiters.splice(0, items.length);
      try {
        const out = await write(key, items);
        waiters.forEach((w, i) => w.resolve(out[i]));
      } catch (err) {
        waiters.forEach((w) => w.reject(err));
      }
    }
    queues.delete(key);
  }

  return (key: number, item: T): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      let q = queues.get(key);
      const idle = !q;
      if (!q) queues.set(key, (q = { items: [], waiters: [] }));
      q.items.push(item);
      q.waiters.push({ resolve, reject });
      if (idle) {
        if (gatherMs > 0) setTimeout(() => void drain(key), gatherMs);
        else void drain(key);
      }
    });
}

type NewMessage = Omit<StoredMessage, 'seq' | 'createdAt'>;

/** Stores several messages of one group in one transaction: one sequence bump, one multi-row insert. */
export async function appendMany(db: Db, groupId: number, msgs: NewMessage[]): Promise<StoredMessage[]> {
  return db.transaction(async (tx) => {
    // The upsert locks the group row, so concurrent writers (any process) still get distinct, gapless numbers.
    const [{ last }] = await tx
      .insert(chatGroups)
      .values({ id: groupId, lastSeq: msgs.length })
      .onConflictDoUpdate({ target: chatGroups.id, set: { lastSeq: sql`${chatGroups.lastSeq} + ${msgs.length}` } })
      .returning({ last: chatGroups.lastSeq });
    const first = last - msgs.length + 1;
    const rows = await tx
      .insert(chatMessages)
      .values(msgs.map((m, i) => ({ ...m, groupId, seq: first + i, payload: m.payload as object, ext: (m.ext ?? null) as object | null })))
      .returning();
    return (rows as StoredMessage[]).sort((a, b) => a.seq - b.seq);
  });
}

/**
 * The chat repo's `append`: group commit per room. `gatherMs` holds the first message of a write
 * that long for others to join it. On embedded PGlite (which runs in the server's own thread and
 * costs 2–3 ms of its CPU per transaction) a 30 ms gather turns 200 messages/s from ~150 small
 * transactions into ~30 larger ones, leaving the thread to the fan-out (chat bench, 10,000 viewers:
 * server CPU 91 % → 61 %, p99 604 → 348 ms); the room's 100 ms batch mostly hides the wait from
 * viewers. PostgreSQL works in its own processes and needs no gather.
 */
export function createBatchedAppend(db: Db, opts: { gatherMs?: number } = {}) {
  const commit = createGroupCommit<NewMessage, StoredMessage>((groupId, msgs) => appendMany(db, groupId, msgs), opts);
  return (msg: NewMessage) => commit(msg.groupId, msg);
}
