import type { StandingRow } from '@livesports/contracts/matches';

// League tables computed from finished matches, so a feed never has to send standings and a
// table can never disagree with the results beside it.

export interface Result {
  grp: string;
  homeTeamId: number;
  awayTeamId: number;
  homeScore: number;
  awayScore: number;
  status: number;
}

export interface TeamInfo {
  id: number;
  nameZh: string;
  nameZht: string;
  nameEn: string;
  nameEs: string;
  logo: string;
  region: string;
}

export interface Table {
  name: string;
  rows: StandingRow[];
}

/**
 * Football: 3 points a win, 1 a draw; ties broken by goal difference, goals scored, then name.
 * Basketball: ordered by win percentage, then wins. Group stages (a season where some matches
 * carry a group) give one table per group and leave knockout matches out; basketball splits by
 * the teams' region (conference) when they have one.
 */
export function computeTables(sport: string, results: Result[], teams: Map<number, TeamInfo>): Table[] {
  const grouped = results.some((r) => r.grp !== '');
  const counted = grouped ? results.filter((r) => r.grp !== '') : results;
  const tables = new Map<string, Map<number, StandingRow>>();
  const tableOf = (r: Result, teamId: number) => {
    const name = grouped ? r.grp : sport === 'basketball' ? (teams.get(teamId)?.region ?? '') : '';
    let t = tables.get(name);
    if (!t) tables.set(name, (t = new Map()));
    return t;
  };
  const entry = (r: Result, teamId: number) => {
    const t = tableOf(r, teamId);
    let row = t.get(teamId);
    if (!row) {
      const info = teams.get(teamId);
      row = {
        rank: 0,
        team_id: teamId,
        team_name_zh: info?.nameZh ?? '',
        team_name_zht: info?.nameZht ?? '',
        team_name_en: info?.nameEn ?? '',
        team_name_es: info?.nameEs ?? '',
        team_logo: info?.logo ?? '',
        played: 0,
        won: 0,
        drawn: 0,
        lost: 0,
        goals_for: 0,
        goals_against: 0,
        goal_diff: 0,
        points: 0,
        win_pct: 0,
        form: [],
      };
      t.set(teamId, row);
    }
    return row;
  };
  // Every team of the season appears, even before its first finished match.
  for (const r of counted) {
    entry(r, r.homeTeamId);
    entry(r, r.awayTeamId);
  }
  for (const r of counted) {
    if (r.status !== 8) continue;
    const sides: Array<[number, number, number]> = [
      [r.homeTeamId, r.homeScore, r.awayScore],
      [r.awayTeamId, r.awayScore, r.homeScore],
    ];
    for (const [teamId, gf, ga] of sides) {
      const row = entry(r, teamId);
      row.played++;
      row.goals_for += gf;
      row.goals_against += ga;
      const outcome = gf > ga ? 'W' : gf === ga ? 'D' : 'L';
      if (outcome === 'W') row.won++;
      else if (outcome === 'D') row.drawn++;
      else row.lost++;
      row.form.push(outcome);
      if (row.form.length > 5) row.form.shift();
    }
  }
  const out: Table[] = [];
  for (const [name, t] of [...tables.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const rows = [...t.values()];
    for (const row of rows) {
      row.goal_diff = row.goals_for - row.goals_against;
      row.points = sport === 'basketball' ? row.won * 2 + row.lost : row.won * 3 + row.drawn;
      row.win_pct = row.played ? Math.round((row.won / row.played) * 1000) : 0;
    }
    rows.sort((a, b) =>
      sport === 'basketball'
        ? b.win_pct - a.win_pct || b.won - a.won || b.goal_diff - a.goal_diff || a.team_name_en.localeCompare(b.team_name_en)
        : b.points - a.points || b.goal_diff - a.goal_diff || b.goals_for - a.goals_for || a.team_name_en.localeCompare(b.team_name_en),
    );
    rows.forEach((row, i) => (row.rank = i + 1));
    out.push({ name, rows });
  }
  return out;
}

/** team id → rank in its table. */
export function ranksOf(tables: Table[]): Map<number, number> {
  const ranks = new Map<number, number>();
  for (const t of tables) for (const r of t.rows) ranks.set(r.team_id, r.rank);
  return ranks;
}
