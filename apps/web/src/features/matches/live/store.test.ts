import { beforeEach, describe, expect, it } from 'vitest';
import type { MatchRow } from '@livesports/contracts/matches';
import { liveRow, useLive } from './store';

const row = (id: number, rev: number, home_score = 0, sport: 'football' | 'basketball' = 'football') => ({ id, rev, home_score, sport, reserve: 0, collect: 0 }) as unknown as MatchRow;

describe('live score store', () => {
  beforeEach(() => useLive.setState({ rows: {}, exponents: {}, alerts: [] }));

  it('keeps the newest copy of a match and ignores an older frame', () => {
    const s = useLive.getState();
    s.applyRows([row(1, 5, 1)], false, 'football');
    s.applyRows([row(1, 4, 0)], false, 'football');
    expect(useLive.getState().rows[1].home_score).toBe(1);
    s.applyRows([row(1, 6, 2)], false, 'football');
    expect(useLive.getState().rows[1].home_score).toBe(2);
  });

  it('a snapshot replaces its sport only', () => {
    const s = useLive.getState();
    s.applyRows([row(1, 1), row(2, 1)], false, 'football');
    s.applyRows([row(9, 1, 0, 'basketball')], false, 'basketball');
    s.applyRows([row(2, 3, 4)], true, 'football');
    expect(Object.keys(useLive.getState().rows).map(Number).sort()).toEqual([2, 9]);
  });

  it("fetched rows take the pushed score but keep the caller's own flags", () => {
    const fetched = { ...row(1, 2, 0), collect: 1 } as MatchRow;
    expect(liveRow(fetched, { 1: row(1, 3, 1) })).toMatchObject({ home_score: 1, collect: 1 });
    expect(liveRow(fetched, { 1: row(1, 1, 5) })).toMatchObject({ home_score: 0 });
  });

  it('an alert shows once however often it arrives', () => {
    const a = { type: 'goal', match_id: 1, event_id: 7 } as never;
    useLive.getState().pushAlert(a);
    useLive.getState().pushAlert(a);
    expect(useLive.getState().alerts).toHaveLength(1);
  });
});
