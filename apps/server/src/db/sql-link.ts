/**
 * SQL over a message channel: how a process that cannot open the embedded database (PGlite opens
 * its data directory in one process only) runs its queries in the process that owns it.
 *
 * The client side has the small part of PGlite's client that Drizzle uses — `query(sql, params,
 * options)` and `transaction(fn)` — so `drizzle-orm/pglite` runs on it unchanged; every call
 * becomes a request, answered by `createSqlServer` on the owner's side against the database
 * itself. A transaction is held open on the owner while `fn` runs on the client, its queries carry
 * its id, and the embedded database runs it alone, as it would in one process. The client names
 * the transaction and does not wait for `begin` before its first query: the owner takes requests in
 * the order they were sent, so the query waits there for the transaction to open. Why: every wait
 * for an answer is a turn of the client's event loop, and on a loaded server (a match-day crowd) a
 * turn is tens of milliseconds; a transaction of lock, insert, update and commit was five of
 * them, now four. The protocol is the
 * one of a database thread (query / begin / end / ready), so the same requests work between
 * threads and between processes; with `serialization: 'advanced'` rows keep their types (bigint,
 * bytes) across processes.
 */

export type SqlRequest =
  | { op: 'query'; tx?: number; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; keepText?: boolean }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'ready' };

export type SqlReply = { ok: true; result?: unknown } | { ok: false; error: Record<string, unknown> };

export interface SqlResult {
  rows: unknown[];
  fields: unknown[];
  affectedRows?: number;
}
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: unknown };

/** What Drizzle's PGlite driver needs of a client (PGlite itself is one). */
export interface SqlClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<SqlResult>;
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
}

/** A database error rebuilt with its fields (code, constraint…), as callers check them. */
function toError(e: Record<string, unknown>): Error {
  return Object.assign(new Error(String(e.message ?? 'database error')), e);
}

/** The client side: `send` delivers one request and resolves with its reply. */
export function createSqlClient(send: (req: SqlRequest) => Promise<SqlReply>): SqlClient {
  let nextTx = 1;
  async function ask<T>(req: SqlRequest): Promise<T> {
    const reply = await send(req);
    if (!reply.ok) throw toError(reply.error);
    return reply.result as T;
  }
  const client = (tx?: number): SqlClient => ({
    // Drizzle passes parsers that keep dates and intervals as text (it parses them itself): the
    // owner applies the same ones, as functions do not travel.
    query: (sql, params = [], options = {}) => ask<SqlResult>({ op: 'query', tx, sql, params, rowMode: options.rowMode, keepText: options.parsers !== undefined }),
    async transaction<T>(fn: (t: SqlClient) => Promise<T>): Promise<T> {
      // Drizzle nests with savepoints on the transaction's own client; a second level never comes here.
      if (tx) return fn(client(tx));
      const id = nextTx++;
      // Not awaited before fn's first query (see the top of this file); its failure is the one reported.
      const begun = ask({ op: 'begin', tx: id });
      begun.catch(() => undefined);
      let result: T;
      try {
        result = await fn(client(id));
      } catch (err) {
        await ask({ op: 'end', tx: id, commit: false }).catch(() => undefined);
        await begun;
        throw err;
      }
      await begun;
      await ask({ op: 'end', tx: id, commit: true });
      return result;
    },
  });
  return client();
}

/** A database error as a plain object (code, constraint… survive; an Error's own fields would not). */
function plainError(err: unknown): Record<string, unknown> {
  const e = (err ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { message: String((e as { message?: unknown }).message ?? err) };
  for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

interface OpenTx {
  tx: SqlClient | null;
  end: (commit: boolean) => void;
  /** Settles once the transaction is open (or could not begin: then `done` says why). */
  opened: Promise<void>;
  done: Promise<SqlReply>;
  owner: unknown;
}

/**
 * The owner's side: answers requests against the database (`target`, PGlite or anything with its
 * client's shape). `keepText` are the parsers that keep dates and intervals as text. Transactions
 * belong to the `owner` that began them (a process), so `dropOwner` can roll back those of a
 * process that went away mid-transaction, and the database is not held by the dead.
 */
export function createSqlServer(target: SqlClient, keepText: Record<number, (v: string) => unknown>) {
  /** Open transactions by owner and the id their client gave them. */
  const txs = new Map<string, OpenTx>();
  /** Owners that went away: a transaction of theirs still waiting to begin is rolled back as it starts. */
  const gone = new Set<unknown>();
  /** A number per owner (each owner's client numbers its transactions from 1); never reused. */
  const owners = new Map<unknown, number>();
  let lastOwner = 0;
  const keyOf = (owner: unknown, tx: number) => {
    let n = owners.get(owner);
    if (n === undefined) owners.set(owner, (n = ++lastOwner));
    return `${n}:${tx}`;
  };

  /** Registers the transaction at once (its queries may follow before it opens), then waits for it to open. */
  async function begin(owner: unknown, id: number): Promise<SqlReply> {
    const key = keyOf(owner, id);
    let opened!: () => void;
    const started = new Promise<void>((r) => (opened = r));
    const entry: OpenTx = { tx: null, end: () => undefined, opened: started, done: Promise.resolve({ ok: true }), owner };
    entry.done = target
      .transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            entry.tx = tx;
            entry.end = (commit) => (commit ? resolve() : reject(Object.assign(new Error('rollback'), { rollback: true })));
            if (gone.has(owner)) entry.end(false);
            opened();
          }),
      )
      .then(
        (): SqlReply => ({ ok: true }),
        (err): SqlReply => ((err as { rollback?: boolean })?.rollback ? { ok: true } : { ok: false, error: plainError(err) }),
      )
      .finally(() => txs.delete(key));
    entry.opened = Promise.race([started, entry.done.then(() => undefined)]);
    txs.set(key, entry);
    // The database runs one transaction at a time: this waits while another holds it.
    await entry.opened;
    if (!entry.tx) return (await entry.done).ok ? { ok: false, error: { message: 'transaction did not start' } } : entry.done;
    return { ok: true, result: id };
  }

  /** The transaction a request names, once it is open; null when it is over or never began. */
  async function openTx(owner: unknown, id: number) {
    const t = txs.get(keyOf(owner, id));
    if (!t) return null;
    await t.opened;
    return t;
  }

  async function handle(req: SqlRequest, owner: unknown): Promise<SqlReply> {
    try {
      switch (req.op) {
        case 'query': {
          const on = req.tx ? (await openTx(owner, req.tx))?.tx : target;
          if (!on) throw new Error('transaction is over');
          const res = await on.query(req.sql, req.params, { rowMode: req.rowMode ?? 'object', ...(req.keepText ? { parsers: keepText } : {}) });
          return { ok: true, result: { rows: res.rows, fields: res.fields, affectedRows: res.affectedRows } };
        }
        case 'begin':
          return await begin(owner, req.tx);
        case 'end': {
          const t = await openTx(owner, req.tx);
          if (!t) return { ok: true };
          t.end(req.commit);
          return await t.done;
        }
        case 'ready':
          return { ok: true };
      }
    } catch (err) {
      return { ok: false, error: plainError(err) };
    }
  }

  return {
    handle,
    /** Rolls back every transaction `owner` left open (it went away). */
    async dropOwner(owner: unknown) {
      gone.add(owner);
      const open = [...txs.values()].filter((t) => t.owner === owner);
      for (const t of open) t.end(false);
      await Promise.all(open.map((t) => t.done));
      owners.delete(owner);
    },
    get openTransactions() {
      return txs.size;
    },
  };
}
export type SqlServer = ReturnType<typeof createSqlServer>;
