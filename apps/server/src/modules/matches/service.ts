import type { Competition, MatchDetail, MatchListRow, MatchRow, Sport } from '@livesports/contracts/matches';
import { type Lang, translate } from '@livesports/contracts/messages';
import type { AuthUser } from '../../platform/auth.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import type { Cached, ReadCache } from '../../platform/read-cache.ts';
import { createForesight } from './foresight.ts';
import { createIngest } from './ingest.ts';
import { createListPlaces, patchRows, toListRow } from './list-patch.ts';
import { createPush, type PushMessage } from './push.ts';
import type { ListFilter, ListOrder, MatchesRepo } from './repo.ts';
import { robotLines } from './robot.ts';
import { createRows } from './rows.ts';
import { createTables } from './tables.ts';
import { createTeamReads } from './team-reads.ts';
import { toEvent, toExponent, unix } from './wire.ts';

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
  /** Checks the token the HTTP ingest demands (FEED_TOKEN, generated into DATA_DIR, or rotated in the console). */
  feedToken: { check(header: string | undefined): Promise<void> };
  /** Public reads kept in memory; dropped by the push channel's row and odds messages. */
  cache: ReadCache;
}

/** A page of a match list as every caller without personal flags sees it, full rows or list rows. */
type ListQuery = { f: ListFilter; order: ListOrder; limit: number; offset: number; view: 'full' | 'list' };
/** Competition counts look 24 h ahead and recommend starts "from now": load them again at least this often. */
const CLOCK_BOUND_MS = 60_000;

const sportTags = (sport?: string) => (sport ? [`matches:${sport}`] : ['matches:football', 'matches:basketball']);
/** League positions on rows change when a match of the sport finishes. */
const TABLE_TAGS = ['tables:football', 'tables:basketball'];
const flagTag = (userId: number) => `match-flags:${userId}`;

/** Which cached answers a push message makes untrue (every process applies it on the push channel). */
export function dropTagsOf(msg: PushMessage): string[] {
  if (msg.t === 'rows') {
    const tags = [`matches:${msg.sport}`, ...msg.rows.map((r) => `match:${r.id}`)];
    if (msg.rows.some((r) => r.status >= 8)) tags.push(`tables:${msg.sport}`);
    return tags;
  }
  if (msg.t === 'odds') return ['match-companies', ...new Set(msg.rows.map((r) => `match:${r.match_id}`))];
  return [];
}

export function createMatchesService(deps: MatchesDeps) {
  const { repo, clock, cache } = deps;
  // The writing process drops its own copies in the step that hands the message to the bus (push.ts:
  // the bus may be Redis, and the feed's caller may read right after); every other process when the
  // message comes.
  const places = createListPlaces();
  /** A push message's effect on this process's cached reads: lists patched in place when they can be, else dropped. */
  function applyPush(msg: PushMessage) {
    if (msg.t === 'rows' && places.inPlace(msg.rows)) {
      cache.patch(`matches:${msg.sport}`, new Map(msg.rows.map((r) => [r.id, r])));
      cache.drop(msg.rows.map((r) => `match:${r.id}`));
      return;
    }
    cache.drop(dropTagsOf(msg));
  }
  const push = createPush(deps.bus, applyPush);
  const tables = createTables(repo);
  const rows = createRows(repo, tables);
  const foresight = createForesight({ repo, clock, rows });
  const ingest = createIngest({ repo, clock, push, rows, tables, onFinal: (m) => foresight.settle(m) });
  const teams = createTeamReads({ repo, rows, tables, cache });

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

  const competitionsRead = cache.define('matches:competitions', {
    key: (q: { type: number; all: boolean }) => `${q.type}|${q.all ? 1 : 0}`,
    tags: (q) => sportTags(sportOf(q.type)),
    maxAgeMs: CLOCK_BOUND_MS,
    async load(q) {
      const now = clock.now();
      const [list, counts] = await Promise.all([repo.competitions(sportOf(q.type)), repo.competitionCounts(now, new Date(now.getTime() + 24 * HOUR))]);
      const seasons = await Promise.all(list.map((c) => (c.seasonId ? repo.season(c.seasonId) : undefined)));
      return list.map((c, i) => competitionOf(c, counts, seasons[i]?.name ?? '')).filter((c) => q.all || c.hot || c.live_count > 0);
    },
    // Live and upcoming counts move only when a match changes bucket (a structural change: dropped).
    patch: (d) => d,
  });
  const competitions = async (type: number, all: boolean) => (await competitionsRead.get({ type, all })).data;

  /** all_match pages (every filter the list, schedule and competition pages use). */
  const allMatchRead = cache.define('matches:list', {
    key: (q: ListQuery) => JSON.stringify([q.f.sport, q.f.status, q.f.competitionId, q.f.seasonId, q.f.from?.getTime(), q.f.to?.getTime(), q.order, q.limit, q.offset, q.view]),
    tags: (q) => sportTags(q.f.sport),
    async load(q): Promise<{ list: Array<MatchRow | MatchListRow>; total: number; page: number; limit: number }> {
      if (q.f.competitionId && !(await repo.competition(q.f.competitionId))) throw notFound('matches.competition_not_found');
      const page = await repo.list(q.f, q.order, q.limit, q.offset);
      const full = await rows.fromJoined(page.rows);
      return { list: q.view === 'list' ? full.map(toListRow) : full, total: page.total, page: q.offset / q.limit + 1, limit: q.limit };
    },
    patch(d, change, q) {
      const list = patchRows(d.list, change, q.view === 'list' ? toListRow : undefined);
      return list === d.list ? d : { ...d, list };
    },
  });

  /** The user's reserved and collected matches, kept until they toggle one (any process). */
  const flagsRead = cache.define('matches:flags', {
    key: (userId: number) => String(userId),
    tags: (userId) => [flagTag(userId)],
    max: 20_000,
    async load(userId) {
      const [reserve, collect] = await Promise.all([repo.flaggedIds('reserve', userId), repo.flaggedIds('collect', userId)]);
      return { reserve: new Set(reserve), collect: new Set(collect) };
    },
  });

  /**
   * The shared answer, or for a signed-in caller with flags on some of its rows, a copy with them
   * set (which the route then sends as no-store). Without flags the shared answer is theirs too.
   */
  async function personal<T, R extends MatchListRow>(shared: Cached<T>, user: AuthUser | null, rowsOf: (d: T) => R[], rebuild: (d: T, flagged: R[]) => T): Promise<T | Cached<T>> {
    if (!user) return shared;
    const { reserve, collect } = (await flagsRead.get(user.id)).data;
    const list = rowsOf(shared.data);
    if (!list.some((r) => reserve.has(r.id) || collect.has(r.id))) return shared;
    return rebuild(
      shared.data,
      list.map((r) => ({ ...r, reserve: reserve.has(r.id) ? 1 : 0, collect: collect.has(r.id) ? 1 : 0 })),
    );
  }
  const sameRows = (d: MatchRow[]) => d;
  const replaceRows = (_d: MatchRow[], flagged: MatchRow[]) => flagged;

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
    await cache.invalidate([flagTag(user.id)]);
    return on;
  }

  const recommendRead = cache.define('matches:recommend', {
    key: (q: { type: number; limit: number }) => `${q.type}|${q.limit}`,
    tags: (q) => sportTags(sportOf(q.type)),
    maxAgeMs: CLOCK_BOUND_MS,
    async load(q) {
      const sport = sportOf(q.type);
      const live = await repo.list({ sport, status: 'live' }, 'live_first', q.limit, 0);
      const next = live.rows.length >= q.limit ? [] : (await repo.list({ sport, status: 'upcoming', from: clock.now() }, 'kickoff', q.limit - live.rows.length, 0)).rows;
      return rows.fromJoined([...live.rows, ...next]);
    },
    patch: (d, change) => patchRows(d, change),
  });

  const detailRead = cache.define('matches:detail', {
    key: (id: number) => String(id),
    tags: (id) => [`match:${id}`, 'match-companies', ...TABLE_TAGS],
    max: 2000,
    async load(id): Promise<MatchDetail> {
      const m = await match(id);
      const [[row], events, odds, companies] = await Promise.all([rows.byIds([id]), repo.events(id), repo.odds([id]), repo.companies()]);
      return {
        match: row,
        events: events.map(toEvent),
        stats: m.stats,
        exponents: odds.map(toExponent),
        companies,
        source: m.source === 'replay' ? 'openfootball (CC0)' : '',
      };
    },
  });

  const robotRead = cache.define('matches:robot', {
    key: (q: { id: number; lang: Lang }) => `${q.id}|${q.lang}`,
    tags: (q) => [`match:${q.id}`],
    max: 2000,
    async load(q) {
      await match(q.id);
      const [[row], events] = await Promise.all([rows.byIds([q.id]), repo.events(q.id)]);
      return { match_id: q.id, name: translate(q.lang, 'matches.robot_name'), lines: robotLines(row, events.map(toEvent), q.lang) };
    },
  });

  const seasonTableRead = cache.define('matches:season-table', {
    key: (q: { competitionId: number; seasonId?: number }) => `${q.competitionId}|${q.seasonId ?? 0}`,
    // The competition's live counts move with any match of its sport; its tables with the finishes.
    tags: () => [...sportTags(), ...TABLE_TAGS],
    async load(q) {
      const comp = await repo.competition(q.competitionId);
      if (!comp) throw notFound('matches.competition_not_found');
      const seasons = await repo.seasons(q.competitionId);
      const season = q.seasonId ? seasons.find((s) => s.id === q.seasonId) : seasons[0];
      if (q.seasonId && !season) throw notFound('matches.season_invalid');
      const [competition] = (await competitions(comp.sport === 'basketball' ? 2 : 1, true)).filter((c) => c.id === q.competitionId);
      return { competition, seasons, season_id: season?.id ?? 0, groups: season ? await tables.tables(season.id) : [] };
    },
    // Tables move with finishes, counts with kick-offs: both structural (dropped), never with a score.
    patch: (d) => d,
  });

  const companiesRead = cache.define('matches:companies', { key: () => '', tags: () => ['match-companies'], load: () => repo.companies() });

  return {
    /** Wire rows of these matches in this order (site search lists them). */
    rowsByIds: (ids: number[]) => rows.byIds(ids),
    ingest,
    push,
    foresight,
    rows,

    /** HTTP ingest authentication: `Authorization: Bearer <token>` (or an `x-feed-token` header). */
    checkFeedToken: (header: string | undefined) => deps.feedToken.check(header),

    /**
     * Other processes' writes reach this one through the push channel: drop the cached reads they
     * make untrue, and the tables of finished matches. Subscribed before the score socket, so a
     * frame leaves only after the copies it contradicts are gone.
     */
    async listen() {
      // Other processes' messages only: this one's own writes are applied as it sends them (push.ts).
      const off = await push.subscribe(
        (msg) => {
          applyPush(msg);
          if (msg.t === 'rows') for (const r of msg.rows) if (r.status >= 8) tables.invalidate(r.season_id);
        },
        { othersOnly: true },
      );
      // Where every match sits, so the first score change of a match no list has read yet is
      // patched too (a place learnt from a message meanwhile is newer and kept: rev).
      for (const p of await repo.places()) places.learn({ id: p.id, status: p.status, match_time: unix(p.kickoffAt)!, rev: p.rev });
      places.ready();
      cache.drop(sportTags());
      return off;
    },

    hotCompetitions: (type: number, all: boolean) => competitionsRead.get({ type, all }),

    async recommend(type: number, limit: number, user: AuthUser | null) {
      return personal(await recommendRead.get({ type, limit }), user, sameRows, replaceRows);
    },

    async allMatch(
      input: {
        type: number;
        status: ListFilter['status'];
        competition_id?: number;
        season_id?: number;
        date?: string;
        tz: number;
        collected: number;
        page: number;
        limit: number;
        view: 'full' | 'list';
      },
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
      // Matches in play are pinned at the top of every mixed list; a day's list keeps kick-off order below them.
      const order = input.status !== 'all' ? 'kickoff' : input.date ? 'live_pinned' : 'live_first';
      const q: ListQuery = { f, order, limit: input.limit, offset: (input.page - 1) * input.limit, view: input.view };
      if (input.collected) {
        // The caller's own favourites: personal through and through, read from the database.
        if (!user) throw new AppError('auth.login_first', 401, 700);
        if (input.competition_id && !(await repo.competition(input.competition_id))) throw notFound('matches.competition_not_found');
        f.ids = await repo.flaggedIds('collect', user.id);
        const page = await repo.list(f, order, q.limit, q.offset);
        const list = await rows.withFlags(await rows.fromJoined(page.rows), user);
        return { list: input.view === 'list' ? list.map(toListRow) : list, total: page.total, page: input.page, limit: input.limit };
      }
      return personal(
        await allMatchRead.get(q),
        user,
        (d) => d.list,
        (d, list) => ({ ...d, list }),
      );
    },

    async seasonTable(competitionId: number, seasonId?: number) {
      return seasonTableRead.get({ competitionId, seasonId });
    },

    async detail(id: number, user: AuthUser | null) {
      return personal(
        await detailRead.get(id),
        user,
        (d) => [d.match],
        (d, [m]) => ({ ...d, match: m }),
      );
    },

    robot: (id: number, lang: Lang) => robotRead.get({ id, lang }),

    headToHead: teams.headToHead,
    team: teams.team,

    companies: () => companiesRead.get(undefined),

    async reserveList(user: AuthUser, type: number) {
      const ids = await repo.flaggedIds('reserve', user.id);
      const page = await repo.list({ sport: sportOf(type), ids }, 'kickoff', 500, 0);
      return rows.withFlags(await rows.fromJoined(page.rows), user);
    },

    async collect(user: AuthUser, input: { match_id: number; type?: number; status?: number }) {
      return { match_id: input.match_id, collect: (await toggle('collect', user, input)) ? 1 : 0 };
    },
    async reserve(user: AuthUser, input: { match_id: number; type?: number; status?: number }) {
      return { match_id: input.match_id, reserve: (await toggle('reserve', user, input)) ? 1 : 0 };
    },

    /** One match named in the reader's language, for a live room's reservation or link (null when unknown; sport null: either). */
    async summary(sport: Sport | null, id: number, lang: Lang) {
      const row = await repo.summary(sport, id);
      if (!row) return null;
      return {
        id: row.id,
        sport: row.sport as Sport,
        kickoffAt: row.kickoffAt,
        status: row.status,
        homeName: row.home[lang] || row.home.en,
        awayName: row.away[lang] || row.away.en,
        leagueName: row.league[lang] || row.league.en,
      };
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
