import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { type SlowQuery, startPgliteThread } from './pglite-thread.ts';
import { type SqlClient, type SqlReply, type SqlRequest, createSqlClient } from './sql-link.ts';

/** Either engine behind one Drizzle type: repos never know which one they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export { schema };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * The embedded database's own client, when this process opened it: the process that owns it
   * answers the other processes' SQL with it (db/sql-link.ts, WORKERS > 1).
   */
  raw?: SqlClient;
  /**
   * Takes the embedded database thread's answers that are already back, without waiting for a
   * turn of the event loop (db/pglite-thread.ts says why); absent on PostgreSQL, whose answers
   * come on sockets the loop reads in turn.
   */
  collectReplies?(): void;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Statements slower than this are logged with their SQL. */
export const SLOW_QUERY_MS = 20;

type PgQuery = (...args: unknown[]) => unknown;
/** Times the promise form of a node-postgres `query` (the callback form is the pool's own inner call). */
function timed(query: PgQuery, onSlow: (q: SlowQuery) => void): PgQuery {
  return function (this: unknown, ...args: unknown[]) {
    const out = query.apply(this, args);
    if (typeof args.at(-1) === 'function' || !(out instanceof Promise)) return out;
    const started = performance.now();
    const a0 = args[0] as string | { text?: string };
    out.then(
      () => {
        const ms = performance.now() - started;
        if (ms > SLOW_QUERY_MS) onSlow({ ms: Math.round(ms), sql: typeof a0 === 'string' ? a0 : (a0?.text ?? '') });
      },
      () => undefined,
    );
    return out;
  };
}

/**
 * PostgreSQL when a URL is given, else embedded PGlite in `<dataDir>/pglite`, in its own thread
 * (db/pglite-thread.ts) so a query never stops the server's sockets and requests.
 * The same migrations run at start on both, so the schema is one. Statements over 20 ms go to
 * `onSlowQuery` with their SQL.
 */
export async function openDatabase(opts: { url?: string; dataDir: string; migrate?: boolean; poolSize?: number; onSlowQuery?: (q: SlowQuery) => void }): Promise<Database> {
  // Migrating a fresh database is slow by nature (DDL, backfills): those statements are not the
  // slow queries the log is for, and they filled every test server's start-up log with warnings.
  let migrating = opts.migrate !== false;
  const report = opts.onSlowQuery;
  const onSlowQuery = report && ((q: SlowQuery) => void (migrating || report(q)));
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // bigint columns come back as numbers; amounts stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    const onSlow = onSlowQuery;
    if (onSlow) {
      // Plain statements (pool.query) and transactions' statements (a checked-out client's query).
      pool.query = timed(pool.query as PgQuery, onSlow) as typeof pool.query;
      pool.on('connect', (c) => void (c.query = timed(c.query as PgQuery, onSlow) as typeof c.query));
    }
    const db = drizzle(pool, { schema }) as unknown as Db;
    if (opts.migrate !== false) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db as never, { migrationsFolder });
      migrating = false;
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = path.join(opts.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const client = await startPgliteThread(dir, onSlowQuery, SLOW_QUERY_MS);
  const db = drizzle({ client: client as never, schema }) as unknown as Db;
  if (opts.migrate !== false) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as never, { migrationsFolder });
    migrating = false;
  }
  return { db, kind: 'pglite', close: () => client.close(), raw: client, collectReplies: client.collectReplies };
}

/**
 * The embedded database of another process (the one that opened it), reached over a message
 * channel: `send` delivers a request and resolves with the reply (db/sql-link.ts). No migrations:
 * the owner ran them before any other process started.
 */
export async function openLinkedDatabase(send: (req: SqlRequest) => Promise<SqlReply>): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = createSqlClient(send);
  await client.query('select 1');
  const db = drizzle({ client: client as never, schema }) as unknown as Db;
  return { db, kind: 'pglite', close: async () => undefined };
}

/** The parsers Drizzle gives PGlite (dates and intervals kept as text), for a server of the SQL link. */
export async function pgliteTextParsers(): Promise<Record<number, (v: string) => unknown>> {
  const { types } = await import('@electric-sql/pglite');
  const keep = (v: string) => v;
  // timestamp, timestamptz, interval, date, and the arrays numeric[], timestamp[], timestamptz[], interval[], date[]
  return Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [t, keep]));
}
