import { and, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/account.ts';
import { articles, comments, contentReports, posts } from '../../db/schema/content.ts';
import { rechargeOrders, wallets, withdrawals } from '../../db/schema/economy.ts';
import { liveRecords, liveRooms } from '../../db/schema/live.ts';

/**
 * What the console shows about one account, read straight from the domains' tables (read only, as
 * the console's queue counts are): money, orders, withdrawals, the room, reports against them.
 */
export function createConsoleUsersRepo(db: Db) {
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  /** Reports whose target the user wrote (post, comment, article) or owns (their room). */
  const againstUser = (userId: number) =>
    or(
      and(eq(contentReports.targetType, 'post'), inArray(contentReports.targetId, db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, userId)))),
      and(eq(contentReports.targetType, 'comment'), inArray(contentReports.targetId, db.select({ id: comments.id }).from(comments).where(eq(comments.userId, userId)))),
      and(eq(contentReports.targetType, 'article'), inArray(contentReports.targetId, db.select({ id: articles.id }).from(articles).where(eq(articles.authorId, userId)))),
      and(eq(contentReports.targetType, 'room'), eq(contentReports.targetId, userId)),
    )!;

  return {
    /** By exact id (digits), part of the nickname, or part of the e-mail (when `email` is allowed). */
    async search(q: string, email: boolean, page: number, limit: number) {
      const where: SQL[] = [];
      if (q) {
        const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const parts: SQL[] = [ilike(users.nickname, like)];
        if (/^\d{1,9}$/.test(q)) parts.push(eq(users.id, Number(q)));
        if (email) parts.push(ilike(users.email, like));
        where.push(or(...parts)!);
      }
      const cond = where.length ? and(...where) : undefined;
      // An exact id first, then the newest accounts.
      const order = /^\d{1,9}$/.test(q) ? [sql`case when ${users.id} = ${Number(q)} then 0 else 1 end`, desc(users.id)] : [desc(users.id)];
      const [list, [{ total }]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(cond)
          .orderBy(...order)
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(users).where(cond),
      ]);
      return { list, total };
    },
    async user(id: number) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
    async person(id: number | null) {
      if (id == null) return null;
      const [row] = await db.select({ id: users.id, nickname: users.nickname, avatar: users.avatar }).from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
    async openSessions(userId: number, now: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
      return row.n;
    },
    async counts(userId: number) {
      const [[p], [c], [a], [r]] = await Promise.all([
        db.select({ n: count() }).from(posts).where(eq(posts.authorId, userId)),
        db.select({ n: count() }).from(comments).where(eq(comments.userId, userId)),
        db.select({ n: count() }).from(articles).where(eq(articles.authorId, userId)),
        db.select({ n: count() }).from(contentReports).where(againstUser(userId)),
      ]);
      return { posts: p.n, comments: c.n, articles: a.n, reports_against: r.n };
    },

    async wallets(userId: number) {
      const list = await db.select({ kind: wallets.kind, balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId));
      return { consumption: list.find((w) => w.kind === 'consumption')?.balance ?? 0, income: list.find((w) => w.kind === 'income')?.balance ?? 0 };
    },
    /** Every movement in or out of the user's wallets, newest first (a movement between their own two wallets shows twice). */
    async ledger(userId: number, page: number, limit: number) {
      type Line = { id: string; op_id: string; kind: string; wallet: string; amount: string; balance_after: string | null; counterpart: string; room_id: number | null; created_at: string | Date };
      const lines = sql`
        select e.id, e.op_id, o.kind, e.from_account as wallet, -e.amount as amount, e.from_balance_after as balance_after,
               e.to_account || coalesce(':' || e.to_user_id, '') as counterpart, e.room_id, e.created_at
          from ledger_entries e join ledger_ops o on o.id = e.op_id where e.from_user_id = ${userId}
        union all
        select e.id, e.op_id, o.kind, e.to_account, e.amount, e.to_balance_after,
               e.from_account || coalesce(':' || e.from_user_id, ''), e.room_id, e.created_at
          from ledger_entries e join ledger_ops o on o.id = e.op_id where e.to_user_id = ${userId}`;
      const [list, [{ total }]] = await Promise.all([
        rows<Line>(sql`select * from (${lines}) l order by id desc, amount asc limit ${limit} offset ${(page - 1) * limit}`),
        rows<{ total: string }>(sql`select count(*) as total from (${lines}) l`),
      ]);
      return {
        list: list.map((l) => ({
          id: Number(l.id),
          op_id: Number(l.op_id),
          kind: l.kind,
          wallet: l.wallet as 'consumption' | 'income',
          amount: Number(l.amount),
          balance_after: l.balance_after == null ? null : Number(l.balance_after),
          counterpart: l.counterpart,
          room_id: l.room_id == null ? null : Number(l.room_id),
          created_at: new Date(l.created_at).toISOString(),
        })),
        total: Number(total),
      };
    },
    async orders(userId: number, page: number, limit: number) {
      const [list, [{ total }]] = await Promise.all([
        db
          .select()
          .from(rechargeOrders)
          .where(eq(rechargeOrders.userId, userId))
          .orderBy(desc(rechargeOrders.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(rechargeOrders).where(eq(rechargeOrders.userId, userId)),
      ]);
      return { list, total };
    },
    async withdrawals(userId: number, page: number, limit: number) {
      const [list, [{ total }]] = await Promise.all([
        db
          .select()
          .from(withdrawals)
          .where(eq(withdrawals.userId, userId))
          .orderBy(desc(withdrawals.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(withdrawals).where(eq(withdrawals.userId, userId)),
      ]);
      return { list, total };
    },
    async room(userId: number) {
      const [row] = await db.select().from(liveRooms).where(eq(liveRooms.id, userId)).limit(1);
      return row ?? null;
    },
    async broadcasts(roomId: number, page: number, limit: number) {
      const [list, [{ total }]] = await Promise.all([
        db
          .select()
          .from(liveRecords)
          .where(eq(liveRecords.roomId, roomId))
          .orderBy(desc(liveRecords.startedAt))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(liveRecords).where(eq(liveRecords.roomId, roomId)),
      ]);
      return { list, total };
    },
    async reports(userId: number, page: number, limit: number) {
      const cond = againstUser(userId);
      const [list, [{ total }]] = await Promise.all([
        db
          .select({ r: contentReports, nickname: users.nickname, avatar: users.avatar })
          .from(contentReports)
          .leftJoin(users, eq(users.id, contentReports.reporterId))
          .where(cond)
          .orderBy(desc(contentReports.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(contentReports).where(cond),
      ]);
      return { list, total };
    },
  };
}
export type ConsoleUsersRepo = ReturnType<typeof createConsoleUsersRepo>;
