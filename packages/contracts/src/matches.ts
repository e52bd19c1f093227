import { z } from 'zod';
import { defineCall } from './call.ts';
import { EVENT_KINDS, EXPONENT_KINDS, FORESIGHT_ANALYSIS_MAX, FORESIGHT_TITLE_MAX, FORESIGHT_TITLE_MIN, PICKS, SPORTS } from './matches-constants.ts';
import { exponentRowSchema, MATCH_VIEWS, matchEventSchema, matchListRowSchema, matchRowSchema, nameSchemas, oddsTriple, statSchema } from './matches-rows.ts';

// Matches and live scores (spec §2 match pages, §3 goal event and local settings, §4 push
// connection and match phases, §7 hot_match / Football / Basketballuser / reserveMatch calls).
// Shapes follow the product family's conventions: status codes, flat *_zh / *_zht / *_en / *_es
// names, `match_str` for the minute, odds ("exponent") kinds asia / eu / bs per company_id.

export * from './matches-constants.ts';
export * from './matches-rows.ts';
export * from './matches-socket.ts';

// ---------------------------------------------------------------------------------------------
// Catalogue rows

export const companySchema = z.object({ id: z.number(), name: z.string() });

export const competitionSchema = z.object({
  id: z.number(),
  sport: z.enum(SPORTS),
  type: z.number(),
  name_zh: nameSchemas.zh,
  name_zht: nameSchemas.zht,
  name_en: nameSchemas.en,
  name_es: nameSchemas.es,
  short_en: z.string(),
  logo: z.string(),
  color: z.string(),
  country: z.string(),
  /** Current season (the one the lists and tables default to). */
  season_id: z.number(),
  season: z.string(),
  live_count: z.number(),
  /** Matches of this competition kicking off within the next 24 hours or live. */
  upcoming_count: z.number(),
  hot: z.boolean(),
});
export type Competition = z.infer<typeof competitionSchema>;

export const standingRowSchema = z.object({
  rank: z.number(),
  team_id: z.number(),
  team_name_zh: z.string(),
  team_name_zht: z.string(),
  team_name_en: z.string(),
  team_name_es: z.string(),
  team_logo: z.string(),
  played: z.number(),
  won: z.number(),
  drawn: z.number(),
  lost: z.number(),
  goals_for: z.number(),
  goals_against: z.number(),
  goal_diff: z.number(),
  points: z.number(),
  /** Basketball: wins / played, in thousandths (0–1000). */
  win_pct: z.number(),
  /** Last five results, oldest first: W, D or L. */
  form: z.array(z.enum(['W', 'D', 'L'])),
});
export type StandingRow = z.infer<typeof standingRowSchema>;

// ---------------------------------------------------------------------------------------------
// Inputs shared by several calls

/** Ids are 32-bit in the database: a larger number names nothing, and must not reach a query (it would fail there). */
const ID_MAX = 2_147_483_647;
const intParam = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg).max(ID_MAX, msg);
const matchIdField = z.preprocess((v) => (v === '' ? undefined : v), intParam('matches.match_id_invalid'));
/** 0 both sports, 1 football, 2 basketball. */
const sportTypeField = z.preprocess((v) => (v === '' || v == null ? 0 : v), z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'matches.type_invalid' })));
const sportTypeRequired = z.preprocess((v) => (v === '' || v == null ? 1 : v), z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: 'matches.type_invalid' })));
const pageField = z.preprocess(
  (v) => (v === '' || v == null ? 1 : v),
  z.coerce.number({ error: 'matches.page_invalid' }).int('matches.page_invalid').min(1, 'matches.page_invalid').max(10_000, 'matches.page_invalid'),
);
const limitField = (def: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v == null ? def : v),
    z.coerce.number({ error: 'matches.limit_invalid' }).int('matches.limit_invalid').min(1, 'matches.limit_invalid').max(max, 'matches.limit_invalid'),
  );
const optionalId = (msg: string) => z.preprocess((v) => (v === '' || v == null || v === 0 || v === '0' ? undefined : v), intParam(msg).optional());

export const LIST_STATUSES = ['all', 'live', 'upcoming', 'finished'] as const;

// ---------------------------------------------------------------------------------------------
// Calls (spec §7) — paths as the spec writes them

/** Hot competitions ("hot match classify"): the chips above match lists and the search page's hot picks. */
export const initialList = defineCall({
  method: 'GET',
  path: 'api/hot_match/initial_list',
  auth: false,
  input: z.object({
    type: sportTypeField,
    /** 1 = every competition (competition data pages), not just the hot ones. */
    all: z.preprocess((v) => (v === '' || v == null ? 0 : v), z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: 'common.input_error' }))),
  }),
  data: z.array(competitionSchema),
});

/** Recommended matches for the home page: live ones of the hottest competitions first, then the next kick-offs. */
export const recommend = defineCall({
  method: 'GET',
  path: 'api/hot_match/recommend',
  auth: false,
  input: z.object({ type: sportTypeField, limit: limitField(12, 50) }),
  data: z.array(matchRowSchema),
});

/** One line of a match's score robot: the automatic text commentary a match page or room shows. */
export const robotLineSchema = z.object({
  id: z.string(),
  kind: z.string(),
  match_str: z.string(),
  /** In the caller's language. */
  text: z.string(),
  iszhu: z.number().nullable(),
  home_score: z.number(),
  away_score: z.number(),
});
export const getRobot = defineCall({
  method: 'GET',
  path: 'api/hot_match/getRobot',
  auth: false,
  input: z.object({ match_id: matchIdField }),
  data: z.object({ match_id: z.number(), name: z.string(), lines: z.array(robotLineSchema) }),
});

/**
 * Every match list ("home page all matches"): by sport, status, competition and local date.
 * The home strip calls it without filters; /football, /basketball, /schedule and the competition
 * pages with them.
 */
export const allMatch = defineCall({
  method: 'POST',
  path: 'api/hot_match/all_match',
  writes: false,
  auth: false,
  input: z.object({
    type: sportTypeField,
    status: z.preprocess((v) => (v === '' || v == null ? 'all' : v), z.enum(LIST_STATUSES, { error: 'matches.status_invalid' })),
    competition_id: optionalId('matches.competition_invalid'),
    season_id: optionalId('matches.season_invalid'),
    /** Local calendar day YYYY-MM-DD, read with `tz`. */
    date: z.preprocess(
      (v) => (v === '' || v == null ? undefined : v),
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'matches.date_invalid')
        .optional(),
    ),
    /** Caller's offset from UTC in minutes (UTC+8 → 480). */
    tz: z.preprocess((v) => (v === '' || v == null ? 0 : v), z.coerce.number({ error: 'matches.tz_invalid' }).int('matches.tz_invalid').min(-840, 'matches.tz_invalid').max(840, 'matches.tz_invalid')),
    /** 1 = only matches the caller collected (needs login). */
    collected: z.preprocess((v) => (v === '' || v == null ? 0 : v), z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: 'common.input_error' }))),
    page: pageField,
    limit: limitField(100, 300),
    /**
     * 'full' (default): every field of a row, as the product family's clients read it. 'list': only
     * what a match list shows (matchListRowSchema), as the site's list pages ask; odds and
     * statistics come with neither (the score socket's exponent frames and the match page carry them).
     */
    view: z.preprocess((v) => (v === '' || v == null ? 'full' : v), z.enum(MATCH_VIEWS, { error: 'common.input_error' })),
  }),
  // A full row first: encoding tries the options in order, and a full row also fits the list shape.
  data: z.object({ list: z.array(z.union([matchRowSchema, matchListRowSchema])), total: z.number(), page: z.number(), limit: z.number() }),
});

export const standingGroupSchema = z.object({ name: z.string(), rows: z.array(standingRowSchema) });
/** Standings ("league table") of a competition's season; group stages give one table per group. */
export const seasonTable = defineCall({
  method: 'GET',
  path: 'api/Football/season_table',
  auth: false,
  input: z.object({ competition_id: z.preprocess((v) => (v === '' ? undefined : v), intParam('matches.competition_invalid')), season_id: optionalId('matches.season_invalid') }),
  data: z.object({
    competition: competitionSchema,
    seasons: z.array(z.object({ id: z.number(), name: z.string() })),
    season_id: z.number(),
    groups: z.array(standingGroupSchema),
  }),
});

/** Collect (favourite) a match or drop it again: toggles unless `status` says which. */
export const collect = defineCall({
  method: 'POST',
  path: 'api/Basketballuser/collect',
  auth: true,
  input: z.object({
    match_id: matchIdField,
    type: sportTypeRequired.optional(),
    status: z.preprocess(
      (v) => (v === '' || v == null ? undefined : v),
      z.coerce
        .number()
        .pipe(z.union([z.literal(0), z.literal(1)], { error: 'common.input_error' }))
        .optional(),
    ),
  }),
  data: z.object({ match_id: z.number(), collect: z.number() }),
});

const reserveInput = z.object({
  match_id: matchIdField,
  type: sportTypeRequired.optional(),
  /** 1 reserve, 0 cancel; absent = toggle. */
  status: z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)], { error: 'common.input_error' }))
      .optional(),
  ),
});
/** A user reserves a match (a reminder before kick-off comes with the notifications work). */
export const reserveMatch = defineCall({ method: 'POST', path: 'api/Live/reserveMatch', auth: true, input: reserveInput, data: z.object({ match_id: z.number(), reserve: z.number() }) });
/** The mobile clients' form: { type, match_id } toggles. */
export const reserveMatch2 = defineCall({ method: 'POST', path: 'api/Live/reserveMatch2', auth: true, input: reserveInput, data: z.object({ match_id: z.number(), reserve: z.number() }) });

// ---- Calls of this site (paths not in the spec)

export const matchDetailSchema = z.object({
  match: matchRowSchema,
  events: z.array(matchEventSchema),
  stats: z.array(statSchema),
  exponents: z.array(exponentRowSchema),
  companies: z.array(companySchema),
  /** Where a replay's data came from, shown with the match. */
  source: z.string(),
});
export type MatchDetail = z.infer<typeof matchDetailSchema>;
export const matchDetail = defineCall({ method: 'GET', path: 'api/hot_match/detail', auth: false, input: z.object({ id: matchIdField }), data: matchDetailSchema });

export const reserveList = defineCall({
  method: 'GET',
  path: 'api/hot_match/reserveList',
  auth: true,
  input: z.object({ type: sportTypeField }),
  data: z.array(matchRowSchema),
});

// ---- Head-to-head, form and team pages (issue #19 item 13)

/** One finished match seen from one team: W, D or L for that team, and the match itself. */
export const formEntrySchema = z.object({ result: z.enum(['W', 'D', 'L']), match: matchRowSchema });
export type FormEntry = z.infer<typeof formEntrySchema>;

/** Wins, draws, losses and goals of past meetings, counted for this match's home and away team. */
export const headToHeadSummarySchema = z.object({
  played: z.number(),
  home_wins: z.number(),
  draws: z.number(),
  away_wins: z.number(),
  home_goals: z.number(),
  away_goals: z.number(),
});

/** Past meetings of a match's two teams (any competition, before its kick-off) and each side's last five results. */
export const matchHeadToHead = defineCall({
  method: 'GET',
  path: 'api/hot_match/head_to_head',
  auth: false,
  input: z.object({ id: matchIdField }),
  data: z.object({
    match_id: z.number(),
    home_team_id: z.number(),
    away_team_id: z.number(),
    summary: headToHeadSummarySchema,
    /** Newest first, at most 10 (the summary counts every meeting). */
    meetings: z.array(matchRowSchema),
    /** Newest first, at most 5, any competition, before this match. */
    home_form: z.array(formEntrySchema),
    away_form: z.array(formEntrySchema),
  }),
});
export type HeadToHead = z.infer<typeof matchHeadToHead.data>;

export const teamSchema = z.object({
  id: z.number(),
  sport: z.enum(SPORTS),
  name_zh: nameSchemas.zh,
  name_zht: nameSchemas.zht,
  name_en: nameSchemas.en,
  name_es: nameSchemas.es,
  logo: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

/** The team's group table in one competition's season (its latest season there). */
export const teamStandingSchema = z.object({
  competition_id: z.number(),
  competition_name_zh: nameSchemas.zh,
  competition_name_zht: nameSchemas.zht,
  competition_name_en: nameSchemas.en,
  competition_name_es: nameSchemas.es,
  competition_color: z.string(),
  season_id: z.number(),
  season: z.string(),
  group: standingGroupSchema,
});
export type TeamStanding = z.infer<typeof teamStandingSchema>;

/** A team page: fixtures (live and upcoming), results, last five and its tables across competitions. */
export const teamDetail = defineCall({
  method: 'GET',
  path: 'api/hot_match/team',
  auth: false,
  input: z.object({ id: z.preprocess((v) => (v === '' ? undefined : v), intParam('matches.team_id_invalid')) }),
  data: z.object({
    team: teamSchema,
    /** Finished matches of every competition: played, won, drawn, lost, goals. */
    record: z.object({ played: z.number(), won: z.number(), drawn: z.number(), lost: z.number(), goals_for: z.number(), goals_against: z.number() }),
    /** Newest first, at most 5. */
    form: z.array(formEntrySchema),
    /** Live first, then by kick-off; at most 20. */
    fixtures: z.array(matchRowSchema),
    /** Newest first; at most 20. */
    results: z.array(matchRowSchema),
    standings: z.array(teamStandingSchema),
  }),
});
export type TeamDetail = z.infer<typeof teamDetail.data>;

export const companies = defineCall({ method: 'GET', path: 'api/hot_match/companies', auth: false, input: z.object({}), data: z.array(companySchema) });

// ---------------------------------------------------------------------------------------------
// Predictions ("foresight"): anchors publish a pick for a match; hit rate once matches end.

export const pundit = z.object({
  uid: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  settled: z.number(),
  hits: z.number(),
  /** hits / settled in thousandths (0–1000). */
  hit_rate: z.number(),
  /** Current run of hits (positive) or misses (negative). */
  streak: z.number(),
});
export const foresightSchema = z.object({
  id: z.number(),
  match: matchRowSchema,
  anchor: pundit,
  kind: z.enum(EXPONENT_KINDS),
  pick: z.enum(['home', 'draw', 'away', 'over', 'under']),
  /** Handicap (asia, for the home side) or total (bs) line; 0 for eu. */
  line: z.number(),
  /** Decimal odds frozen when published. */
  odds: z.number(),
  company_id: z.number(),
  title: z.string(),
  analysis: z.string(),
  result: z.number(),
  created_at: z.number(),
});
export type Foresight = z.infer<typeof foresightSchema>;

export const foresightList = defineCall({
  method: 'GET',
  path: 'api/foresight/list',
  auth: false,
  input: z.object({
    type: sportTypeField,
    match_id: optionalId('matches.match_id_invalid'),
    anchor_id: optionalId('matches.anchor_invalid'),
    /** 0 all, 1 pending, 2 settled. */
    status: z.preprocess((v) => (v === '' || v == null ? 0 : v), z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'matches.status_invalid' }))),
    page: pageField,
    limit: limitField(20, 50),
  }),
  data: z.object({ list: z.array(foresightSchema), total: z.number(), page: z.number(), limit: z.number() }),
});

export const foresightDetail = defineCall({
  method: 'GET',
  path: 'api/foresight/detail',
  auth: false,
  input: z.object({ id: z.preprocess((v) => (v === '' ? undefined : v), intParam('matches.foresight_invalid')) }),
  data: foresightSchema,
});

export const foresightPublish = defineCall({
  method: 'POST',
  path: 'api/foresight/publish',
  auth: true,
  input: z
    .object({
      match_id: matchIdField,
      kind: z.enum(EXPONENT_KINDS, { error: 'matches.pick_kind_invalid' }),
      pick: z.enum(['home', 'draw', 'away', 'over', 'under'], { error: 'matches.pick_invalid' }),
      title: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
        z.string({ error: 'matches.title_length' }).min(FORESIGHT_TITLE_MIN, 'matches.title_length').max(FORESIGHT_TITLE_MAX, 'matches.title_length'),
      ),
      analysis: z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string({ error: 'matches.analysis_long' }).max(FORESIGHT_ANALYSIS_MAX, 'matches.analysis_long')),
      company_id: optionalId('matches.company_invalid'),
    })
    .refine((v) => (PICKS[v.kind] as readonly string[]).includes(v.pick), { message: 'matches.pick_invalid', path: ['pick'] }),
  data: foresightSchema,
});

export const foresightPundits = defineCall({
  method: 'GET',
  path: 'api/foresight/pundits',
  auth: false,
  input: z.object({ limit: limitField(10, 50) }),
  data: z.array(pundit),
});

// ---------------------------------------------------------------------------------------------
// Ingest: the authenticated HTTP feed a data provider or an operator pushes to. The embedded
// replay goes through the same service calls. Token: `Authorization: Bearer <FEED_TOKEN>`.

const nameSet = z.object({
  en: z.string().trim().min(1, 'matches.feed_name_required').max(80, 'matches.feed_name_long'),
  zh: z.string().trim().max(80, 'matches.feed_name_long').optional(),
  zht: z.string().trim().max(80, 'matches.feed_name_long').optional(),
  es: z.string().trim().max(80, 'matches.feed_name_long').optional(),
});
const feedKey = z.string({ error: 'matches.feed_key_invalid' }).trim().min(1, 'matches.feed_key_invalid').max(100, 'matches.feed_key_invalid');
const pair = z.tuple([z.number().int().min(0).max(999), z.number().int().min(0).max(999)], { error: 'matches.feed_pair_invalid' });

export const feedTeamSchema = z.object({ key: feedKey, name: nameSet, logo: z.string().max(500).optional(), region: z.string().max(40).optional() });
export const feedMatchSchema = z.object({
  /** The provider's id of the match; the same key updates the same match. */
  key: feedKey,
  sport: z.enum(SPORTS, { error: 'matches.sport_invalid' }),
  competition: z.object({
    key: feedKey,
    name: nameSet,
    short: z.string().max(20).optional(),
    logo: z.string().max(500).optional(),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'matches.feed_color_invalid')
      .optional(),
    country: z.string().max(40).optional(),
    /** Lower = shown first; hot competitions are the ones with priority ≤ 20. */
    priority: z.number().int().min(0).max(1000).optional(),
  }),
  season: z.string().trim().min(1).max(40).optional(),
  home: feedTeamSchema,
  away: feedTeamSchema,
  kickoff: z.iso.datetime({ offset: true, error: 'matches.feed_time_invalid' }),
  round: z.string().max(60).optional(),
  group: z.string().max(60).optional(),
  venue: z.string().max(120).optional(),
  status: z.number({ error: 'matches.status_code_invalid' }).int('matches.status_code_invalid').min(1, 'matches.status_code_invalid').max(13, 'matches.status_code_invalid').optional(),
  match_str: z.string().max(20).optional(),
  /** When the current period began (ISO), so clients can run the clock. */
  period_started_at: z.iso.datetime({ offset: true, error: 'matches.feed_time_invalid' }).nullable().optional(),
  score: pair.optional(),
  half: pair.optional(),
  corners: pair.optional(),
  yellow: pair.optional(),
  red: pair.optional(),
  penalties: pair.nullable().optional(),
  quarters: z.object({ home: z.array(z.number().int().min(0).max(999)).max(10), away: z.array(z.number().int().min(0).max(999)).max(10) }).optional(),
  stats: z
    .array(z.object({ key: z.string().min(1).max(40), home: z.number().min(0).max(100000), away: z.number().min(0).max(100000) }))
    .max(40)
    .optional(),
});
export type FeedMatch = z.infer<typeof feedMatchSchema>;

export const feedEventSchema = z.object({
  /** The provider's id of the event: a repeated push of the same key changes nothing. */
  key: feedKey,
  kind: z.enum(EVENT_KINDS, { error: 'matches.event_kind_invalid' }),
  side: z.enum(['home', 'away'], { error: 'matches.side_invalid' }),
  minute: z.number({ error: 'matches.minute_invalid' }).int('matches.minute_invalid').min(0, 'matches.minute_invalid').max(200, 'matches.minute_invalid'),
  extra: z.number().int().min(0).max(30).optional(),
  player: z.string().max(80).optional(),
  player2: z.string().max(80).optional(),
  /** Score after a goal; when absent the scoring side gets one more. */
  score: pair.optional(),
});
export type FeedEvent = z.infer<typeof feedEventSchema>;

const matchRef = {
  /** Our id, or the provider's key of a match it pushed. */
  match_id: z.number().int().positive().optional(),
  match_key: feedKey.optional(),
};
const hasRef = (v: { match_id?: number; match_key?: string }) => v.match_id !== undefined || v.match_key !== undefined;

export const feedOddsSchema = z.object({
  company_id: z.number({ error: 'matches.company_invalid' }).int('matches.company_invalid').min(1, 'matches.company_invalid').max(999, 'matches.company_invalid'),
  company_name: z.string().max(40).optional(),
  kind: z.enum(EXPONENT_KINDS, { error: 'matches.pick_kind_invalid' }),
  initial: oddsTriple.optional(),
  immediate: oddsTriple.optional(),
  scram: oddsTriple.nullable().optional(),
});
export type FeedOdds = z.infer<typeof feedOddsSchema>;

/** A full match as a provider may push it: with its events and odds in the same item (a back-fill does this). */
export const feedMatchFullSchema = feedMatchSchema.extend({
  events: z.array(feedEventSchema).max(200, 'matches.feed_list_invalid').optional(),
  odds: z.array(feedOddsSchema).max(60, 'matches.feed_list_invalid').optional(),
});

export const feedMatches = defineCall({
  method: 'POST',
  path: 'api/feed/matches',
  auth: false,
  input: z.object({ matches: z.array(feedMatchFullSchema, { error: 'matches.feed_list_invalid' }).min(1, 'matches.feed_list_invalid').max(500, 'matches.feed_list_invalid') }),
  data: z.object({ ids: z.array(z.number()) }),
});

export const feedEvents = defineCall({
  method: 'POST',
  path: 'api/feed/events',
  auth: false,
  input: z
    .object({ ...matchRef, events: z.array(feedEventSchema, { error: 'matches.feed_list_invalid' }).min(1, 'matches.feed_list_invalid').max(200, 'matches.feed_list_invalid') })
    .refine(hasRef, { message: 'matches.match_id_invalid', path: ['match_id'] }),
  /** applied: events that were new (a repeated key is skipped). */
  data: z.object({ match_id: z.number(), applied: z.number() }),
});

export const feedOdds = defineCall({
  method: 'POST',
  path: 'api/feed/odds',
  auth: false,
  input: z
    .object({ ...matchRef, odds: z.array(feedOddsSchema, { error: 'matches.feed_list_invalid' }).min(1, 'matches.feed_list_invalid').max(100, 'matches.feed_list_invalid') })
    .refine(hasRef, { message: 'matches.match_id_invalid', path: ['match_id'] }),
  data: z.object({ match_id: z.number() }),
});
