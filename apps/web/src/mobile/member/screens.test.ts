import { describe, expect, it } from 'vitest';
import { MemberType } from '@/config/paths';
import { screenFor, splitEntries } from './screens';

const q = (s: string) => new URLSearchParams(s);

describe('screenFor', () => {
  it('opens the "me" page without a type, or with one the site does not have', () => {
    for (const s of ['', 'type=', 'type=%20', 'type=99', 'type=-1', 'type=1.5', 'type=abc', 'type=1e1']) expect(screenFor(q(s), false), s).toEqual({ kind: 'me' });
  });

  it('maps every desktop type 1:1 to a section', () => {
    for (const type of Object.values(MemberType)) {
      if (type === MemberType.WITHDRAWAL) continue;
      expect(screenFor(q(`type=${type}`), false)).toEqual({ kind: 'section', type });
    }
  });

  it('sends a fan who opens withdrawals to the wallet, and lets an anchor in', () => {
    expect(screenFor(q('type=4'), false)).toEqual({ kind: 'redirect', to: '/m/member?type=1' });
    expect(screenFor(q('type=4'), true)).toEqual({ kind: 'section', type: 4 });
  });
});

describe('splitEntries', () => {
  it('puts money and perks in the grid and the rest in the list, keeping the order', () => {
    const entries = [0, 1, 2, 3, 7, 5, 6, 8].map((type) => ({ type }));
    const { grid, list } = splitEntries(entries);
    expect(grid.map((e) => e.type)).toEqual([1, 2, 6, 8]);
    expect(list.map((e) => e.type)).toEqual([0, 3, 7, 5]);
  });
});
