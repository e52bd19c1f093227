import type { MatchRow } from '@livesports/contracts/matches';
import type { AuthUser } from '../../platform/auth.ts';
import type { JoinedMatch, MatchesRepo } from './repo.ts';
import type { Tables } from './tables.ts';
import { toMatchRow } from './wire.ts';

/** Wire rows with league positions, and the caller's reserve / collect flags. */
export function createRows(repo: MatchesRepo, tables: Tables) {
  async function fromJoined(list: JoinedMatch[]): Promise<MatchRow[]> {
    const seasons = [...new Set(list.map((j) => j.m.seasonId))];
    const ranks = new Map(await Promise.all(seasons.map(async (s) => [s, await tables.ranks(s)] as const)));
    return list.map((j) => toMatchRow(j, ranks.get(j.m.seasonId)));
  }
  return {
    fromJoined,
    async byIds(ids: number[]): Promise<MatchRow[]> {
      const list = await repo.rowsByIds(ids);
      const order = new Map(ids.map((id, i) => [id, i]));
      list.sort((a, b) => order.get(a.m.id)! - order.get(b.m.id)!);
      return fromJoined(list);
    },
    async withFlags(rows: MatchRow[], user: AuthUser | null): Promise<MatchRow[]> {
      if (!user || !rows.length) return rows;
      const ids = rows.map((r) => r.id);
      const [reserved, collected] = await Promise.all([repo.flagged('reserve', user.id, ids), repo.flagged('collect', user.id, ids)]);
      return rows.map((r) => ({ ...r, reserve: reserved.has(r.id) ? 1 : 0, collect: collected.has(r.id) ? 1 : 0 }));
    },
  };
}
export type Rows = ReturnType<typeof createRows>;
