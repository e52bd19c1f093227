import type { FormEntry, MatchRow } from '@livesports/contracts/matches';

/** W, D or L of a finished match for one of its teams (the server's form uses the same rule). */
export function resultOf(row: Pick<MatchRow, 'home_team_id' | 'home_score' | 'away_score'>, teamId: number): FormEntry['result'] {
  const [own, other] = row.home_team_id === teamId ? [row.home_score, row.away_score] : [row.away_score, row.home_score];
  return own > other ? 'W' : own < other ? 'L' : 'D';
}
