import { type SQL, sql } from 'drizzle-orm';
import type { RankBoard } from '@livesports/contracts/economy-rank';
import type { Db } from '../../db/client.ts';
import { rows as raw } from './ledger.repo.ts';

// Leaderboards are sums over the ledger: what a room received (popularity) and what a user
// spent on gifts, guards and nobles (generosity). Both read the (kind, created_at) and
// (room_id, created_at) indexes of ledger_entries.

const since = (from: Date | null): SQL => (from ? sql`and created_at >= ${from.toISOString()}::timestamptz` : sql``);

function boardFilter(board: RankBoard): SQL {
  return board === 'popularity' ? sql`kind in ('gift', 'guard') and room_id is not null` : sql`kind in ('gift', 'guard', 'noble') and from_account = 'consumption'`;
}

export function createRankingRepo(db: Db) {
  const rows = async (q: SQL) => (await raw<{ user_id: number; value: string }>(db, q)).map((r) => ({ userId: Number(r.user_id), value: Number(r.value) }));
  return {
    async top(board: RankBoard, from: Date | null, limit: number) {
      const who = board === 'popularity' ? sql`room_id` : sql`from_user_id`;
      return rows(sql`select ${who} as user_id, sum(amount) as value from ledger_entries
        where ${boardFilter(board)} ${since(from)} group by ${who} order by value desc, ${who} limit ${limit}`);
    },
    async room(roomId: number, from: Date | null, limit: number) {
      return rows(sql`select from_user_id as user_id, sum(amount) as value from ledger_entries
        where room_id = ${roomId} and kind in ('gift', 'guard') and from_account = 'consumption' ${since(from)}
        group by from_user_id order by value desc, from_user_id limit ${limit}`);
    },
    /** Daily (UTC) totals of a board from `from` on. */
    async daily(board: RankBoard, from: Date) {
      const res = await raw<{ day: string; value: string }>(
        db,
        sql`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(amount) as value from ledger_entries
        where ${boardFilter(board)} ${since(from)} group by 1 order by 1`,
      );
      return new Map(res.map((r) => [r.day, Number(r.value)]));
    },
  };
}
export type RankingRepo = ReturnType<typeof createRankingRepo>;
