import { describe, expect, it } from 'vitest';
import { ForesightResult } from '@livesports/contracts/matches';
import { grade } from './grading.ts';

const { HIT, MISS, VOID } = ForesightResult;

describe('settling predictions', () => {
  it('1X2', () => {
    expect(grade('eu', 'home', 0, 2, 1)).toBe(HIT);
    expect(grade('eu', 'draw', 0, 1, 1)).toBe(HIT);
    expect(grade('eu', 'away', 0, 1, 1)).toBe(MISS);
  });

  it('handicap: whole, half and quarter lines', () => {
    expect(grade('asia', 'home', -1, 2, 1)).toBe(VOID); // push
    expect(grade('asia', 'home', -0.5, 2, 1)).toBe(HIT);
    expect(grade('asia', 'away', -0.5, 2, 1)).toBe(MISS);
    expect(grade('asia', 'home', -0.25, 1, 1)).toBe(MISS); // half lost
    expect(grade('asia', 'away', -0.25, 1, 1)).toBe(HIT); // half won
    expect(grade('asia', 'home', -0.75, 2, 1)).toBe(HIT); // half won, half pushed
    expect(grade('asia', 'away', 0.25, 0, 0)).toBe(MISS);
  });

  it('over/under', () => {
    expect(grade('bs', 'over', 2.5, 2, 1)).toBe(HIT);
    expect(grade('bs', 'under', 2.5, 2, 1)).toBe(MISS);
    expect(grade('bs', 'over', 3, 2, 1)).toBe(VOID);
    expect(grade('bs', 'over', 2.75, 2, 1)).toBe(HIT); // half won
    expect(grade('bs', 'under', 2.25, 1, 1)).toBe(HIT); // half won
    expect(grade('bs', 'over', 2.25, 1, 1)).toBe(MISS);
  });
});
