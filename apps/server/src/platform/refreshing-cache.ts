/**
 * A small per-key memory of slow-changing facts read on a hot path (who a chat sender is, whether a
 * room exists), answered from memory and refreshed in the background.
 *
 * Why not a plain expiry: a busy room's senders all expire together, and every message sent in that
 * moment waited for its lookup, queued behind hundreds of others on the database (on embedded PGlite
 * one thread; in a cluster, behind the primary's IPC too): the chat's p99 was those pauses. Here an
 * answer younger than `freshMs` is used as it is; one older (up to `staleMs`) is still used at once
 * while one load refreshes it; only an answer older than that, or none, is waited for. A failed
 * refresh keeps the old answer until `staleMs`; a failed first load is not kept.
 *
 * At most `refreshLimit` refreshes run at once; the others wait their turn. Why: the senders who
 * started talking together go stale together, and 400 refreshes at once were 1,200 statements
 * queued on the embedded database's one thread, about two seconds of it: every message stored
 * meanwhile waited behind them (the cluster bench's chat p99 was those waits, 0.5–1.5 s). Nobody
 * waits for a refresh, so it can go slowly; what a message waits for must not queue behind it.
 */
export function createRefreshingCache<K, V>(opts: { freshMs: number; staleMs: number; max?: number; refreshLimit?: number; now: () => number; load: (key: K) => Promise<V> }) {
  interface Entry {
    at: number;
    value: Promise<V>;
    settled: boolean;
    refreshing: boolean;
  }
  const max = opts.max ?? 20_000;
  const refreshLimit = opts.refreshLimit ?? 2;
  const entries = new Map<K, Entry>();
  /** Refreshes waiting for one of the `refreshLimit` places, oldest first. */
  const waiting: Array<() => void> = [];
  let running = 0;

  function start(key: K, at: number): Entry {
    const e: Entry = { at, value: opts.load(key), settled: false, refreshing: false };
    e.value.then(
      () => void (e.settled = true),
      () => void (entries.get(key) === e && entries.delete(key)),
    );
    entries.set(key, e);
    if (entries.size > max) for (const [k, old] of entries) if (at - old.at >= opts.staleMs) entries.delete(k);
    return e;
  }

  function refresh(key: K, e: Entry) {
    e.refreshing = true;
    const run = () => {
      // Not when the key was dropped or loaded afresh while this waited its turn.
      if (entries.get(key) !== e) return;
      running++;
      opts
        .load(key)
        .then(
          (v) => {
            // Not when the key was dropped or loaded afresh meanwhile.
            if (entries.get(key) === e) entries.set(key, { at: opts.now(), value: Promise.resolve(v), settled: true, refreshing: false });
          },
          () => void (e.refreshing = false),
        )
        .finally(() => {
          running--;
          next();
        });
    };
    waiting.push(run);
    next();
  }
  /** Starts waiting refreshes while there are places (a skipped one takes none). */
  function next() {
    while (running < refreshLimit && waiting.length) waiting.shift()!();
  }

  return {
    get(key: K): Promise<V> {
      const now = opts.now();
      const e = entries.get(key);
      if (e && now - e.at < opts.freshMs) return e.value;
      if (e?.settled && now - e.at < opts.staleMs) {
        if (!e.refreshing) refresh(key, e);
        return e.value;
      }
      return start(key, now).value;
    },
    /** Forgets a key (its fact changed): the next get loads it. */
    delete(key: K) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
