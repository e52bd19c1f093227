import type { MatchesRepo } from './repo.ts';
import { computeTables, ranksOf, type Table } from './standings.ts';

/**
 * Standings per season, computed on demand and kept until a match of the season finishes (this
 * process hears of every finish through the push channel) or for at most a minute.
 *
 * Past the minute the kept standings are still answered while fresh ones load (stale while
 * revalidate): every goal's pushed row carries its teams' ranks, and a goal that found the minute
 * over waited for the four statements of a reload, a turn of a busy event loop each (tens of
 * milliseconds at kick-off). A finish still drops them at once, since it changes them.
 */
const TTL_MS = 60_000;

interface Entry {
  at: number;
  tables: Promise<Table[]>;
  ranks: Promise<Map<number, number>>;
  /** Set once the standings have loaded: only a loaded entry is answered past its minute. */
  loaded: boolean;
}

export function createTables(repo: MatchesRepo) {
  const cache = new Map<number, Entry>();
  /** Reloads under way for entries past their minute, by season. */
  const refreshing = new Set<number>();

  function compute(seasonId: number): Entry {
    const tables = (async () => {
      const season = await repo.season(seasonId);
      if (!season) return [];
      const sport = (await repo.competitionSport(season.competitionId)) ?? 'football';
      const results = await repo.seasonResults(seasonId);
      const ids = [...new Set(results.flatMap((r) => [r.homeTeamId, r.awayTeamId]))];
      const teams = new Map((await repo.teams(ids)).map((t) => [t.id, t]));
      return computeTables(sport, results, teams);
    })();
    const entry: Entry = { at: Date.now(), tables, ranks: tables.then(ranksOf), loaded: false };
    entry.ranks.then(
      () => (entry.loaded = true),
      () => undefined,
    );
    return entry;
  }

  function load(seasonId: number) {
    const hit = cache.get(seasonId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit;
    if (hit?.loaded) {
      if (!refreshing.has(seasonId)) {
        refreshing.add(seasonId);
        const next = compute(seasonId);
        next.ranks.then(
          // Only if nothing dropped or replaced the kept entry meanwhile (a finish).
          () => cache.get(seasonId) === hit && cache.set(seasonId, next),
          () => undefined,
        );
        void next.ranks.catch(() => undefined).finally(() => refreshing.delete(seasonId));
      }
      return hit;
    }
    const entry = compute(seasonId);
    cache.set(seasonId, entry);
    // A failed load must not stick.
    entry.tables.catch(() => cache.get(seasonId) === entry && cache.delete(seasonId));
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
