/**
 * The database error of a given SQLSTATE in `err` or its causes, when there is one. Both drivers
 * (node-postgres, PGlite) put `code` and `constraint` on their errors; Drizzle wraps them as the
 * `cause` of its own.
 */
export function sqlErrorOf(err: unknown, code: string): { code: string; constraint?: string } | undefined {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === code) return e as { code: string; constraint?: string };
  }
  return undefined;
}
