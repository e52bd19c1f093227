import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthStates } from '../../db/schema/account.ts';

export type OAuthStateRow = typeof oauthStates.$inferSelect;

/** Pending OpenID Connect logins (state → PKCE verifier, nonce, redirect). */
export function createOAuthStateRepo(db: Db) {
  return {
    async create(values: typeof oauthStates.$inferInsert) {
      await db.insert(oauthStates).values(values);
    },
    /**
     * Deletes and returns the row in one statement, so two callbacks racing with the same
     * state cannot both succeed: whoever deletes it owns it. Expired rows are not returned.
     */
    async take(state: string, provider: string, now: Date): Promise<OAuthStateRow | null> {
      const [row] = await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.state, state), eq(oauthStates.provider, provider)))
        .returning();
      return row && row.expiresAt > now ? row : null;
    },
    /** Drops abandoned logins; called on each start so the table cannot grow without bound. */
    async purgeExpired(now: Date) {
      await db.delete(oauthStates).where(lte(oauthStates.expiresAt, now));
    },
  };
}
