import { and, between, count, eq, sql, type SQL } from 'drizzle-orm';
import { ImElemType } from '@livesports/contracts/chat-constants';
import type { Db } from '../../db/client.ts';
import { liveRooms } from '../../db/schema/live.ts';
import { matches } from '../../db/schema/matches.ts';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers answer `execute` with `{ rows }` (see economy/ledger.repo.ts).
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface DayFigures {
  day: string;
  signups: number;
  active_users: number;
  recharge_coins: number;
  recharge_orders: number;
  gift_coins: number;
  gift_sends: number;
  withdrawals_paid: number;
  withdrawals_paid_count: number;
  revenue: number;
}

/**
 * The dashboard's figures, read from the domains' own tables: people from users and sessions,
 * money from the ledger (ledger_entries) only, never from a second bookkeeping.
 */
export function createDashboardRepo(db: Db) {
  return {
    async liveRoomIds(): Promise<number[]> {
      const list = await db.select({ id: liveRooms.id }).from(liveRooms).where(eq(liveRooms.status, 2));
      return list.map((r) => r.id);
    },
    async matchesLive(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(matches)
        .where(and(between(matches.status, 2, 7)));
      return row.n;
    },
    /**
     * Room text messages sent since `since`. Each group's recent messages are reached through the
     * primary key (group, seq), the last 5,000 of a group at most, so the count never scans the table.
     */
    async chatMessagesSince(since: Date): Promise<number> {
      const [row] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from chat_groups g join chat_messages m on m.group_id = g.id and m.seq > g.last_seq - 5000
            where m.created_at >= ${since.toISOString()}::timestamptz and m.type = ${ImElemType.TEXT}`,
      );
      return row?.n ?? 0;
    },

    /** Per UTC day from `start` (a UTC midnight): sign-ups, people who signed in, and the ledger's money figures. */
    async days(start: Date): Promise<Map<string, Omit<DayFigures, 'day'>>> {
      const from = sql`${start.toISOString()}::timestamptz`;
      const day = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;
      const [people, active, money] = await Promise.all([
        rows<{ day: string; n: number }>(db, sql`select ${day(sql`created_at`)} as day, count(*)::int as n from users where created_at >= ${from} group by 1`),
        rows<{ day: string; n: number }>(db, sql`select ${day(sql`created_at`)} as day, count(distinct user_id)::int as n from sessions where created_at >= ${from} group by 1`),
        rows<{
          day: string;
          recharge_coins: string | number;
          recharge_orders: number;
          gift_coins: string | number;
          gift_sends: number;
          paid: string | number;
          paid_count: number;
          revenue: string | number;
        }>(
          db,
          sql`select ${day(sql`created_at`)} as day,
                coalesce(sum(amount) filter (where kind = 'recharge'), 0) as recharge_coins,
                count(distinct op_id) filter (where kind = 'recharge')::int as recharge_orders,
                coalesce(sum(amount) filter (where kind = 'gift'), 0) as gift_coins,
                count(distinct op_id) filter (where kind = 'gift')::int as gift_sends,
                coalesce(sum(amount) filter (where to_account = 'payout'), 0) as paid,
                count(*) filter (where to_account = 'payout')::int as paid_count,
                coalesce(sum(amount) filter (where to_account = 'platform'), 0) - coalesce(sum(amount) filter (where from_account = 'platform'), 0) as revenue
              from ledger_entries where created_at >= ${from} group by 1`,
        ),
      ]);
      const out = new Map<string, Omit<DayFigures, 'day'>>();
      const get = (d: string) => {
        let v = out.get(d);
        if (!v) {
          v = { signups: 0, active_users: 0, recharge_coins: 0, recharge_orders: 0, gift_coins: 0, gift_sends: 0, withdrawals_paid: 0, withdrawals_paid_count: 0, revenue: 0 };
          out.set(d, v);
        }
        return v;
      };
      for (const r of people) get(r.day).signups = Number(r.n);
      for (const r of active) get(r.day).active_users = Number(r.n);
      for (const r of money) {
        const v = get(r.day);
        v.recharge_coins = Number(r.recharge_coins);
        v.recharge_orders = Number(r.recharge_orders);
        v.gift_coins = Number(r.gift_coins);
        v.gift_sends = Number(r.gift_sends);
        v.withdrawals_paid = Number(r.paid);
        v.withdrawals_paid_count = Number(r.paid_count);
        v.revenue = Number(r.revenue);
      }
      return out;
    },
  };
}
export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
