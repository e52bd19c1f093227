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
 *
 * With `loadMany`, keys load together: first loads asked in the same turn of the event loop go in
 * one call (or within `firstGatherMs`, when a first answer may wait that long), and refreshes wait `refreshGatherMs` for others to join them (up to `batchMax` keys a
 * call). Why: even two at a time, 400 chat senders' refreshes were 1,200 statements every 10 s, a
 * fifth of the embedded database's thread in the cluster bench; gathered for 100 ms they are a few
 * dozen.
 */
export function createRefreshingCache<K, V>(opts: {
  freshMs: number;
  staleMs: number;
  max?: number;
  refreshLimit?: number;
  now: () => number;
  load?: (key: K) => Promise<V>;
  /** Values of several keys, in the keys' order. */
  loadMany?: (keys: K[]) => Promise<V[]>;
  refreshGatherMs?: number;
  /** How long a first load waits for others to join it (default: the end of this turn of the event loop). */
  firstGatherMs?: number;
  batchMax?: number;
}) {
  interface Entry {
    at: number;
    value: Promise<V>;
    settled: boolean;
    refreshing: boolean;
  }
  const max = opts.max ?? 20_000;
  const refreshLimit = opts.refreshLimit ?? 2;
  const batchMax = opts.loadMany ? (opts.batchMax ?? 100) : 1;
  const entries = new Map<K, Entry>();
  /** Refreshes waiting for one of the `refreshLimit` places, oldest first. */
  const waiting: Array<{ key: K; e: Entry }> = [];
  let running = 0;
  let gathering: NodeJS.Timeout | null = null;

  /** Loads `keys` in calls of at most batchMax; a value per key, in order. */
  function loadKeys(keys: K[]): Array<Promise<V>> {
    if (!opts.loadMany) return keys.map((k) => opts.load!(k));
    const out: Array<Promise<V>> = [];
    for (let i = 0; i < keys.length; i += batchMax) {
      const part = keys.slice(i, i + batchMax);
      // A load that throws at once fails its keys like one that rejects.
      const values = Promise.resolve(part).then(opts.loadMany);
      part.forEach((_, j) => out.push(values.then((v) => v[j])));
    }
    return out;
  }

  /** First loads asked in this turn (loadMany only), started together at its end. */
  let asked: Array<{ key: K; resolve: (v: Promise<V>) => void }> = [];
  function loadSoon(key: K): Promise<V> {
    if (!opts.loadMany) return opts.load!(key);
    if (!asked.length) {
      const go = () => {
        const batch = asked;
        asked = [];
        loadKeys(batch.map((b) => b.key)).forEach((v, i) => batch[i].resolve(v));
      };
      if (opts.firstGatherMs) setTimeout(go, opts.firstGatherMs);
      else setImmediate(go);
    }
    return new Promise<V>((resolve) => asked.push({ key, resolve }));
  }

  function start(key: K, at: number): Entry {
    const e: Entry = { at, value: loadSoon(key), settled: false, refreshing: false };
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
    waiting.push({ key, e });
    if (!opts.refreshGatherMs) return next();
    gathering ??= setTimeout(() => {
      gathering = null;
      next();
    }, opts.refreshGatherMs);
  }

  /** Starts waiting refreshes, up to batchMax keys a load, while there are places. */
  function next() {
    while (running < refreshLimit && waiting.length) {
      // Not those dropped or loaded afresh while they waited their turn.
      const batch = waiting.splice(0, batchMax).filter(({ key, e }) => entries.get(key) === e);
      if (!batch.length) continue;
      running++;
      const values = loadKeys(batch.map((b) => b.key));
      void Promise.allSettled(values).then((results) => {
        results.forEach((r, i) => {
          const { key, e } = batch[i];
          if (r.status === 'rejected') return void (e.refreshing = false);
          // Not when the key was dropped or loaded afresh meanwhile.
          if (entries.get(key) === e) entries.set(key, { at: opts.now(), value: Promise.resolve(r.value), settled: true, refreshing: false });
        });
        running--;
        next();
      });
    }
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
