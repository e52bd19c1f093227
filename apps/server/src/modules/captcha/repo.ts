import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchaChallenges } from '../../db/schema/captcha.ts';

/**
 * Every query of the slider captcha. Times come from the service's clock, never the database's
 * now(), so tests can move time. Each state change is one conditional UPDATE, so two requests
 * racing on the same challenge or ticket cannot both win.
 */
export function createCaptchaRepo(db: Db) {
  const c = captchaChallenges;
  return {
    async insert(values: { id: string; gapX: number; gapY: number; expiresAt: Date }) {
      await db.insert(c).values(values);
    },

    /**
     * Counts one try and hands back the gap, or null when the challenge is unknown, already
     * solved, expired or out of tries. The try is counted before the answer is judged, so a bot
     * cannot probe positions for free.
     */
    async takeAttempt(id: string, maxAttempts: number, now: Date) {
      const [row] = await db
        .update(c)
        .set({ attempts: sql`${c.attempts} + 1` })
        .where(and(eq(c.id, id), isNull(c.solvedAt), gt(c.expiresAt, now), lt(c.attempts, maxAttempts)))
        .returning({ gapX: c.gapX, gapY: c.gapY, attempts: c.attempts });
      return row ?? null;
    },

    /** Stores the ticket of a solved challenge; false if another request solved it first. */
    async markSolved(id: string, ticketHash: string, ticketExpiresAt: Date, now: Date) {
      const rows = await db
        .update(c)
        .set({ solvedAt: now, ticketHash, ticketExpiresAt })
        .where(and(eq(c.id, id), isNull(c.solvedAt)))
        .returning({ id: c.id });
      return rows.length === 1;
    },

    /** Spends a ticket: true exactly once, and only before it expires. */
    async useTicket(ticketHash: string, now: Date) {
      const rows = await db
        .update(c)
        .set({ ticketUsedAt: now })
        .where(and(eq(c.ticketHash, ticketHash), isNull(c.ticketUsedAt), gt(c.ticketExpiresAt, now)))
        .returning({ id: c.id });
      return rows.length === 1;
    },

    /** Drops challenges nobody can use any more: the puzzle has expired and so has its ticket, if any. */
    async deleteExpired(now: Date) {
      const rows = await db
        .delete(c)
        .where(and(lte(c.expiresAt, now), or(isNull(c.ticketExpiresAt), lte(c.ticketExpiresAt, now))))
        .returning({ id: c.id });
      return rows.length;
    },

    /** Where the gap is, and the challenge's state: for tests and an admin/debug view, never for the player. */
    async answer(id: string) {
      const [row] = await db.select({ gapX: c.gapX, gapY: c.gapY, attempts: c.attempts, expiresAt: c.expiresAt, solvedAt: c.solvedAt }).from(c).where(eq(c.id, id)).limit(1);
      return row ?? null;
    },
  };
}
export type CaptchaRepo = ReturnType<typeof createCaptchaRepo>;
