import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailCodes, loginAttempts, sessions, users } from '../../db/schema/account.ts';
import { uploads } from '../../db/schema/content.ts';
import { wallets } from '../../db/schema/economy.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Every query of the account domain. Methods take an optional transaction. */
export function createAccountRepo(db: Db) {
  return {
    async findByEmail(email: string, tx: Db = db) {
      const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },
    async findById(id: number, tx: Db = db) {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
    async findByInviteCode(code: string) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code.toUpperCase())).limit(1);
      return row ?? null;
    },
    async findByGoogleSub(sub: string) {
      const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
      return row ?? null;
    },
    async nicknameTaken(nickname: string, exceptUserId?: number) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.nickname}) = lower(${nickname})`)
        .limit(1);
      return rows.length > 0 && rows[0].id !== exceptUserId;
    },
    /** A user and both empty wallets, in one transaction. */
    async createUser(values: NewUser) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values(values).returning();
        await tx.insert(wallets).values([
          { userId: row.id, kind: 'consumption', balance: 0 },
          { userId: row.id, kind: 'income', balance: 0 },
        ]);
        return row;
      });
    },
    async updateUser(id: number, values: Partial<NewUser>) {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return row;
    },
    async balances(userId: number) {
      const rows = await db.select({ kind: wallets.kind, balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId));
      return {
        consumption: rows.find((r) => r.kind === 'consumption')?.balance ?? 0,
        income: rows.find((r) => r.kind === 'income')?.balance ?? 0,
      };
    },

    async createSession(values: typeof sessions.$inferInsert) {
      const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
      return row;
    },
    async findSession(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ sessionId: sessions.id, userId: users.id, isAnchor: users.isAnchor, isAdmin: users.isAdmin, isModerator: users.isModerator, status: users.status })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
        .limit(1);
      return row ?? null;
    },
    /**
     * Numbers one login to an account before its password is checked (atomic per row): allowed
     * unless a lock is running; the attempt that reaches `max` starts a lock at once, growing with
     * each further attempt (1, 2, 4… up to 60 minutes), which a right password then lifts.
     */
    async claimLogin(email: string, max: number, now: Date): Promise<{ allowed: boolean; lockedUntil: Date | null; failures: number }> {
      const t = loginAttempts;
      const at = sql`${now.toISOString()}::timestamptz`;
      for (let i = 0; i < 3; i++) {
        const [row] = await db
          .update(t)
          .set({
            failures: sql`${t.failures} + 1`,
            lockedUntil: sql`case when ${t.failures} + 1 >= ${max} then ${at} + make_interval(mins => least(60, power(2, ${t.failures} + 1 - ${max})::int)) else null end`,
          })
          .where(and(eq(t.email, email), or(isNull(t.lockedUntil), lte(t.lockedUntil, at))))
          .returning();
        if (row) return { allowed: true, lockedUntil: row.lockedUntil, failures: row.failures };
        const fresh = await db.insert(t).values({ email, failures: 0 }).onConflictDoNothing().returning();
        if (fresh.length) continue;
        const [locked] = await db.select().from(t).where(eq(t.email, email)).limit(1);
        if (locked?.lockedUntil && locked.lockedUntil > now) return { allowed: false, lockedUntil: locked.lockedUntil, failures: locked.failures };
      }
      return { allowed: false, lockedUntil: null, failures: max };
    },
    async clearLogin(email: string) {
      await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
    },
    /** Whether `url` is a finished picture upload of this user (an avatar must be their own file). */
    async ownPicture(url: string, userId: number) {
      const [row] = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.url, url), eq(uploads.userId, userId), inArray(uploads.kind, ['avatar', 'image', 'cover'])))
        .limit(1);
      return !!row;
    },
    /** Whether a session is open (not ended, not expired) for an active user. */
    async sessionActive(id: number, userId: number, now: Date) {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId), gt(sessions.expiresAt, now), eq(users.status, 1)))
        .limit(1);
      return !!row;
    },
    async deleteSession(id: number) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    /** Ends every session of a user, but `keep` (the one changing the password) when given. */
    async deleteSessionsOf(userId: number, keep?: number) {
      await db.delete(sessions).where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
    },

    async latestCode(email: string, purpose: number) {
      const [row] = await db
        .select()
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
        .orderBy(desc(emailCodes.createdAt))
        .limit(1);
      return row ?? null;
    },
    async insertCode(values: typeof emailCodes.$inferInsert) {
      await db.insert(emailCodes).values(values);
    },
    async deleteCode(id: number) {
      await db.delete(emailCodes).where(eq(emailCodes.id, id));
    },
    /** Marks a code used; false when someone else used it first (codes are single-use). */
    async useCode(id: number, now: Date) {
      const rows = await db
        .update(emailCodes)
        .set({ usedAt: now })
        .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
        .returning({ id: emailCodes.id });
      return rows.length === 1;
    },
    /**
     * Numbers one guess at a code before it is compared, in one statement (parallel guesses each
     * get their own number); the guess after the last allowed one uses the code up. Returns the
     * guess's number, or null when the code was already used.
     */
    async claimCodeAttempt(id: number, maxAttempts: number, now: Date): Promise<number | null> {
      const [row] = await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1`, usedAt: sql`case when ${emailCodes.attempts} + 1 > ${maxAttempts} then ${now.toISOString()}::timestamptz else ${emailCodes.usedAt} end` })
        .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
        .returning({ attempts: emailCodes.attempts });
      return row ? row.attempts : null;
    },
    /** After the last allowed guess was wrong, the code is spent. */
    async spendCode(id: number, now: Date) {
      await db
        .update(emailCodes)
        .set({ usedAt: now })
        .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)));
    },
  };
}
export type AccountRepo = ReturnType<typeof createAccountRepo>;
