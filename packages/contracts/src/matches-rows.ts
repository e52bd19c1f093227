import { z } from 'zod';
import { EVENT_KINDS, SPORTS } from './matches-constants.ts';

// The rows the matches calls and the score socket share (split from matches.ts so that a page that
// only listens to the score socket builds these schemas, not every call's: issue #16, the phone's
// main thread).
// ---------------------------------------------------------------------------------------------
// Rows

/** A name in the four content languages (matchRowSchema's and the calls' *_zh / *_zht / *_en / *_es fields). */
export const nameSchemas = {
  zh: z.string(),
  zht: z.string(),
  en: z.string(),
  es: z.string(),
};

export const matchRowSchema = z.object({
  id: z.number(),
  /** Same as id: older clients of the family call it sourceid. */
  sourceid: z.number(),
  /** 1 football, 2 basketball. */
  type: z.number(),
  sport: z.enum(SPORTS),
  competition_id: z.number(),
  competition_name_zh: nameSchemas.zh,
  competition_name_zht: nameSchemas.zht,
  competition_name_en: nameSchemas.en,
  competition_name_es: nameSchemas.es,
  competition_short_en: z.string(),
  competition_logo: z.string(),
  competition_color: z.string(),
  season_id: z.number(),
  season: z.string(),
  round: z.string(),
  group: z.string(),
  venue: z.string(),
  home_team_id: z.number(),
  away_team_id: z.number(),
  home_team_name_zh: nameSchemas.zh,
  home_team_name_zht: nameSchemas.zht,
  home_team_name_en: nameSchemas.en,
  home_team_name_es: nameSchemas.es,
  home_team_logo: z.string(),
  away_team_name_zh: nameSchemas.zh,
  away_team_name_zht: nameSchemas.zht,
  away_team_name_en: nameSchemas.en,
  away_team_name_es: nameSchemas.es,
  away_team_logo: z.string(),
  /** Kick-off (tip-off) as Unix seconds. */
  match_time: z.number(),
  status: z.number(),
  status_str: z.string(),
  /** The running minute as shown ("23'", "45+2'", "HT", "Q3 04:12"); empty before and after. */
  match_str: z.string(),
  /** Unix seconds when the current period began (clients may tick the clock between frames). */
  period_started_at: z.number().nullable(),
  home_score: z.number(),
  away_score: z.number(),
  home_half_score: z.number(),
  away_half_score: z.number(),
  home_corner: z.number(),
  away_corner: z.number(),
  home_red: z.number(),
  away_red: z.number(),
  home_yellow: z.number(),
  away_yellow: z.number(),
  /** Penalty shootout score, when there was one. */
  home_penalty: z.number().nullable(),
  away_penalty: z.number().nullable(),
  /** Basketball points per quarter (4, then overtimes); empty for football. */
  home_quarters: z.array(z.number()),
  away_quarters: z.array(z.number()),
  /** League position of each team in its group table (0 = none). */
  home_rank: z.number(),
  away_rank: z.number(),
  /** A replay of a real past match (embedded feed); `simulated` says which parts were generated. */
  is_replay: z.boolean(),
  simulated: z.array(z.string()),
  /** Grows with every change, so a client can drop a frame older than what it has. */
  rev: z.number(),
  /** For a logged-in caller: 1 when reserved / collected (always 0 for guests and on the socket). */
  reserve: z.number(),
  collect: z.number(),
});
export type MatchRow = z.infer<typeof matchRowSchema>;

/**
 * The fields of a row a match list shows (all_match with `view: 'list'`): the same names as a full
 * row, without what only a match page shows (venue, round, group, season, quarters, penalties, the
 * replay notes), the traditional-Chinese names no page of the site reads, and `sourceid` (an alias
 * of id). About two thirds of a full row's bytes; a full row is a valid list row.
 */
export const matchListRowSchema = matchRowSchema.omit({
  sourceid: true,
  competition_name_zht: true,
  home_team_name_zht: true,
  away_team_name_zht: true,
  competition_logo: true,
  season_id: true,
  season: true,
  round: true,
  group: true,
  venue: true,
  period_started_at: true,
  home_penalty: true,
  away_penalty: true,
  home_quarters: true,
  away_quarters: true,
  is_replay: true,
  simulated: true,
});
export type MatchListRow = z.infer<typeof matchListRowSchema>;
/** What all_match answers per `view`. */
export const MATCH_VIEWS = ['full', 'list'] as const;

export const matchEventSchema = z.object({
  id: z.number(),
  kind: z.enum(EVENT_KINDS),
  /** 1 home team, 0 away team (the goal event's iszhu). */
  iszhu: z.number(),
  minute: z.number(),
  /** Stoppage-time minutes (45+2 → minute 45, extra 2). */
  extra: z.number(),
  match_str: z.string(),
  player: z.string(),
  /** Substitution: who came on (player is who went off); goal: assist. */
  player2: z.string(),
  home_score: z.number(),
  away_score: z.number(),
});
export type MatchEvent = z.infer<typeof matchEventSchema>;

export const statSchema = z.object({ key: z.string(), home: z.number(), away: z.number() });
export type MatchStat = z.infer<typeof statSchema>;

/** Three values of one odds kind: asia [home odds, line, away odds], eu [home, draw, away], bs [over odds, line, under odds]. */
export const oddsTriple = z.tuple([z.number(), z.number(), z.number()]);
export const exponentValuesSchema = z.object({
  initial: oddsTriple.nullable(),
  immediate: oddsTriple.nullable(),
  /** In-play ("scram") values while the match runs. */
  scram: oddsTriple.nullable(),
});
export const exponentRowSchema = z.object({
  match_id: z.number(),
  company_id: z.number(),
  asia: exponentValuesSchema,
  eu: exponentValuesSchema,
  bs: exponentValuesSchema,
  rev: z.number(),
});
export type ExponentRow = z.infer<typeof exponentRowSchema>;
