import type { FormEntry, HeadToHead, MatchRow, Sport, TeamDetail, TeamStanding } from '@livesports/contracts/matches';
import { notFound } from '../../platform/errors.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import type { MatchesRepo } from './repo.ts';
import type { Rows } from './rows.ts';
import type { Tables } from './tables.ts';

// Head-to-head and form on a match page, and the team page: all computed from the finished
// matches the feeds wrote, so they never disagree with the results and tables beside them.

/** How many past meetings the summary counts, and how many of them the list shows. */
const MEETINGS_COUNTED = 200;
const MEETINGS_SHOWN = 10;
const FORM = 5;
const TEAM_LIST = 20;

const BOTH_SPORTS = ['football', 'basketball'] as const;
/** A result moves only when a match finishes: the push channel drops these tags then. */
const finishTags = BOTH_SPORTS.map((s) => `tables:${s}`);
/** Fixtures move with every status change (kick-off, full time) of the sport. */
const listTags = BOTH_SPORTS.map((s) => `matches:${s}`);

export function resultFor(row: Pick<MatchRow, 'home_team_id' | 'home_score' | 'away_score'>, teamId: number): FormEntry['result'] {
  const [own, other] = row.home_team_id === teamId ? [row.home_score, row.away_score] : [row.away_score, row.home_score];
  return own > other ? 'W' : own < other ? 'L' : 'D';
}

const formOf = (list: MatchRow[], teamId: number): FormEntry[] => list.map((match) => ({ result: resultFor(match, teamId), match }));

export function createTeamReads(deps: { repo: MatchesRepo; rows: Rows; tables: Tables; cache: ReadCache }) {
  const { repo, rows, tables, cache } = deps;

  const headToHeadRead = cache.define('matches:head-to-head', {
    key: (id: number) => String(id),
    tags: (id) => [`match:${id}`, ...finishTags],
    max: 2000,
    async load(id): Promise<HeadToHead> {
      const m = await repo.matchByRef({ id });
      if (!m) throw notFound('matches.match_not_found');
      const [home, away] = [m.homeTeamId, m.awayTeamId];
      const [meetings, homeForm, awayForm] = await Promise.all([
        repo.meetings(home, away, m.kickoffAt, MEETINGS_COUNTED),
        repo.teamResults(home, FORM, m.kickoffAt),
        repo.teamResults(away, FORM, m.kickoffAt),
      ]);
      const summary = { played: meetings.length, home_wins: 0, draws: 0, away_wins: 0, home_goals: 0, away_goals: 0 };
      for (const { m: x } of meetings) {
        const [h, a] = x.homeTeamId === home ? [x.homeScore, x.awayScore] : [x.awayScore, x.homeScore];
        summary.home_goals += h;
        summary.away_goals += a;
        if (h > a) summary.home_wins++;
        else if (h < a) summary.away_wins++;
        else summary.draws++;
      }
      const [shown, hf, af] = await Promise.all([rows.fromJoined(meetings.slice(0, MEETINGS_SHOWN)), rows.fromJoined(homeForm), rows.fromJoined(awayForm)]);
      return { match_id: id, home_team_id: home, away_team_id: away, summary, meetings: shown, home_form: formOf(hf, home), away_form: formOf(af, away) };
    },
  });

  const teamRead = cache.define('matches:team', {
    key: (id: number) => String(id),
    tags: () => [...listTags, ...finishTags],
    max: 2000,
    async load(id): Promise<TeamDetail> {
      const team = await repo.team(id);
      if (!team) throw notFound('matches.team_not_found');
      const [fixtures, results, record, seasons] = await Promise.all([repo.teamFixtures(id, TEAM_LIST), repo.teamResults(id, TEAM_LIST), repo.teamRecord(id), repo.teamSeasons(id)]);
      const standings: TeamStanding[] = [];
      for (const s of seasons) {
        const [season, groups] = await Promise.all([repo.season(s.seasonId), tables.tables(s.seasonId)]);
        const group = groups.find((g) => g.rows.some((r) => r.team_id === id));
        if (!group) continue;
        standings.push({
          competition_id: s.competitionId,
          competition_name_zh: s.c.nameZh,
          competition_name_zht: s.c.nameZht,
          competition_name_en: s.c.nameEn,
          competition_name_es: s.c.nameEs,
          competition_color: s.c.color,
          season_id: s.seasonId,
          season: season?.name ?? '',
          group,
        });
      }
      const [fixtureRows, resultRows] = await Promise.all([rows.fromJoined(fixtures), rows.fromJoined(results)]);
      return {
        team: { id: team.id, sport: team.sport as Sport, name_zh: team.nameZh, name_zht: team.nameZht, name_en: team.nameEn, name_es: team.nameEs, logo: team.logo },
        record,
        form: formOf(resultRows.slice(0, FORM), id),
        fixtures: fixtureRows,
        results: resultRows,
        standings,
      };
    },
  });

  return {
    headToHead: (id: number) => headToHeadRead.get(id),
    team: (id: number) => teamRead.get(id),
  };
}
