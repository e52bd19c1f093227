import { aliasedTable, and, asc, type Column, count, desc, eq, getTableColumns, gte, inArray, lt, lte, ne, or, sql, type SQL, type Table } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  foresights,
  matchCollects,
  matchCompetitions,
  matchEvents,
  matches,
  matchOdds,
  matchOddsCompanies,
  matchReplayState,
  matchReservations,
  matchSeasons,
  matchTeams,
  type OddsValues,
} from '../../db/schema/matches.ts';
import { users } from '../../db/schema/account.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

const home = aliasedTable(matchTeams, 'home');
const away = aliasedTable(matchTeams, 'away');

/** Everything a wire match row needs, in one joined select. */
const rowColumns = {
  m: matches,
  c: {
    nameZh: matchCompetitions.nameZh,
    nameZht: matchCompetitions.nameZht,
    nameEn: matchCompetitions.nameEn,
    nameEs: matchCompetitions.nameEs,
    shortEn: matchCompetitions.shortEn,
    logo: matchCompetitions.logo,
    color: matchCompetitions.color,
    priority: matchCompetitions.priority,
  },
  season: matchSeasons.name,
  h: { nameZh: home.nameZh, nameZht: home.nameZht, nameEn: home.nameEn, nameEs: home.nameEs, logo: home.logo },
  a: { nameZh: away.nameZh, nameZht: away.nameZht, nameEn: away.nameEn, nameEs: away.nameEs, logo: away.logo },
};
export type JoinedMatch = {
  m: typeof matches.$inferSelect;
  c: { nameZh: string; nameZht: string; nameEn: string; nameEs: string; shortEn: string; logo: string; color: string; priority: number };
  season: string;
  h: { nameZh: string; nameZht: string; nameEn: string; nameEs: string; logo: string };
  a: { nameZh: string; nameZht: string; nameEn: string; nameEs: string; logo: string };
};
export type MatchRecord = typeof matches.$inferSelect;
export type MatchEvent = typeof matchEvents.$inferSelect;
/** A feed's event before it is stored: `score` is the score after it, when the feed says so. */
export type EventInput = Pick<MatchEvent, 'extKey' | 'kind' | 'side' | 'minute' | 'extra' | 'player' | 'player2'> & { score: readonly [number, number] | null };

/** What `feed_add_events` returns: rows as PostgreSQL's to_jsonb writes them (column names). */
type JsonRow = Record<string, unknown>;
type AppliedJson = { match: JsonRow; events: JsonRow[]; competition: JsonRow; season: JsonRow; home: JsonRow; away: JsonRow };

/** A row that came as JSON, read through its table's own column mappers (dates, jsonb…). */
function fromJson<T extends Table>(table: T, json: JsonRow): T['$inferSelect'] {
  return picked(getTableColumns(table), json) as T['$inferSelect'];
}
/** The chosen columns (property → column) of a row that came as JSON. */
function picked<S extends Record<string, Column>>(columns: S, json: JsonRow): { [K in keyof S]: S[K]['_']['data'] } {
  const out: Record<string, unknown> = {};
  for (const [prop, col] of Object.entries(columns)) {
    const v = json[col.name];
    out[prop] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return out as { [K in keyof S]: S[K]['_']['data'] };
}
export type MatchInsert = typeof matches.$inferInsert;
export type EventInsert = typeof matchEvents.$inferInsert;

export interface ListFilter {
  sport?: string;
  status?: 'all' | 'live' | 'upcoming' | 'finished';
  competitionId?: number;
  seasonId?: number;
  from?: Date;
  to?: Date;
  /** Only these match ids (collected lists). */
  ids?: number[];
}

/**
 * live_first: in play, then to come, then the rest, hottest competition first (undated lists);
 * live_pinned: in play, then everything else by kick-off (a day's list); kickoff: by kick-off.
 */
export type ListOrder = 'kickoff' | 'live_first' | 'live_pinned';

function joined(db: Conn) {
  return db
    .select(rowColumns)
    .from(matches)
    .innerJoin(matchCompetitions, eq(matchCompetitions.id, matches.competitionId))
    .innerJoin(matchSeasons, eq(matchSeasons.id, matches.seasonId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId));
}

function listWhere(f: ListFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.sport) parts.push(eq(matches.sport, f.sport));
  if (f.competitionId) parts.push(eq(matches.competitionId, f.competitionId));
  if (f.seasonId) parts.push(eq(matches.seasonId, f.seasonId));
  if (f.from) parts.push(gte(matches.kickoffAt, f.from));
  if (f.to) parts.push(lt(matches.kickoffAt, f.to));
  if (f.ids) parts.push(f.ids.length ? inArray(matches.id, f.ids) : sql`false`);
  if (f.status === 'live') parts.push(and(gte(matches.status, 2), lte(matches.status, 7))!);
  if (f.status === 'upcoming') parts.push(eq(matches.status, 1));
  if (f.status === 'finished') parts.push(or(eq(matches.status, 8), gte(matches.status, 9))!);
  return parts.length ? and(...parts) : undefined;
}

/** Played to the end (postponed, cancelled and abandoned matches have no result to count). */
const finished = eq(matches.status, 8);
const ofTeam = (teamId: number) => or(eq(matches.homeTeamId, teamId), eq(matches.awayTeamId, teamId));

export function createMatchesRepo(db: Db) {
  return {
    db,
    transaction<T>(fn: (tx: Tx) => Promise<T>) {
      return db.transaction(fn);
    },

    // ---- reference data (feeds)
    async upsertCompetition(c: typeof matchCompetitions.$inferInsert, conn: Conn = db) {
      const [row] = await conn
        .insert(matchCompetitions)
        .values(c)
        .onConflictDoUpdate({
          target: [matchCompetitions.sport, matchCompetitions.key],
          set: { nameZh: c.nameZh, nameZht: c.nameZht, nameEn: c.nameEn, nameEs: c.nameEs, shortEn: c.shortEn, logo: c.logo, color: c.color, country: c.country, priority: c.priority },
        })
        .returning({ id: matchCompetitions.id });
      return row.id;
    },
    async upsertSeason(competitionId: number, name: string, conn: Conn = db) {
      const [row] = await conn
        .insert(matchSeasons)
        .values({ competitionId, name })
        .onConflictDoUpdate({ target: [matchSeasons.competitionId, matchSeasons.name], set: { name } })
        .returning({ id: matchSeasons.id });
      return row.id;
    },
    async upsertTeam(t: typeof matchTeams.$inferInsert, conn: Conn = db) {
      const [row] = await conn
        .insert(matchTeams)
        .values(t)
        .onConflictDoUpdate({
          target: [matchTeams.sport, matchTeams.key],
          set: { nameZh: t.nameZh, nameZht: t.nameZht, nameEn: t.nameEn, nameEs: t.nameEs, logo: t.logo, region: t.region },
        })
        .returning({ id: matchTeams.id });
      return row.id;
    },
    async competitionSport(id: number, conn: Conn = db) {
      const [row] = await conn.select({ sport: matchCompetitions.sport }).from(matchCompetitions).where(eq(matchCompetitions.id, id));
      return row?.sport;
    },

    // ---- matches (writes)
    /** Inside a transaction the rows are locked, so two feeds writing one match take turns. */
    async matchesByKeys(source: string, keys: string[], conn: Conn = db) {
      if (!keys.length) return [];
      const q = conn
        .select()
        .from(matches)
        .where(and(eq(matches.source, source), inArray(matches.extKey, keys)))
        .orderBy(asc(matches.id));
      return conn === db ? q : q.for('update');
    },
    async matchByRef(ref: { id?: number; source?: string; key?: string }, conn: Conn = db) {
      const where = ref.id !== undefined ? eq(matches.id, ref.id) : and(eq(matches.source, ref.source!), eq(matches.extKey, ref.key!));
      const [row] = await conn.select().from(matches).where(where);
      return row;
    },
    /** Insert or replace whole rows (the caller merged partial updates already); rev grows by one. */
    async saveMatches(rows: MatchInsert[], conn: Conn = db) {
      if (!rows.length) return [];
      const cols = [
        'competition_id',
        'season_id',
        'home_team_id',
        'away_team_id',
        'round',
        'grp',
        'venue',
        'kickoff_at',
        'status',
        'match_str',
        'period_started_at',
        'home_score',
        'away_score',
        'home_half',
        'away_half',
        'home_corner',
        'away_corner',
        'home_red',
        'away_red',
        'home_yellow',
        'away_yellow',
        'home_penalty',
        'away_penalty',
        'home_quarters',
        'away_quarters',
        'stats',
        'simulated',
        'replay_at',
      ];
      const set = Object.fromEntries(cols.map((c) => [camel(c), sql.raw(`excluded.${c}`)]));
      return conn
        .insert(matches)
        .values(rows)
        .onConflictDoUpdate({ target: [matches.source, matches.extKey], set: { ...set, rev: sql`${matches.rev} + 1`, updatedAt: sql`now()` } })
        .returning({ id: matches.id, extKey: matches.extKey, seasonId: matches.seasonId, status: matches.status });
    },
    /**
     * A feed's events for one match in one statement (the function `feed_add_events`, migration
     * 0016, says why and what it does), with everything the match's wire row needs: the function
     * returns the rows as JSON, read here through the tables' own column mappers. Undefined for an
     * unknown match. A concurrent writer that stored one of the events meanwhile makes it throw
     * SQLSTATE 40001.
     */
    async applyEvents(
      ref: { id?: number; source?: string; key?: string },
      events: EventInput[],
      goalKinds: readonly string[],
      conn: Conn = db,
    ): Promise<{ row: JoinedMatch; inserted: MatchEvent[] } | undefined> {
      const input = events.map((e) => ({
        ext_key: e.extKey,
        kind: e.kind,
        side: e.side,
        minute: e.minute,
        extra: e.extra,
        player: e.player,
        player2: e.player2,
        score_home: e.score?.[0] ?? null,
        score_away: e.score?.[1] ?? null,
      }));
      // Both drivers answer with `rows` (node-postgres and PGlite parse jsonb themselves).
      const result = (await conn.execute(
        sql`select feed_add_events(${ref.id ?? null}::integer, ${ref.source ?? null}::text, ${ref.key ?? null}::text, ${JSON.stringify(input)}::jsonb, string_to_array(${goalKinds.join(',')}, ',')) as res`,
      )) as unknown as { rows: Array<{ res: AppliedJson | string | null }> };
      const res = result.rows[0]?.res;
      if (!res) return undefined;
      const applied = typeof res === 'string' ? (JSON.parse(res) as AppliedJson) : res;
      const m = fromJson(matches, applied.match);
      return {
        row: {
          m,
          c: picked(rowColumns.c, applied.competition),
          season: picked({ name: rowColumns.season }, applied.season).name,
          h: picked(rowColumns.h, applied.home),
          a: picked(rowColumns.a, applied.away),
        },
        inserted: applied.events.map((e) => fromJson(matchEvents, e)),
      };
    },
    async setReplayAt(id: number, at: number, conn: Conn = db) {
      await conn.update(matches).set({ replayAt: at }).where(eq(matches.id, id));
    },
    async insertEvents(rows: EventInsert[], conn: Conn = db) {
      if (!rows.length) return [];
      return conn.insert(matchEvents).values(rows).onConflictDoNothing().returning();
    },
    async events(matchId: number, conn: Conn = db) {
      return conn.select().from(matchEvents).where(eq(matchEvents.matchId, matchId)).orderBy(asc(matchEvents.minute), asc(matchEvents.extra), asc(matchEvents.id));
    },

    // ---- odds
    async ensureCompany(id: number, name: string, conn: Conn = db) {
      await conn.insert(matchOddsCompanies).values({ id, name }).onConflictDoUpdate({ target: matchOddsCompanies.id, set: { name } });
    },
    async companyNames(conn: Conn = db) {
      return new Map((await conn.select().from(matchOddsCompanies)).map((r) => [r.id, r.name]));
    },
    async companies() {
      return db.select().from(matchOddsCompanies).orderBy(asc(matchOddsCompanies.id));
    },
    async odds(matchIds: number[], conn: Conn = db) {
      if (!matchIds.length) return [];
      return conn.select().from(matchOdds).where(inArray(matchOdds.matchId, matchIds)).orderBy(asc(matchOdds.matchId), asc(matchOdds.companyId));
    },
    async saveOdds(rows: Array<{ matchId: number; companyId: number; asia: OddsValues; eu: OddsValues; bs: OddsValues }>, conn: Conn = db) {
      if (!rows.length) return [];
      return conn
        .insert(matchOdds)
        .values(rows)
        .onConflictDoUpdate({
          target: [matchOdds.matchId, matchOdds.companyId],
          set: { asia: sql.raw('excluded.asia'), eu: sql.raw('excluded.eu'), bs: sql.raw('excluded.bs'), rev: sql`${matchOdds.rev} + 1` },
        })
        .returning();
    },

    // ---- reads
    async rowsByIds(ids: number[], conn: Conn = db): Promise<JoinedMatch[]> {
      if (!ids.length) return [];
      return (await joined(conn).where(inArray(matches.id, ids))) as JoinedMatch[];
    },
    async list(f: ListFilter, order: ListOrder, limit: number, offset: number): Promise<{ rows: JoinedMatch[]; total: number }> {
      const where = listWhere(f);
      const orderBy =
        order === 'live_first'
          ? [sql`case when ${matches.status} between 2 and 7 then 0 when ${matches.status} = 1 then 1 else 2 end`, asc(matchCompetitions.priority), asc(matches.kickoffAt), asc(matches.id)]
          : order === 'live_pinned'
            ? [sql`case when ${matches.status} between 2 and 7 then 0 else 1 end`, asc(matches.kickoffAt), asc(matchCompetitions.priority), asc(matches.id)]
            : f.status === 'finished'
              ? [desc(matches.kickoffAt), asc(matchCompetitions.priority), asc(matches.id)]
              : [asc(matches.kickoffAt), asc(matchCompetitions.priority), asc(matches.id)];
      const rows = (await joined(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset)) as JoinedMatch[];
      const [{ n }] = await db.select({ n: count() }).from(matches).where(where);
      return { rows, total: Number(n) };
    },
    /** One match's kick-off, status and names in every language (a live room's reservation names it). */
    async summary(sport: string | null, id: number) {
      const [row] = await db
        .select({
          id: matches.id,
          sport: matches.sport,
          kickoffAt: matches.kickoffAt,
          status: matches.status,
          home: { zh: home.nameZh, en: home.nameEn, es: home.nameEs },
          away: { zh: away.nameZh, en: away.nameEn, es: away.nameEs },
          league: { zh: matchCompetitions.nameZh, en: matchCompetitions.nameEn, es: matchCompetitions.nameEs },
        })
        .from(matches)
        .innerJoin(home, eq(home.id, matches.homeTeamId))
        .innerJoin(away, eq(away.id, matches.awayTeamId))
        .innerJoin(matchCompetitions, eq(matchCompetitions.id, matches.competitionId))
        .where(and(eq(matches.id, id), sport ? eq(matches.sport, sport) : undefined))
        .limit(1);
      return row ?? null;
    },
    /** Live matches plus those kicking off or finished within the window: what a socket snapshot holds. */
    /** Every match's status, kick-off and revision: where it sits in the lists (list-patch.ts). */
    async places() {
      return db.select({ id: matches.id, status: matches.status, kickoffAt: matches.kickoffAt, rev: matches.rev }).from(matches);
    },
    async window(sport: string, from: Date, to: Date): Promise<JoinedMatch[]> {
      return (await joined(db)
        .where(and(eq(matches.sport, sport), or(and(gte(matches.status, 2), lte(matches.status, 7)), and(gte(matches.kickoffAt, from), lt(matches.kickoffAt, to)))))
        .orderBy(asc(matches.kickoffAt), asc(matches.id))) as JoinedMatch[];
    },
    async competitions(sport?: string) {
      return db
        .select({ comp: matchCompetitions, seasonId: sql<number>`(select max(s.id) from match_seasons s where s.competition_id = "match_competitions"."id")` })
        .from(matchCompetitions)
        .where(sport ? eq(matchCompetitions.sport, sport) : undefined)
        .orderBy(asc(matchCompetitions.priority), asc(matchCompetitions.id));
    },
    async competition(id: number) {
      const [row] = await db.select().from(matchCompetitions).where(eq(matchCompetitions.id, id));
      return row;
    },
    async seasons(competitionId: number) {
      return db.select({ id: matchSeasons.id, name: matchSeasons.name }).from(matchSeasons).where(eq(matchSeasons.competitionId, competitionId)).orderBy(desc(matchSeasons.id));
    },
    async season(id: number) {
      const [row] = await db.select().from(matchSeasons).where(eq(matchSeasons.id, id));
      return row;
    },
    /** Per competition: live matches, and matches live or kicking off before `until`. */
    async competitionCounts(now: Date, until: Date) {
      const rows = await db
        .select({
          competitionId: matches.competitionId,
          live: sql<number>`count(*) filter (where ${matches.status} between 2 and 7)`,
          upcoming: sql<number>`count(*) filter (where ${matches.status} between 2 and 7 or (${matches.status} = 1 and ${matches.kickoffAt} >= ${now} and ${matches.kickoffAt} < ${until}))`,
        })
        .from(matches)
        .groupBy(matches.competitionId);
      return new Map(rows.map((r) => [r.competitionId, { live: Number(r.live), upcoming: Number(r.upcoming) }]));
    },
    /** Finished matches of a season with both teams, for standings. */
    async seasonResults(seasonId: number) {
      return db
        .select({
          id: matches.id,
          grp: matches.grp,
          kickoffAt: matches.kickoffAt,
          homeTeamId: matches.homeTeamId,
          awayTeamId: matches.awayTeamId,
          homeScore: matches.homeScore,
          awayScore: matches.awayScore,
          status: matches.status,
        })
        .from(matches)
        .where(eq(matches.seasonId, seasonId))
        .orderBy(asc(matches.kickoffAt), asc(matches.id));
    },
    async teams(ids: number[]) {
      if (!ids.length) return [];
      return db.select().from(matchTeams).where(inArray(matchTeams.id, ids));
    },

    // ---- teams (head-to-head, form, team pages)
    async team(id: number) {
      const [row] = await db.select().from(matchTeams).where(eq(matchTeams.id, id));
      return row;
    },
    /** Finished meetings of two teams (either way round) before `before`, newest first. */
    async meetings(a: number, b: number, before: Date, limit: number): Promise<JoinedMatch[]> {
      const pair = or(and(eq(matches.homeTeamId, a), eq(matches.awayTeamId, b)), and(eq(matches.homeTeamId, b), eq(matches.awayTeamId, a)));
      return (await joined(db)
        .where(and(pair, finished, lt(matches.kickoffAt, before)))
        .orderBy(desc(matches.kickoffAt), desc(matches.id))
        .limit(limit)) as JoinedMatch[];
    },
    /** A team's finished matches (before `before` when given), newest first. */
    async teamResults(teamId: number, limit: number, before?: Date): Promise<JoinedMatch[]> {
      return (await joined(db)
        .where(and(ofTeam(teamId), finished, before ? lt(matches.kickoffAt, before) : undefined))
        .orderBy(desc(matches.kickoffAt), desc(matches.id))
        .limit(limit)) as JoinedMatch[];
    },
    /** A team's matches in play, then those still to come, by kick-off. */
    async teamFixtures(teamId: number, limit: number): Promise<JoinedMatch[]> {
      return (await joined(db)
        .where(and(ofTeam(teamId), lte(matches.status, 7)))
        .orderBy(sql`case when ${matches.status} between 2 and 7 then 0 else 1 end`, asc(matches.kickoffAt), asc(matches.id))
        .limit(limit)) as JoinedMatch[];
    },
    /** Goals and results over every finished match of a team. */
    async teamRecord(teamId: number) {
      const gf = sql`case when ${matches.homeTeamId} = ${teamId} then ${matches.homeScore} else ${matches.awayScore} end`;
      const ga = sql`case when ${matches.homeTeamId} = ${teamId} then ${matches.awayScore} else ${matches.homeScore} end`;
      const [r] = await db
        .select({
          played: count(),
          won: sql<number>`count(*) filter (where ${gf} > ${ga})`,
          drawn: sql<number>`count(*) filter (where ${gf} = ${ga})`,
          goalsFor: sql<number>`coalesce(sum(${gf}), 0)`,
          goalsAgainst: sql<number>`coalesce(sum(${ga}), 0)`,
        })
        .from(matches)
        .where(and(ofTeam(teamId), finished));
      const played = Number(r.played);
      const won = Number(r.won);
      const drawn = Number(r.drawn);
      return { played, won, drawn, lost: played - won - drawn, goals_for: Number(r.goalsFor), goals_against: Number(r.goalsAgainst) };
    },
    /** The latest season of each competition the team has a match in, hottest competition first. */
    async teamSeasons(teamId: number) {
      return db
        .select({
          seasonId: sql<number>`max(${matches.seasonId})`.mapWith(Number),
          competitionId: matches.competitionId,
          c: {
            nameZh: matchCompetitions.nameZh,
            nameZht: matchCompetitions.nameZht,
            nameEn: matchCompetitions.nameEn,
            nameEs: matchCompetitions.nameEs,
            color: matchCompetitions.color,
            priority: matchCompetitions.priority,
          },
        })
        .from(matches)
        .innerJoin(matchCompetitions, eq(matchCompetitions.id, matches.competitionId))
        .where(ofTeam(teamId))
        .groupBy(matches.competitionId, matchCompetitions.id)
        .orderBy(asc(matchCompetitions.priority), asc(matches.competitionId));
    },

    // ---- collect / reserve
    async flagged(table: 'collect' | 'reserve', userId: number, matchIds: number[]) {
      if (!matchIds.length) return new Set<number>();
      const t = table === 'collect' ? matchCollects : matchReservations;
      const rows = await db
        .select({ id: t.matchId })
        .from(t)
        .where(and(eq(t.userId, userId), inArray(t.matchId, matchIds)));
      return new Set(rows.map((r) => r.id));
    },
    async flaggedIds(table: 'collect' | 'reserve', userId: number) {
      const t = table === 'collect' ? matchCollects : matchReservations;
      const rows = await db.select({ id: t.matchId }).from(t).where(eq(t.userId, userId));
      return rows.map((r) => r.id);
    },
    async setFlag(table: 'collect' | 'reserve', userId: number, matchId: number, on: boolean) {
      const t = table === 'collect' ? matchCollects : matchReservations;
      if (on) await db.insert(t).values({ userId, matchId }).onConflictDoNothing();
      else await db.delete(t).where(and(eq(t.userId, userId), eq(t.matchId, matchId)));
    },

    // ---- foresight
    async insertForesight(row: typeof foresights.$inferInsert) {
      const [r] = await db.insert(foresights).values(row).onConflictDoNothing().returning({ id: foresights.id });
      return r?.id;
    },
    async foresightPage(f: { sport?: string; matchId?: number; userId?: number; status: number }, limit: number, offset: number) {
      const parts: SQL[] = [];
      if (f.matchId) parts.push(eq(foresights.matchId, f.matchId));
      if (f.userId) parts.push(eq(foresights.userId, f.userId));
      if (f.status === 1) parts.push(eq(foresights.result, 0));
      if (f.status === 2) parts.push(ne(foresights.result, 0));
      if (f.sport) parts.push(eq(matches.sport, f.sport));
      const where = parts.length ? and(...parts) : undefined;
      const rows = await db
        .select({ f: foresights })
        .from(foresights)
        .innerJoin(matches, eq(matches.id, foresights.matchId))
        .where(where)
        .orderBy(desc(foresights.createdAt), desc(foresights.id))
        .limit(limit)
        .offset(offset);
      const [{ n }] = await db.select({ n: count() }).from(foresights).innerJoin(matches, eq(matches.id, foresights.matchId)).where(where);
      return { rows: rows.map((r) => r.f), total: Number(n) };
    },
    async foresight(id: number) {
      const [row] = await db.select().from(foresights).where(eq(foresights.id, id));
      return row;
    },
    async matchesWithPendingForesights(matchIds: number[]) {
      if (!matchIds.length) return [];
      const rows = await db
        .selectDistinct({ id: foresights.matchId })
        .from(foresights)
        .where(and(inArray(foresights.matchId, matchIds), eq(foresights.result, 0)));
      return rows.map((r) => r.id);
    },
    async pendingForesights(matchId: number, conn: Conn = db) {
      return conn
        .select()
        .from(foresights)
        .where(and(eq(foresights.matchId, matchId), eq(foresights.result, 0)));
    },
    async settleForesight(id: number, result: number, at: Date, conn: Conn = db) {
      await conn
        .update(foresights)
        .set({ result, settledAt: at })
        .where(and(eq(foresights.id, id), eq(foresights.result, 0)));
    },
    /** Settled results of these users, newest first (hit rate and streak). */
    async punditResults(userIds: number[]) {
      if (!userIds.length) return [];
      return db
        .select({ userId: foresights.userId, result: foresights.result })
        .from(foresights)
        .where(and(inArray(foresights.userId, userIds), ne(foresights.result, 0)))
        .orderBy(desc(foresights.settledAt), desc(foresights.id));
    },
    async topPundits(limit: number) {
      return db
        .select({
          userId: foresights.userId,
          settled: sql<number>`count(*) filter (where ${foresights.result} in (1, 2))`,
          hits: sql<number>`count(*) filter (where ${foresights.result} = 1)`,
        })
        .from(foresights)
        .groupBy(foresights.userId)
        .orderBy(
          desc(sql`count(*) filter (where ${foresights.result} = 1)::float / greatest(count(*) filter (where ${foresights.result} in (1, 2)), 1)`),
          desc(sql`count(*) filter (where ${foresights.result} = 1)`),
          asc(foresights.userId),
        )
        .limit(limit);
    },
    async users(ids: number[]) {
      if (!ids.length) return [];
      return db.select({ id: users.id, nickname: users.nickname, avatar: users.avatar, isAnchor: users.isAnchor }).from(users).where(inArray(users.id, ids));
    },

    // ---- replay state (the embedded feed's lease and cursor)
    async replayState(sport: string) {
      const [row] = await db.select().from(matchReplayState).where(eq(matchReplayState.sport, sport));
      return row;
    },
    async initReplayState(sport: string, nextKickoff: Date, cursor: number) {
      await db
        .insert(matchReplayState)
        .values({ sport, cursor, nextKickoff, leaseUntil: new Date(0) })
        .onConflictDoNothing();
    },
    /** Take or renew the lease; true when this process drives the replay now. */
    async leaseReplay(sport: string, owner: string, now: Date, until: Date) {
      const rows = await db
        .update(matchReplayState)
        .set({ owner, leaseUntil: until })
        .where(and(eq(matchReplayState.sport, sport), or(eq(matchReplayState.owner, owner), lt(matchReplayState.leaseUntil, now))))
        .returning({ sport: matchReplayState.sport });
      return rows.length > 0;
    },
    async saveReplayCursor(sport: string, cursor: number, cycle: number, nextKickoff: Date) {
      await db.update(matchReplayState).set({ cursor, cycle, nextKickoff }).where(eq(matchReplayState.sport, sport));
    },
    /** Replay matches still to be played or in play (the ticker's work list). */
    async openReplayMatches(sport: string, before: Date) {
      return db
        .select()
        .from(matches)
        .where(and(eq(matches.source, 'replay'), eq(matches.sport, sport), lte(matches.status, 7), lte(matches.kickoffAt, before)))
        .orderBy(asc(matches.kickoffAt));
    },
    async countReplay(sport: string) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(matches)
        .where(and(eq(matches.source, 'replay'), eq(matches.sport, sport)));
      return Number(n);
    },
  };
}
export type MatchesRepo = ReturnType<typeof createMatchesRepo>;

function camel(s: string) {
  return s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}
