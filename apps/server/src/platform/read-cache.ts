import fp from 'fastify-plugin';
import type { Bus } from './bus.ts';

/**
 * Public reads served from memory, kept true by the domain events that change them.
 *
 * A module defines a reader per public call: how an input becomes a key, which tags the answer
 * depends on (`match:12`, `matches:football`, `rooms`, `articles`…) and how to load it from the
 * database. The first request of a key loads it (requests arriving meanwhile share that one load);
 * every later request gets the same `Cached` answer, whose serialized, compressed and ETagged HTTP
 * forms are made once (platform/http-cache.ts). A write that changes what a tag covers drops the
 * tag: `invalidate()` drops it here at once and, through the bus, in every other process;
 * `drop()` drops it here only, for modules whose own domain channel already reaches every process.
 *
 * Why no expiry timer: a timer would serve the old score until it runs out. Entries live until an
 * event drops them. `maxAgeMs` exists only for answers that also depend on the clock (kick-offs
 * "from now", a thumbnail's minute), never as the way data changes are noticed.
 *
 * A load that started before a drop of one of its tags is never stored: the entry is indexed under
 * its tags the moment the load starts, so the drop removes it, and the finished load sees it is no
 * longer the current entry. Requests after the drop start a fresh load.
 */

export const CACHE_CHANNEL = 'cache:drop';

export interface ReadSpec<I, T> {
  /** What makes two inputs the same answer (parsed, normalized input: never the raw query). */
  key(input: I): string;
  /** Tags the answer depends on; dropping any of them drops the entry. */
  tags(input: I): string[];
  load(input: I): Promise<T>;
  /** Only for answers that also depend on the clock; entries older than this are loaded again. */
  maxAgeMs?: number;
  /** Entries kept for this reader (the oldest goes first). */
  max?: number;
  /**
   * How a stored answer takes a change without a reload (see `ReadCache.patch`): the new data,
   * the same object when the change does not touch it, or undefined to drop the entry. Readers
   * without it are dropped by every patch of their tags. `input` is the entry's own (a list of
   * list rows cuts the new rows to its shape).
   */
  patch?(data: T, change: unknown, input: I): T | undefined;
}

export interface Reader<I, T> {
  get(input: I): Promise<Cached<T>>;
}

/** One cached answer: the data, plus its HTTP forms made on first use (see http-cache.ts). */
export class Cached<T> {
  /** The data as the contract serializes it, and the rendered envelopes per language (http-cache.ts). */
  json?: string;
  readonly variants = new Map<string, unknown>();
  /**
   * Set when the answer stops being the one its reader would give (a tag dropped, a patch made a
   * new one, its reader evicted it): copies kept outside the reader (hot-answers.ts) are then stale.
   */
  retired = false;
  constructor(
    readonly data: T,
    readonly at: number,
    /** When a clock-bound answer is due for a reload (`maxAgeMs`); Infinity for the others. */
    readonly until = Infinity,
  ) {}

  /** Still the reader's answer at `now` (same clock as the reader's). */
  current(now: number) {
    return !this.retired && now <= this.until;
  }
}

interface Entry {
  key: string;
  tags: string[];
  at: number;
  until: number;
  value?: Cached<unknown>;
  pending?: Promise<Cached<unknown>>;
  patch?: (data: unknown, change: unknown) => unknown;
}

export interface CacheStats {
  hits: number;
  loads: number;
  drops: number;
  patches: number;
  entries: number;
}

export interface ReadCache {
  define<I, T>(name: string, spec: ReadSpec<I, T>): Reader<I, T>;
  /**
   * Drops the tags here and in every other process (through the bus). With `coalesceMs`, a burst
   * (a gift storm moving the leaderboards) drops here every time but tells the bus at most once per
   * that many ms: at once, and once more at the end of the window if more came meanwhile.
   */
  invalidate(tags: string[], opts?: { coalesceMs?: number }): Promise<void>;
  /** Drops the tags in this process only. */
  drop(tags: string[]): void;
  /**
   * Applies a change to the stored answers under a tag in this process, instead of dropping them:
   * a score that moved inside a cached match list rewrites that list in memory (a new answer, new
   * ETag), so a busy match day does not reload every list from the database at every goal. Each
   * entry's reader decides (`ReadSpec.patch`); an entry still loading is dropped, since its read
   * may predate the change.
   */
  patch(tag: string, change: unknown): void;
  /** Hears other processes' invalidations; returns the unsubscribe. */
  listen(): Promise<() => Promise<void>>;
  stats(): CacheStats;
}

export function createReadCache(deps: { bus: Bus; now?: () => number }): ReadCache {
  const now = deps.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const byTag = new Map<string, Set<Entry>>();
  const stats = { hits: 0, loads: 0, drops: 0, patches: 0 };
  /** Coalescing windows of `invalidate(tags, { coalesceMs })`, per tag list. */
  const windows = new Map<string, { again: boolean }>();

  function remove(e: Entry) {
    if (e.value) e.value.retired = true;
    if (entries.get(e.key) === e) entries.delete(e.key);
    for (const t of e.tags) {
      const set = byTag.get(t);
      if (!set) continue;
      set.delete(e);
      if (!set.size) byTag.delete(t);
    }
  }

  function drop(tags: string[]) {
    for (const t of tags) {
      const set = byTag.get(t);
      if (!set) continue;
      stats.drops += set.size;
      for (const e of [...set]) remove(e);
    }
  }

  return {
    define<I, T>(name: string, spec: ReadSpec<I, T>): Reader<I, T> {
      const max = spec.max ?? 500;
      const mine = new Set<Entry>();
      return {
        get(input: I): Promise<Cached<T>> {
          const key = `${name}\u0000${spec.key(input)}`;
          const found = entries.get(key);
          if (found) {
            const fresh = spec.maxAgeMs === undefined || now() - found.at <= spec.maxAgeMs;
            if (found.value && fresh) {
              stats.hits++;
              return Promise.resolve(found.value as Cached<T>);
            }
            if (found.pending && fresh) return found.pending as Promise<Cached<T>>;
            remove(found);
            mine.delete(found);
          }
          // Keep the reader within its size: the oldest entries go first.
          if (mine.size >= max) {
            for (const old of mine) {
              remove(old);
              mine.delete(old);
              if (mine.size < max) break;
            }
          }
          const patch = spec.patch;
          const at = now();
          const entry: Entry = {
            key,
            tags: spec.tags(input),
            at,
            until: spec.maxAgeMs === undefined ? Infinity : at + spec.maxAgeMs,
            patch: patch && ((data, change) => patch(data as T, change, input)),
          };
          entries.set(key, entry);
          mine.add(entry);
          for (const t of entry.tags) {
            let set = byTag.get(t);
            if (!set) byTag.set(t, (set = new Set()));
            set.add(entry);
          }
          stats.loads++;
          entry.pending = spec.load(input).then(
            (data) => {
              const value = new Cached(data, entry.at, entry.until);
              entry.pending = undefined;
              // Dropped (or replaced) while loading: answer the waiting requests, keep nothing, and
              // say so to anyone who would keep the answer (it may predate the change).
              if (entries.get(key) === entry) entry.value = value;
              else {
                value.retired = true;
                mine.delete(entry);
              }
              return value;
            },
            (err) => {
              remove(entry);
              mine.delete(entry);
              throw err;
            },
          );
          return entry.pending as Promise<Cached<T>>;
        },
      };
    },

    async invalidate(tags, opts) {
      if (!tags.length) return;
      drop(tags);
      const publish = () => deps.bus.publish(CACHE_CHANNEL, JSON.stringify(tags));
      if (!opts?.coalesceMs) return publish();
      const k = tags.join('\n');
      const open = windows.get(k);
      if (open) return void (open.again = true);
      const state = { again: false };
      windows.set(k, state);
      const close = () => {
        if (!state.again) return void windows.delete(k);
        state.again = false;
        publish().catch(() => undefined);
        setTimeout(close, opts.coalesceMs).unref();
      };
      setTimeout(close, opts.coalesceMs).unref();
      await publish();
    },

    drop,

    patch(tag, change) {
      const set = byTag.get(tag);
      if (!set) return;
      for (const e of [...set]) {
        const next = e.value && e.patch ? e.patch(e.value.data, change) : undefined;
        if (next === undefined) {
          stats.drops++;
          remove(e);
        } else if (next !== e.value!.data) {
          stats.patches++;
          e.value!.retired = true;
          e.value = new Cached(next, e.at, e.until);
        }
      }
    },

    listen() {
      return deps.bus.subscribe(CACHE_CHANNEL, (raw) => {
        try {
          const tags = JSON.parse(raw) as unknown;
          if (Array.isArray(tags)) drop(tags.filter((t): t is string => typeof t === 'string'));
        } catch {
          // Not ours: ignore.
        }
      });
    },

    stats: () => ({ ...stats, entries: entries.size }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Public reads kept in memory and dropped by domain events. */
    readCache: ReadCache;
  }
}

/** `app.readCache`, hearing other processes' drops from the start. */
export const readCachePlugin = fp(
  async (app) => {
    const cache = createReadCache({ bus: app.bus });
    app.decorate('readCache', cache);
    const unlisten = await cache.listen();
    app.addHook('onClose', async () => void (await unlisten().catch(() => undefined)));
  },
  { name: 'read-cache', dependencies: ['bus'] },
);
