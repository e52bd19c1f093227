import type { MatchEvent, MatchRow } from '@livesports/contracts/matches';
import { type Lang, translate } from '@livesports/contracts/messages';

// The score robot: the automatic text commentary of a match, written from its events in the
// reader's language (a live room or a match page shows it; it never invents anything).

const nameOf = (row: MatchRow, lang: Lang, side: 'home' | 'away') => (lang === 'zh' ? row[`${side}_team_name_zh`] : lang === 'es' ? row[`${side}_team_name_es`] : row[`${side}_team_name_en`]);

export function robotLines(row: MatchRow, events: MatchEvent[], lang: Lang) {
  const home = nameOf(row, lang, 'home');
  const away = nameOf(row, lang, 'away');
  const score = (h: number, a: number) => `${h}-${a}`;
  const lines: Array<{ id: string; kind: string; match_str: string; text: string; iszhu: number | null; home_score: number; away_score: number }> = [];
  if (row.status === 1) {
    const time = new Date(row.match_time * 1000).toISOString().slice(0, 16).replace('T', ' ');
    lines.push({ id: 'scheduled', kind: 'scheduled', match_str: '', text: translate(lang, 'matches.robot_not_started', { time }), iszhu: null, home_score: 0, away_score: 0 });
    return lines;
  }
  lines.push({
    id: 'kickoff',
    kind: 'kickoff',
    match_str: row.sport === 'football' ? "0'" : '',
    text: translate(lang, 'matches.robot_kickoff', { home, away }),
    iszhu: null,
    home_score: 0,
    away_score: 0,
  });
  let halfDone = false;
  const pushHalf = () => {
    if (halfDone || row.sport !== 'football' || row.status === 2) return;
    halfDone = true;
    lines.push({
      id: 'half_time',
      kind: 'half_time',
      match_str: 'HT',
      text: translate(lang, 'matches.robot_half_time', { score: score(row.home_half_score, row.away_half_score) }),
      iszhu: null,
      home_score: row.home_half_score,
      away_score: row.away_half_score,
    });
  };
  for (const e of events) {
    if (e.minute > 45) pushHalf();
    const team = e.iszhu ? home : away;
    const player = e.player;
    const params = {
      player: e.kind === 'own_goal' ? (player ? ` (${player})` : '') : player,
      player2: e.player2,
      team: e.kind === 'own_goal' ? team : player ? ` (${team})` : team,
      score: score(e.home_score, e.away_score),
    };
    if (e.kind === 'sub') params.team = ` (${team})`;
    lines.push({ id: `e${e.id}`, kind: e.kind, match_str: e.match_str, text: translate(lang, `matches.robot_${e.kind}`, params), iszhu: e.iszhu, home_score: e.home_score, away_score: e.away_score });
  }
  if (row.status >= 4) pushHalf();
  if (row.status === 8) {
    lines.push({
      id: 'full_time',
      kind: 'full_time',
      match_str: 'FT',
      text: translate(lang, 'matches.robot_full_time', { home, away, score: score(row.home_score, row.away_score) }),
      iszhu: null,
      home_score: row.home_score,
      away_score: row.away_score,
    });
  }
  return lines;
}
