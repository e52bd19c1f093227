import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MatchesRepo } from './repo.ts';
import { createTables } from './tables.ts';

// Two teams, one finished match: home won, so home is first. `homeScore` decides what a reload sees;
// while `hold` is set, a load waits for it (a database that has not answered yet).
interface RepoState {
  homeScore: number;
  loads: number;
  hold?: Promise<void>;
}
function repoOf(state: RepoState) {
  return {
    async season(id: number) {
      state.loads++;
      await state.hold;
      return { id, competitionId: 1 };
    },
    competitionSport: async () => 'football',
    seasonResults: async () => [{ grp: '', homeTeamId: 1, awayTeamId: 2, homeScore: state.homeScore, awayScore: 1, status: 8 }],
    teams: async (ids: number[]) => ids.map((id) => ({ id, nameZh: `t${id}`, nameZht: `t${id}`, nameEn: `t${id}`, nameEs: `t${id}`, logo: '', region: '' })),
  } as unknown as MatchesRepo;
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('season tables', () => {
  afterEach(() => vi.useRealTimers());

  it('past its minute answers the kept ranks at once and swaps in the reloaded ones', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const state: RepoState = { homeScore: 3, loads: 0 };
    const tables = createTables(repoOf(state));
    expect((await tables.ranks(7)).get(1)).toBe(1);
    expect(state.loads).toBe(1);

    // The away side wins it now, as a reload would see; a minute later the kept ranks still answer,
    // while the database has not answered the reload.
    state.homeScore = 0;
    let answer = () => {};
    state.hold = new Promise<void>((r) => (answer = r));
    vi.setSystemTime(Date.now() + 61_000);
    expect((await tables.ranks(7)).get(1)).toBe(1); // no wait for the four statements of a reload
    expect(state.loads).toBe(2); // the reload began, once
    await tables.ranks(7);
    expect(state.loads).toBe(2);

    answer();
    await flush();
    expect((await tables.ranks(7)).get(1)).toBe(2);
    expect(state.loads).toBe(2);
  });

  it('a finish drops the kept ranks: the next row waits for the new standings', async () => {
    const state: RepoState = { homeScore: 3, loads: 0 };
    const tables = createTables(repoOf(state));
    expect((await tables.ranks(7)).get(2)).toBe(2);
    state.homeScore = 0;
    tables.invalidate(7);
    expect((await tables.ranks(7)).get(2)).toBe(1);
    expect(state.loads).toBe(2);
  });
});
