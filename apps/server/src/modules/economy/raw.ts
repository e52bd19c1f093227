import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Runs a hand-written statement and returns its rows. Both drivers (node-postgres and PGlite)
 * answer `execute` with `{ rows }`; the shared `Db` type cannot say so, hence the one cast here.
 */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
