import { ForesightResult } from '@livesports/contracts/matches';

// Settling a prediction against the final score. Asian handicap lines may be quarter lines
// (-0.25, +0.75…): such a stake is split over the two neighbouring half lines; a half win counts
// as a hit and a half loss as a miss, an exact push on a whole line voids the pick.

function settleHalf(margin: number): number {
  return margin > 0 ? 1 : margin < 0 ? -1 : 0;
}

/** +1 win, -1 loss, 0 push, ±0.5 half win / half loss for a side with `line` added to its score. */
export function handicapOutcome(goalDiff: number, line: number): number {
  const quarter = Math.abs(line * 4) % 2 === 1;
  if (!quarter) return settleHalf(goalDiff + line);
  return (settleHalf(goalDiff + line - 0.25) + settleHalf(goalDiff + line + 0.25)) / 2;
}

/**
 * kind eu: pick home / draw / away. kind asia: line is the home side's handicap; pick home or away.
 * kind bs: line is the total; pick over or under.
 */
export function grade(kind: string, pick: string, line: number, home: number, away: number): number {
  let outcome: number;
  if (kind === 'eu') {
    const actual = home > away ? 'home' : home === away ? 'draw' : 'away';
    return actual === pick ? ForesightResult.HIT : ForesightResult.MISS;
  } else if (kind === 'asia') {
    outcome = pick === 'home' ? handicapOutcome(home - away, line) : handicapOutcome(away - home, -line);
  } else {
    const total = home + away;
    outcome = pick === 'over' ? handicapOutcome(total, -line) : handicapOutcome(-total, line);
  }
  return outcome > 0 ? ForesightResult.HIT : outcome < 0 ? ForesightResult.MISS : ForesightResult.VOID;
}
