import crypto from 'node:crypto';
import type { Competition, MatchDetail, MatchRow, Sport } from '@livesports/contracts/matches';
import { type Lang, translate } from '@livesports/contracts/messages';
import type { AuthUser } from '../../platform/auth.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import { createForesight } from './foresight.ts';
import { createIngest } from './ingest.ts';
import { createPush } from './push.ts';
import type { ListFilter, MatchesRepo } from './repo.ts';
import { robotLines } from './robot.ts';
import { createRows } from './rows.ts';
import { createTables } from './tables.ts';
import { toEvent, toExponent } from './wire.ts';

const HOUR = 3_600_000;
/** What a socket snapshot holds besides live matches: kick-offs from 3 h ago to 6 h ahead. */
export const SNAPSHOT_BEFORE_MS = 3 * HOUR;
export const SNAPSHOT_AFTER_MS = 6 * HOUR;
const HOT_PRIORITY = 20;

const sportOf = (type: number): Sport | undefined => (type === 1 ? 'football' : type === 2 ? 'basketball' : undefined);

export interface MatchesDeps {
  repo: MatchesRepo;
  bus: Bus;
  clock: Clock;
  /** Token the HTTP ingest demands (FEED_TOKEN, or generated into DATA_DIR). */
  feedToken: string;
}

export function createMatchesService(deps: MatchesDeps) {
  const { repo, clock } = deps;
  const push = createPush(deps.bus);
  const tables = createTables(repo);
  const rows = createRows(repo, tables);
  const foresight = createForesight({ repo, clock, rows });
  const ingest = createIngest({ repo, clock, push, rows, tables, onFinal: (m) => foresight.settle(m) });
  const feedTokenHash = crypto.createHash('sha256').update(deps.feedToken).digest();

  function competitionOf(c: Awaited<ReturnType<MatchesRepo['competitions']>>[number], counts: Map<number, { live: number; upcoming: number }>, seasonName: string): Competition {
    const n = counts.get(c.comp.id) ?? { live: 0, upcoming: 0 };
    return {
      id: c.comp.id,
      sport: c.comp.sport as Sport,
      type: c.comp.sport === 'basketball' ? 2 : 1,
      name_zh: c.comp.nameZh,
      name_zht: c.comp.nameZht,
      name_en: c.comp.nameEn,
      name_es: c.comp.nameEs,
      short_en: c.comp.shortEn || c.comp.nameEn,
      logo: c.comp.logo,
      color: c.comp.color,
      country: c.comp.country,
      season_id: c.seasonId ?? 0,
      season: seasonName,
      live_count: n.live,
      upcoming_count: n.upcoming,
      hot: c.comp.priority <= HOT_PRIORITY,
    };
  }

  async function competitions(type: number, all: boolean) {
    const now = clock.now();
    const [list, counts] = await Promise.all([repo.competitions(sportOf(type)), repo.competitionCounts(now, new Date(now.getTime() + 24 * HOUR))]);
    const seasons = await Promise.all(list.map((c) => (c.seasonId ? repo.season(c.seasonId) : undefined)));
    return list.map((c, i) => competitionOf(c, counts, seasons[i]?.name ?? '')).filter((c) => all || c.hot || c.live_count > 0);
  }

  async function list(f: ListFilter, order: 'kickoff' | 'live_first', limit: number, offset: number, user: AuthUser | null) {
    const page = await repo.list(f, order, limit, offset);
    return { rows: await rows.withFlags(await rows.fromJoined(page.rows), user), total: page.total };
  }

  async function match(id: number) {
    const m = await repo.matchByRef({ id });
    if (!m) throw notFound('matches.match_not_found');
    return m;
  }

  async function toggle(table: 'collect' | 'reserve', user: AuthUser, input: { match_id: number; type?: number; status?: number }) {
    const m = await match(input.match_id);
    if (input.type && sportOf(input.type) !== m.sport) throw badInput('matches.type_mismatch');
    const current = (await repo.flagged(table, user.id, [m.id])).has(m.id);
    const on = input.status === undefined ? !current : input.status === 1;
    // A reservation is a reminder before kick-off: it makes no sense once the match has begun.
    if (table === 'reserve' && on && !current && m.status !== 1) throw badInput('matches.reserve_started');
    await repo.setFlag(table, user.id, m.id, on);
    return on;
  }

  return {
    ingest,
    push,
    foresight,
    rows,

    /** HTTP ingest authentication: `Authorization: Bearer <token>` (or an `x-feed-token` header). */
    checkFeedToken(header: string | undefined) {
      const given = (header ?? '').replace(/^Bearer\s+/i, '').trim();
      const ok = given.length > 0 && crypto.timingSafeEqual(crypto.createHash('sha256').update(given).digest(), feedTokenHash);
      if (!ok) throw new AppError('matches.feed_token', 401);
    },

    /** Other processes' finishes reach this one through the push channel: drop their tables. */
    async listen() {
      return push.subscribe((msg) => {
        if (msg.t === 'rows') for (const r of msg.rows) if (r.status >= 8) tables.invalidate(r.season_id);
      });
    },

    hotCompetitions: (type: number, all: boolean) => competitions(type, all),

    async recommend(type: number, limit: number, user: AuthUser | null) {
      const sport = sportOf(type);
      const live = await list({ sport, status: 'live' }, 'live_first', limit, 0, user);
      if (live.rows.length >= limit) return live.rows;
      const next = await list({ sport, status: 'upcoming', from: clock.now() }, 'kickoff', limit - live.rows.length, 0, user);
      return [...live.rows, ...next.rows];
    },

    async allMatch(
      input: { type: number; status: ListFilter['status']; competition_id?: number; season_id?: number; date?: string; tz: number; collected: number; page: number; limit: number },
      user: AuthUser | null,
    ) {
      const f: ListFilter = { sport: sportOf(input.type), status: input.status, competitionId: input.competition_id, seasonId: input.season_id };
      if (input.date) {
        const [y, mo, d] = input.date.split('-').map(Number);
        const start = Date.UTC(y, mo - 1, d) - input.tz * 60_000;
        if (Number.isNaN(start) || new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) throw badInput('matches.date_invalid');
        f.from = new Date(start);
        f.to = new Date(start + 24 * HOUR);
      }
      if (input.collected) {
        if (!user) throw new AppError('auth.login_first', 401, 700);
        f.ids = await repo.flaggedIds('collect', user.id);
      }
      if (input.competition_id && !(await repo.competition(input.competition_id))) throw notFound('matches.competition_not_found');
      const order = input.status === 'all' && !input.date ? 'live_first' : 'kickoff';
      const page = await list(f, order, input.limit, (input.page - 1) * input.limit, user);
      return { list: page.rows, total: page.total, page: input.page, limit: input.limit };
    },

    async seasonTable(competitionId: number, seasonId?: number) {
      const comp = await repo.competition(competitionId);
      if (!comp) throw notFound('matches.competition_not_found');
      const seasons = await repo.seasons(competitionId);
      const season = seasonId ? seasons.find((s) => s.id === seasonId) : seasons[0];
      if (seasonId && !season) throw notFound('matches.season_invalid');
      const [competition] = (await competitions(comp.sport === 'basketball' ? 2 : 1, true)).filter((c) => c.id === competitionId);
      return { competition, seasons, season_id: season?.id ?? 0, groups: season ? await tables.tables(season.id) : [] };
    },

    async detail(id: number, user: AuthUser | null): Promise<MatchDetail> {
      const m = await match(id);
      const [[row], events, odds, companies] = await Promise.all([rows.byIds([id]), repo.events(id), repo.odds([id]), repo.companies()]);
      const [flagged] = await rows.withFlags([row], user);
      return {
        match: flagged,
        events: events.map(toEvent),
        stats: m.stats,
        exponents: odds.map(toExponent),
        companies,
        source: m.source === 'replay' ? 'openfootball (CC0)' : '',
      };
    },

    async robot(id: number, lang: Lang) {
      await match(id);
      const [[row], events] = await Promise.all([rows.byIds([id]), repo.events(id)]);
      return { match_id: id, name: translate(lang, 'matches.robot_name'), lines: robotLines(row, events.map(toEvent), lang) };
    },

    companies: () => repo.companies(),

    async reserveList(user: AuthUser, type: number) {
      const ids = await repo.flaggedIds('reserve', user.id);
      const page = await list({ sport: sportOf(type), ids }, 'kickoff', 500, 0, user);
      return page.rows;
    },

    async collect(user: AuthUser, input: { match_id: number; type?: number; status?: number }) {
      return { match_id: input.match_id, collect: (await toggle('collect', user, input)) ? 1 : 0 };
    },
    async reserve(user: AuthUser, input: { match_id: number; type?: number; status?: number }) {
      return { match_id: input.match_id, reserve: (await toggle('reserve', user, input)) ? 1 : 0 };
    },

    /** What a (re)connecting socket client gets first: every match in play or near its kick-off. */
    async snapshot(sport: Sport): Promise<MatchRow[]> {
      const now = clock.now().getTime();
      return rows.fromJoined(await repo.window(sport, new Date(now - SNAPSHOT_BEFORE_MS), new Date(now + SNAPSHOT_AFTER_MS)));
    },
    async exponentSnapshot(sport: Sport, companyId: number) {
      const now = clock.now().getTime();
      const ids = (await repo.window(sport, new Date(now - SNAPSHOT_BEFORE_MS), new Date(now + SNAPSHOT_AFTER_MS))).map((j) => j.m.id);
      return (await repo.odds(ids)).filter((o) => o.companyId === companyId).map(toExponent);
    },
  };
}
export type MatchesService = ReturnType<typeof createMatchesService>;
