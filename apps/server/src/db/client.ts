import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

/** Either engine behind one Drizzle type: repos never know which one they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export { schema };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL when a URL is given, else embedded PGlite in `<dataDir>/pglite`.
 * The same migrations run at start on both, so the schema is one.
 */
export async function openDatabase(opts: { url?: string; dataDir: string; migrate?: boolean; poolSize?: number }): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // bigint columns come back as numbers; amounts stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    const db = drizzle(pool, { schema }) as unknown as Db;
    if (opts.migrate !== false) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db as never, { migrationsFolder });
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = path.join(opts.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  if (opts.migrate !== false) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as never, { migrationsFolder });
  }
  return { db, kind: 'pglite', close: () => client.close() };
}
