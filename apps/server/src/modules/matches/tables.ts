import { createRefreshingCache } from '../../platform/refreshing-cache.ts';
import type { MatchesRepo } from './repo.ts';
import { computeTables, ranksOf, type Table } from './standings.ts';

/**
 * Standings per season, computed on demand and kept until a match of the season finishes (this
 * process hears of every finish through the push channel) or for a minute.
 *
 * Past the minute the kept standings are still answered while fresh ones load (the platform's
 * refreshing cache): every goal's pushed row carries its teams' ranks, and a goal that found the
 * minute over waited for the four statements of a reload, a turn of a busy event loop each (tens
 * of milliseconds at kick-off). A finish still drops them at once, since it changes them.
 */
const FRESH_MS = 60_000;
/** Standings nobody asked for in this long are loaded afresh, not answered stale. */
const STALE_MS = 10 * 60_000;

export function createTables(repo: MatchesRepo) {
  const cache = createRefreshingCache<number, { tables: Table[]; ranks: Map<number, number> }>({
    freshMs: FRESH_MS,
    staleMs: STALE_MS,
    now: () => Date.now(),
    async load(seasonId) {
      const season = await repo.season(seasonId);
      if (!season) return { tables: [], ranks: new Map() };
      const sport = (await repo.competitionSport(season.competitionId)) ?? 'football';
      const results = await repo.seasonResults(seasonId);
      const ids = [...new Set(results.flatMap((r) => [r.homeTeamId, r.awayTeamId]))];
      const teams = new Map((await repo.teams(ids)).map((t) => [t.id, t]));
      const tables = computeTables(sport, results, teams);
      return { tables, ranks: ranksOf(tables) };
    },
  });

  return {
    tables: async (seasonId: number) => (await cache.get(seasonId)).tables,
    ranks: async (seasonId: number) => (await cache.get(seasonId)).ranks,
    invalidate(seasonId: number) {
      cache.delete(seasonId);
    },
  };
}
export type Tables = ReturnType<typeof createTables>;
