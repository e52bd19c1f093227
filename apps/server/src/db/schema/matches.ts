import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

// Matches and live scores. Competitions, teams and matches are keyed by their feed's own key
// (the embedded replay or an HTTP provider), so a repeated push updates instead of duplicating.

export const matchCompetitions = pgTable(
  'match_competitions',
  {
    id: serial('id').primaryKey(),
    /** football | basketball */
    sport: text('sport').notNull(),
    key: text('key').notNull(),
    nameZh: text('name_zh').notNull(),
    nameZht: text('name_zht').notNull(),
    nameEn: text('name_en').notNull(),
    nameEs: text('name_es').notNull(),
    shortEn: text('short_en').notNull().default(''),
    logo: text('logo').notNull().default(''),
    color: text('color').notNull().default('#3b82f6'),
    country: text('country').notNull().default(''),
    /** Lower first; ≤ 20 counts as a hot competition. */
    priority: integer('priority').notNull().default(100),
  },
  (t) => [uniqueIndex('match_competitions_key_uq').on(t.sport, t.key)],
);

export const matchSeasons = pgTable(
  'match_seasons',
  {
    id: serial('id').primaryKey(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => matchCompetitions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('match_seasons_uq').on(t.competitionId, t.name)],
);

export const matchTeams = pgTable(
  'match_teams',
  {
    id: serial('id').primaryKey(),
    sport: text('sport').notNull(),
    key: text('key').notNull(),
    nameZh: text('name_zh').notNull(),
    nameZht: text('name_zht').notNull(),
    nameEn: text('name_en').notNull(),
    nameEs: text('name_es').notNull(),
    logo: text('logo').notNull().default(''),
    /** Conference or country, used to split basketball tables (East / West). */
    region: text('region').notNull().default(''),
  },
  (t) => [uniqueIndex('match_teams_key_uq').on(t.sport, t.key)],
);

export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    sport: text('sport').notNull(),
    /** Which feed owns the match: replay (embedded) or feed (HTTP ingest). */
    source: text('source').notNull(),
    extKey: text('ext_key').notNull(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => matchCompetitions.id),
    seasonId: integer('season_id')
      .notNull()
      .references(() => matchSeasons.id),
    homeTeamId: integer('home_team_id')
      .notNull()
      .references(() => matchTeams.id),
    awayTeamId: integer('away_team_id')
      .notNull()
      .references(() => matchTeams.id),
    round: text('round').notNull().default(''),
    grp: text('grp').notNull().default(''),
    venue: text('venue').notNull().default(''),
    kickoffAt: timestamp('kickoff_at', { withTimezone: true }).notNull(),
    status: smallint('status').notNull().default(1),
    matchStr: text('match_str').notNull().default(''),
    periodStartedAt: timestamp('period_started_at', { withTimezone: true }),
    homeScore: smallint('home_score').notNull().default(0),
    awayScore: smallint('away_score').notNull().default(0),
    homeHalf: smallint('home_half').notNull().default(0),
    awayHalf: smallint('away_half').notNull().default(0),
    homeCorner: smallint('home_corner').notNull().default(0),
    awayCorner: smallint('away_corner').notNull().default(0),
    homeRed: smallint('home_red').notNull().default(0),
    awayRed: smallint('away_red').notNull().default(0),
    homeYellow: smallint('home_yellow').notNull().default(0),
    awayYellow: smallint('away_yellow').notNull().default(0),
    homePenalty: smallint('home_penalty'),
    awayPenalty: smallint('away_penalty'),
    homeQuarters: jsonb('home_quarters').$type<number[]>().notNull().default([]),
    awayQuarters: jsonb('away_quarters').$type<number[]>().notNull().default([]),
    stats: jsonb('stats').$type<Array<{ key: string; home: number; away: number }>>().notNull().default([]),
    /** Which parts a replay generated (minutes, cards, stats, odds…); empty for real feeds. */
    simulated: jsonb('simulated').$type<string[]>().notNull().default([]),
    /** Replay progress: match seconds already applied. */
    replayAt: integer('replay_at').notNull().default(0),
    rev: integer('rev').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('matches_ext_uq').on(t.source, t.extKey),
    index('matches_kickoff_idx').on(t.kickoffAt),
    index('matches_status_idx').on(t.status, t.kickoffAt),
    index('matches_season_idx').on(t.seasonId, t.status),
    index('matches_competition_idx').on(t.competitionId, t.kickoffAt),
    // Team pages, form and head-to-head read a team's matches by kick-off.
    index('matches_home_team_idx').on(t.homeTeamId, t.kickoffAt),
    index('matches_away_team_idx').on(t.awayTeamId, t.kickoffAt),
  ],
);

export const matchEvents = pgTable(
  'match_events',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    extKey: text('ext_key').notNull(),
    kind: text('kind').notNull(),
    /** 1 home, 0 away (the goal event's iszhu). */
    side: smallint('side').notNull(),
    minute: smallint('minute').notNull(),
    extra: smallint('extra').notNull().default(0),
    player: text('player').notNull().default(''),
    player2: text('player2').notNull().default(''),
    homeScore: smallint('home_score').notNull(),
    awayScore: smallint('away_score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('match_events_ext_uq').on(t.matchId, t.extKey)],
);

export const matchOddsCompanies = pgTable('match_odds_companies', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

type Triple = [number, number, number];
export interface OddsValues {
  initial: Triple | null;
  immediate: Triple | null;
  scram: Triple | null;
}

/** Odds ("exponent") of one bookmaker for one match: asia handicap, eu 1X2, bs over/under. */
export const matchOdds = pgTable(
  'match_odds',
  {
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    asia: jsonb('asia').$type<OddsValues>().notNull(),
    eu: jsonb('eu').$type<OddsValues>().notNull(),
    bs: jsonb('bs').$type<OddsValues>().notNull(),
    rev: integer('rev').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.companyId] })],
);

export const matchCollects = pgTable(
  'match_collects',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.matchId] })],
);

export const matchReservations = pgTable(
  'match_reservations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.matchId] }), index('match_reservations_match_idx').on(t.matchId)],
);

/** Predictions: an anchor's pick for a match, with the odds frozen at publication. */
export const foresights = pgTable(
  'foresights',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    pick: text('pick').notNull(),
    line: doublePrecision('line').notNull().default(0),
    odds: doublePrecision('odds').notNull(),
    companyId: integer('company_id').notNull(),
    title: text('title').notNull(),
    analysis: text('analysis').notNull().default(''),
    /** 0 pending, 1 hit, 2 missed, 3 void. */
    result: smallint('result').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('foresights_uq').on(t.matchId, t.userId, t.kind), index('foresights_user_idx').on(t.userId, t.result), index('foresights_created_idx').on(t.createdAt)],
);

/** Where the embedded replay stands, and which process drives it (a lease, renewed each tick). */
export const matchReplayState = pgTable('match_replay_state', {
  sport: text('sport').primaryKey(),
  cursor: integer('cursor').notNull().default(0),
  cycle: integer('cycle').notNull().default(0),
  nextKickoff: timestamp('next_kickoff', { withTimezone: true }).notNull(),
  owner: text('owner').notNull().default(''),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
});
