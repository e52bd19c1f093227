import type { MatchesRepo } from './repo.ts';
import { computeTables, ranksOf, type Table } from './standings.ts';

/**
 * Standings per season, computed on demand and kept until a match of the season finishes (this
 * process hears of every finish through the push channel) or for at most a minute.
 */
const TTL_MS = 60_000;

export function createTables(repo: MatchesRepo) {
  const cache = new Map<number, { at: number; tables: Promise<Table[]>; ranks: Promise<Map<number, number>> }>();

  function load(seasonId: number) {
    const hit = cache.get(seasonId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit;
    const tables = (async () => {
      const season = await repo.season(seasonId);
      if (!season) return [];
      const sport = (await repo.competitionSport(season.competitionId)) ?? 'football';
      const results = await repo.seasonResults(seasonId);
      const ids = [...new Set(results.flatMap((r) => [r.homeTeamId, r.awayTeamId]))];
      const teams = new Map((await repo.teams(ids)).map((t) => [t.id, t]));
      return computeTables(sport, results, teams);
    })();
    const entry = { at: Date.now(), tables, ranks: tables.then(ranksOf) };
    cache.set(seasonId, entry);
    // A failed load must not stick.
    tables.catch(() => cache.delete(seasonId));
    return entry;
  }

  return {
    tables: (seasonId: number) => load(seasonId).tables,
    ranks: (seasonId: number) => load(seasonId).ranks,
    invalidate(seasonId: number) {
      cache.delete(seasonId);
    },
  };
}
export type Tables = ReturnType<typeof createTables>;
