import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { follows } from '../../db/schema/social.ts';
import { likePattern } from './tokenize.ts';

// People are found by nickname substring (short names, any script; LIKE needs no tokenizer).
// Headlines and posts are found through their full-text vectors in the content repo.
export function createSearchRepo(db: Db) {
  return {
    /** Ids of people whose nickname contains `name`: exact names first, then prefixes, then by fans. */
    async people(name: string, opts: { anchorsOnly: boolean; limit: number; offset: number }) {
      const pattern = likePattern(name);
      const where = and(eq(users.status, 1), sql`${users.nickname} ilike ${pattern} escape '\\'`, opts.anchorsOnly ? eq(users.isAnchor, 1) : undefined);
      const fans = sql`(select count(distinct ${follows.followerId}) from ${follows} where ${follows.followeeId} = ${users.id})`;
      const [rows, [{ n }]] = await Promise.all([
        db
          .select({ id: users.id })
          .from(users)
          .where(where)
          .orderBy(sql`lower(${users.nickname}) = lower(${name}) desc`, sql`lower(${users.nickname}) like lower(${likePattern(name).slice(1)}) escape '\\' desc`, desc(fans), desc(users.id))
          .limit(opts.limit)
          .offset(opts.offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { ids: rows.map((r) => r.id), total: n };
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;
