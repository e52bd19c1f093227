import { RANK_SIZE, type RankBoard, type RankPeriod, type RankRow } from '@livesports/contracts/economy-rank';
import { type EconomyContext, periodStart, utcDay } from './context.ts';
import { brief } from './people.repo.ts';
import type { RankingRepo } from './ranking.repo.ts';
import type { ReadCache } from '../../platform/read-cache.ts';

/** Boards roll over at UTC midnight, Monday and the 1st, and their charts by day: reload at least this often. */
const PERIOD_BOUND_MS = 60_000;

/** Days the chart beside a leaderboard covers. */
const SERIES_DAYS: Record<RankPeriod, number> = { day: 7, week: 7, month: 30, all: 30 };

export function createRankingService(ctx: EconomyContext, repo: RankingRepo, cache?: ReadCache) {
  async function withPeople(rows: Array<{ userId: number; value: number }>): Promise<RankRow[]> {
    const people = await ctx.people.people(
      rows.map((r) => r.userId),
      ctx.clock.now(),
    );
    return rows
      .filter((r) => people.has(r.userId))
      .map((r, i) => {
        const p = people.get(r.userId)!;
        return { rank: i + 1, user: { ...brief(p), is_anchor: p.is_anchor, wealth_level: p.wealth_level, noble: p.noble }, value: r.value };
      });
  }

  const service = {
    async board(board: RankBoard, period: RankPeriod) {
      const now = ctx.clock.now();
      const from = periodStart(period, now);
      const days = SERIES_DAYS[period];
      const seriesFrom = new Date(periodStart('day', now)!.getTime() - (days - 1) * 86_400_000);
      const [top, daily] = await Promise.all([repo.top(board, from, RANK_SIZE), repo.daily(board, seriesFrom)]);
      const series = Array.from({ length: days }, (_, i) => {
        const day = utcDay(new Date(seriesFrom.getTime() + i * 86_400_000));
        return { day, value: daily.get(day) ?? 0 };
      });
      return { list: await withPeople(top), series, from: from?.toISOString() ?? null };
    },

    async room(roomId: number, period: RankPeriod) {
      return withPeople(await repo.room(roomId, periodStart(period, ctx.clock.now()), RANK_SIZE));
    },
  };
  if (!cache) return service;
  // Kept until coins move into a board (ctx.ranksChanged) or a name or avatar changes.
  const boards = cache.define('economy:board', {
    key: (q: { board: RankBoard; period: RankPeriod }) => `${q.board}|${q.period}`,
    tags: () => ['ranks', 'people'],
    maxAgeMs: PERIOD_BOUND_MS,
    load: (q) => service.board(q.board, q.period),
  });
  const rooms = cache.define('economy:room-board', {
    key: (q: { roomId: number; period: RankPeriod }) => `${q.roomId}|${q.period}`,
    tags: () => ['ranks', 'people'],
    maxAgeMs: PERIOD_BOUND_MS,
    max: 2000,
    load: (q) => service.room(q.roomId, q.period),
  });
  return {
    board: (board: RankBoard, period: RankPeriod) => boards.get({ board, period }),
    room: (roomId: number, period: RankPeriod) => rooms.get({ roomId, period }),
  };
}
