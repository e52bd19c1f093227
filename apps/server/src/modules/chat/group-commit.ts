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
 *
 * One bad item never takes the others with it (issue #50): a write of several items is one
 * statement, so a row the database refuses (a value it cannot hold, a constraint) failed the whole
 * write and every message in it, though only one was bad (9 lines of 3 people shown live, none
 * stored, none acknowledged). A failed write of several items is therefore tried again one item at
 * a time, in order: the good ones are stored and answered, only the bad one's caller gets the error.
 */
export function createGroupCommit<T, R>(
  write: (key: number, items: T[]) => Promise<R[]>,
  opts: { max?: number; gatherMs?: number; onSplit?: (key: number, count: number, err: unknown) => void } = {},
) {
  const max = opts.max ?? 500;
  const gatherMs = opts.gatherMs ?? 0;
  const queues = new Map<number, { items: T[]; waiters: Array<{ resolve: (r: R) => void; reject: (err: unknown) => void }> }>();

  /** Each item in a write of its own, in order, so only the item the database refuses fails. */
  async function writeOneByOne(key: number, items: T[], waiters: Array<{ resolve: (r: R) => void; reject: (err: unknown) => void }>) {
    for (let i = 0; i < items.length; i++) {
      try {
        const [out] = await write(key, [items[i]]);
        waiters[i].resolve(out);
      } catch (err) {
        waiters[i].reject(err);
      }
    }
  }

  async function drain(key: number) {
    const q = queues.get(key)!;
    while (q.items.length) {
      const items = q.items.splice(0, max);
      const waiters = q.waiters.splice(0, items.length);
      try {
        const out = await write(key, items);
        waiters.forEach((w, i) => w.resolve(out[i]));
      } catch (err) {
        if (items.length === 1) waiters[0].reject(err);
        else {
          opts.onSplit?.(key, items.length, err);
          await writeOneByOne(key, items, waiters);
        }
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
