import pg from 'pg';

// A throwaway PostgreSQL database for one site run of a bench (BENCH_PG_URL names the server),
// so the site starts from its migrations and leaves nothing behind.

/** Runs one statement on a server outside any database a bench uses (create, drop, a check). */
export async function admin(url: string, statement: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** The PostgreSQL server a bench may use: BENCH_PG_URL, else this machine's own when one answers (trust auth), else null. */
export async function pgServer(fallback = 'postgres://postgres@127.0.0.1:5432/postgres'): Promise<string | null> {
  if (process.env.BENCH_PG_URL) return process.env.BENCH_PG_URL;
  try {
    await admin(fallback, 'select 1');
    return fallback;
  } catch {
    return null;
  }
}

/** A fresh database on BENCH_PG_URL's server, dropped by `drop()`; null without BENCH_PG_URL. */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const server = process.env.BENCH_PG_URL;
  if (!server) return null;
  const name = `ls_bench_${prefix}_${process.pid}_${Date.now()}`;
  await admin(server, `create database ${name}`);
  const u = new URL(server);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(server, `drop database ${name} with (force)`) };
}
