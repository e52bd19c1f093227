import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { type NobleTier, wealthLevel } from '@livesports/contracts/economy';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/account.ts';
import { nobleMemberships } from '../../db/schema/economy.ts';

/** What money screens and room events show of a person. */
export interface Person {
  id: number;
  user_nickname: string;
  avatar: string;
  is_anchor: number;
  wealth_exp: number;
  wealth_level: number;
  noble: NobleTier | null;
}

/** The economy's reads of users (owned by the account domain) and its one write: wealth experience. */
export function createPeopleRepo(db: Db) {
  return {
    async find(id: number, tx: Db = db) {
      const [row] = await tx
        .select({
          id: users.id,
          nickname: users.nickname,
          avatar: users.avatar,
          isAnchor: users.isAnchor,
          wealthExp: users.wealthExp,
          invitedBy: users.invitedBy,
          inviteCode: users.inviteCode,
          paymentPasswordHash: users.paymentPasswordHash,
        })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row ?? null;
    },

    /** People by id with their wealth level and active noble tier, in one query. */
    async people(ids: number[], now: Date, tx: Db = db): Promise<Map<number, Person>> {
      const map = new Map<number, Person>();
      if (!ids.length) return map;
      const rows = await tx
        .select({ id: users.id, nickname: users.nickname, avatar: users.avatar, isAnchor: users.isAnchor, wealthExp: users.wealthExp, tier: nobleMemberships.tier })
        .from(users)
        .leftJoin(nobleMemberships, and(eq(nobleMemberships.userId, users.id), gt(nobleMemberships.expiresAt, now)))
        .where(inArray(users.id, [...new Set(ids)]));
      for (const r of rows)
        map.set(r.id, {
          id: r.id,
          user_nickname: r.nickname,
          avatar: r.avatar,
          is_anchor: r.isAnchor ? 1 : 0,
          wealth_exp: r.wealthExp,
          wealth_level: wealthLevel(r.wealthExp),
          noble: (r.tier as NobleTier | null) ?? null,
        });
      return map;
    },

    /** The session is still open and its account enabled (routes that may answer from the auth cache re-check). */
    async sessionOpen(userId: number, sessionId: number, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, now), eq(users.status, 1)))
        .limit(1);
      return row !== undefined;
    },

    /** 1 coin spent = 1 wealth point (spec §9); both in tenths. Returns the new total. */
    async addWealth(tx: Db, userId: number, tenths: number): Promise<number> {
      const [row] = await tx
        .update(users)
        .set({ wealthExp: sql`${users.wealthExp} + ${tenths}` })
        .where(eq(users.id, userId))
        .returning({ exp: users.wealthExp });
      return Number(row.exp);
    },

    async invitedBy(inviterId: number, limit: number) {
      return db
        .select({ id: users.id, nickname: users.nickname, avatar: users.avatar, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.invitedBy, inviterId))
        .orderBy(sql`${users.id} desc`)
        .limit(limit);
    },

    async invitedIds(inviterId: number) {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.invitedBy, inviterId));
      return rows.map((r) => r.id);
    },
  };
}
export type PeopleRepo = ReturnType<typeof createPeopleRepo>;

export const brief = (p: { id: number; user_nickname: string; avatar: string }) => ({ id: p.id, user_nickname: p.user_nickname, avatar: p.avatar });
