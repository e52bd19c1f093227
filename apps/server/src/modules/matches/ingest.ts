import { type AlertFrame, type FeedEvent, type FeedMatch, type FeedOdds, GOAL_KINDS, isLive, type MatchRow, SPORTS, type Sport } from '@livesports/contracts/matches';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { sqlErrorOf } from '../../db/sql-error.ts';
import type { OddsValues } from '../../db/schema/matches.ts';
import { fillNames } from './names.ts';
import type { Push } from './push.ts';
import type { EventInput, EventInsert, MatchesRepo, MatchInsert, MatchRecord } from './repo.ts';
import type { Rows } from './rows.ts';
import type { Tables } from './tables.ts';
import { toExponent } from './wire.ts';

/** Which feed a write comes from: the embedded replay, or the HTTP ingest of a provider. */
export type FeedSource = 'replay' | 'feed';

/** A full match as a feed may send it: the match, and optionally its events and odds in one go. */
export interface FeedMatchFull extends FeedMatch {
  events?: FeedEvent[];
  odds?: FeedOdds[];
  /** Replay only: which parts were generated, and how far the replay has applied its script. */
  simulated?: string[];
  replay_at?: number;
}

export interface MatchRef {
  match_id?: number;
  match_key?: string;
}

/**
 * The one way match data enters the site. Both feeds call it (the replay in-process, providers
 * through api/feed/...), so lists, sockets, tables and predictions see the same thing whatever
 * the source. Every write ends with a push message that each server process fans out.
 */
export interface FeedSink {
  upsertMatches(list: FeedMatchFull[], source: FeedSource): Promise<number[]>;
  addEvents(ref: MatchRef, events: FeedEvent[], source: FeedSource): Promise<{ match_id: number; applied: number }>;
  setOdds(ref: MatchRef, odds: FeedOdds[], source: FeedSource): Promise<{ match_id: number }>;
}

/**
 * A feed write found an event stored by another writer after its check under the match's lock, so
 * its score would have counted it twice: `feed_add_events` then stops with SQLSTATE 40001 (nothing
 * is written) and the write is gone through again. The match's lock makes this impossible today
 * (every insert of an event holds the match row through its foreign key); the check keeps a score
 * true if that ever changes.
 */
const raced = (err: unknown) => sqlErrorOf(err, '40001') !== undefined;

const ALERT_KINDS: Record<string, AlertFrame['type']> = { goal: 'goal', penalty: 'goal', own_goal: 'goal', red: 'red_card', yellow_red: 'red_card', yellow: 'yellow_card' };
const CHUNK = 200;

function fixedMatchStr(sport: string, status: number): string | undefined {
  if (status === 1 || status >= 9) return '';
  if (status === 8) return 'FT';
  if (sport === 'football' && status === 3) return 'HT';
  if (sport === 'basketball' && status === 4) return 'HT';
  return undefined;
}

function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

type AlertEvent = { id: number; kind: string; side: number; minute: number; extra: number; player: string; homeScore: number; awayScore: number };

export function alertFrame(row: MatchRow, e: AlertEvent): AlertFrame {
  return {
    type: ALERT_KINDS[e.kind],
    match_id: row.id,
    sport: row.sport,
    iszhu: e.side,
    match_str: e.extra > 0 ? `${e.minute}+${e.extra}'` : `${e.minute}'`,
    player: e.player,
    home_team_name_zh: row.home_team_name_zh,
    away_team_name_zh: row.away_team_name_zh,
    home_team_name_en: row.home_team_name_en,
    away_team_name_en: row.away_team_name_en,
    home_team_name_es: row.home_team_name_es,
    away_team_name_es: row.away_team_name_es,
    home_score: e.homeScore,
    away_score: e.awayScore,
    event_id: e.id,
  };
}

export interface IngestDeps {
  repo: MatchesRepo;
  clock: Clock;
  push: Push;
  rows: Rows;
  tables: Tables;
  /** Called once a match reaches a final status (predictions are settled there). */
  onFinal(match: MatchRecord): Promise<void>;
}

export function createIngest(deps: IngestDeps): FeedSink {
  const { repo, push, rows, tables } = deps;
  // Reference rows rarely change: remember what was last written so a busy feed costs one query per match.
  const refCache = new Map<string, { sig: string; id: number }>();

  async function cached(key: string, value: unknown, write: () => Promise<number>) {
    const sig = JSON.stringify(value);
    const hit = refCache.get(key);
    if (hit && hit.sig === sig) return hit.id;
    const id = await write();
    refCache.set(key, { sig, id });
    return id;
  }

  async function references(f: FeedMatch) {
    if (f.home.key === f.away.key) throw badInput('matches.feed_team_same');
    const c = f.competition;
    const competitionId = await cached(`c|${f.sport}|${c.key}`, c, () =>
      repo.upsertCompetition({
        sport: f.sport,
        key: c.key,
        ...fillNames(c.name),
        shortEn: c.short ?? '',
        logo: c.logo ?? '',
        color: c.color ?? '#3b82f6',
        country: c.country ?? '',
        priority: c.priority ?? 100,
      }),
    );
    const seasonName = f.season ?? String(new Date(f.kickoff).getUTCFullYear());
    const seasonId = await cached(`s|${competitionId}|${seasonName}`, seasonName, () => repo.upsertSeason(competitionId, seasonName));
    const team = (t: FeedMatch['home']) => cached(`t|${f.sport}|${t.key}`, t, () => repo.upsertTeam({ sport: f.sport, key: t.key, ...fillNames(t.name), logo: t.logo ?? '', region: t.region ?? '' }));
    return { competitionId, seasonId, homeTeamId: await team(f.home), awayTeamId: await team(f.away) };
  }

  function merge(base: MatchRecord | undefined, f: FeedMatchFull, refs: Awaited<ReturnType<typeof references>>, source: FeedSource): MatchInsert {
    const status = f.status ?? base?.status ?? 1;
    const statusChanged = !base || base.status !== status;
    const pair = (p: [number, number] | undefined, h: number | undefined, a: number | undefined) => (p ? p : [h ?? 0, a ?? 0]);
    const score = pair(f.score, base?.homeScore, base?.awayScore);
    const half = pair(f.half, base?.homeHalf, base?.awayHalf);
    const corners = pair(f.corners, base?.homeCorner, base?.awayCorner);
    const yellow = pair(f.yellow, base?.homeYellow, base?.awayYellow);
    const red = pair(f.red, base?.homeRed, base?.awayRed);
    const pens = f.penalties === undefined ? [base?.homePenalty ?? null, base?.awayPenalty ?? null] : [f.penalties?.[0] ?? null, f.penalties?.[1] ?? null];
    return {
      sport: f.sport,
      source,
      extKey: f.key,
      ...refs,
      round: f.round ?? base?.round ?? '',
      grp: f.group ?? base?.grp ?? '',
      venue: f.venue ?? base?.venue ?? '',
      kickoffAt: new Date(f.kickoff),
      status,
      matchStr: f.match_str ?? (statusChanged ? fixedMatchStr(f.sport, status) : undefined) ?? base?.matchStr ?? '',
      periodStartedAt: f.period_started_at !== undefined ? (f.period_started_at ? new Date(f.period_started_at) : null) : (base?.periodStartedAt ?? null),
      homeScore: score[0],
      awayScore: score[1],
      homeHalf: half[0],
      awayHalf: half[1],
      homeCorner: corners[0],
      awayCorner: corners[1],
      homeYellow: yellow[0],
      awayYellow: yellow[1],
      homeRed: red[0],
      awayRed: red[1],
      homePenalty: pens[0],
      awayPenalty: pens[1],
      homeQuarters: f.quarters?.home ?? base?.homeQuarters ?? [],
      awayQuarters: f.quarters?.away ?? base?.awayQuarters ?? [],
      stats: f.stats ?? base?.stats ?? [],
      simulated: f.simulated ?? base?.simulated ?? [],
      replayAt: f.replay_at ?? base?.replayAt ?? 0,
    };
  }

  /** Events sent with a full match: scores after each goal are counted along the list when not given. */
  function embeddedEvents(matchId: number, events: FeedEvent[]): EventInsert[] {
    const sorted = [...events].sort((a, b) => a.minute - b.minute || (a.extra ?? 0) - (b.extra ?? 0));
    let h = 0;
    let a = 0;
    return sorted.map((e) => {
      if (GOAL_KINDS.includes(e.kind)) {
        if (e.score) [h, a] = e.score;
        else if (e.side === 'home') h++;
        else a++;
      }
      return eventRow(matchId, e, h, a);
    });
  }

  /** A feed event as it is stored, but for the score after it (`score`: the feed's, when it gives one). */
  function eventInput(e: FeedEvent): EventInput {
    return {
      extKey: e.key,
      kind: e.kind,
      side: e.side === 'home' ? 1 : 0,
      minute: e.minute,
      extra: e.extra ?? 0,
      player: e.player ?? '',
      player2: e.player2 ?? '',
      score: e.score ?? null,
    };
  }

  function eventRow(matchId: number, e: FeedEvent, h: number, a: number): EventInsert {
    const { score: _given, ...stored } = eventInput(e);
    return { matchId, ...stored, homeScore: h, awayScore: a };
  }

  function mergeOdds(prev: { asia: OddsValues; eu: OddsValues; bs: OddsValues } | undefined, list: FeedOdds[]) {
    const empty = (): OddsValues => ({ initial: null, immediate: null, scram: null });
    const out = { asia: prev?.asia ?? empty(), eu: prev?.eu ?? empty(), bs: prev?.bs ?? empty() };
    for (const o of list) {
      const cur = { ...out[o.kind] };
      if (o.initial) cur.initial = o.initial;
      if (o.immediate) cur.immediate = o.immediate;
      if (o.scram !== undefined) cur.scram = o.scram;
      // The first value a bookmaker gives is its opening line.
      cur.initial ??= cur.immediate ?? cur.scram;
      out[o.kind] = cur;
    }
    return out;
  }

  // Bookmakers seldom change: their names are remembered and written only when new or renamed.
  let companies: Map<number, string> | null = null;
  async function writeOdds(entries: Array<{ matchId: number; odds: FeedOdds[] }>, conn: Parameters<MatchesRepo['saveOdds']>[1]) {
    companies ??= await repo.companyNames(conn);
    for (const e of entries)
      for (const o of e.odds) {
        const known = companies.get(o.company_id);
        if (known === undefined || (o.company_name && o.company_name !== known)) {
          const name = o.company_name ?? `Company ${o.company_id}`;
          await repo.ensureCompany(o.company_id, name, conn);
          companies.set(o.company_id, name);
        }
      }
    const prev = await repo.odds(
      entries.map((e) => e.matchId),
      conn,
    );
    const prevBy = new Map(prev.map((p) => [`${p.matchId}|${p.companyId}`, p]));
    const merged: Array<{ matchId: number; companyId: number; asia: OddsValues; eu: OddsValues; bs: OddsValues }> = [];
    for (const e of entries) {
      const byCompany = new Map<number, FeedOdds[]>();
      for (const o of e.odds) byCompany.set(o.company_id, [...(byCompany.get(o.company_id) ?? []), o]);
      for (const [companyId, list] of byCompany) merged.push({ matchId: e.matchId, companyId, ...mergeOdds(prevBy.get(`${e.matchId}|${companyId}`), list) });
    }
    const saved = [];
    for (const c of chunks(merged)) saved.push(...(await repo.saveOdds(c, conn)));
    return saved;
  }

  async function publishRows(ids: number[]) {
    if (!ids.length) return [];
    return publishRowList(await rows.byIds(ids));
  }
  async function publishRowList(list: MatchRow[]) {
    for (const sport of SPORTS) {
      const mine = list.filter((r) => r.sport === sport);
      for (const c of chunks(mine, 100)) await push.publish({ t: 'rows', sport, rows: c });
    }
    return list;
  }

  async function afterWrite(changed: Array<{ before?: MatchRecord; after: { id: number; seasonId: number; status: number } }>) {
    const final: number[] = [];
    for (const { before, after } of changed) {
      if (!before || before.status !== after.status) tables.invalidate(after.seasonId);
      if ((after.status === 8 || after.status === 11) && before?.status !== after.status) final.push(after.id);
    }
    // Only matches somebody predicted need settling (one query tells which).
    for (const id of await repo.matchesWithPendingForesights(final)) {
      const m = await repo.matchByRef({ id });
      if (m) await deps.onFinal(m);
    }
  }

  async function resolve(ref: MatchRef, source: FeedSource) {
    const m = ref.match_id !== undefined ? await repo.matchByRef({ id: ref.match_id }) : await repo.matchByRef({ source, key: ref.match_key });
    if (!m) throw notFound('matches.feed_match_unknown');
    return m;
  }

  return {
    async upsertMatches(input, source) {
      // A key sent twice in one batch: the last one wins.
      const list = [...new Map(input.map((f) => [f.key, f])).values()];
      const refs: Array<Awaited<ReturnType<typeof references>>> = [];
      for (const f of list) refs.push(await references(f));
      const { saved, existing, inserted, odds } = await repo.transaction(async (tx) => {
        const existing = new Map(
          (
            await repo.matchesByKeys(
              source,
              list.map((f) => f.key),
              tx,
            )
          ).map((r) => [r.extKey, r]),
        );
        const merged = list.map((f, i) => merge(existing.get(f.key), f, refs[i], source));
        const saved = [];
        for (const c of chunks(merged)) saved.push(...(await repo.saveMatches(c, tx)));
        const idByKey = new Map(saved.map((s) => [s.extKey, s.id]));
        const eventRows = list.filter((f) => f.events?.length).flatMap((f) => embeddedEvents(idByKey.get(f.key)!, f.events!));
        const inserted = [];
        for (const c of chunks(eventRows)) inserted.push(...(await repo.insertEvents(c, tx)));
        const oddsEntries = list.filter((f) => f.odds?.length).map((f) => ({ matchId: idByKey.get(f.key)!, odds: f.odds! }));
        const odds = oddsEntries.length ? await writeOdds(oddsEntries, tx) : [];
        return { saved, existing, inserted, odds };
      });
      await afterWrite(saved.map((s) => ({ before: existing.get(s.extKey), after: s })));
      const published = await publishRows(saved.map((s) => s.id));
      await publishOdds(odds, published);
      await publishAlerts(inserted, published);
      return saved.map((s) => s.id);
    },

    async addEvents(ref, events, source) {
      // One statement locks the match, stores what it did not have and returns everything its
      // wire row needs, so the goal is pushed the moment it is committed: no read before it, none
      // after it, one answer to wait for.
      // Gone through again (once) in the case `raced` describes.
      for (let attempt = 1; ; attempt++) {
        try {
          return await addEventsOnce(ref, events, source);
        } catch (err) {
          if (!raced(err) || attempt === 2) throw err;
        }
      }
    },

    async setOdds(ref, odds, source) {
      const match = await resolve(ref, source);
      const saved = await repo.transaction((tx) => writeOdds([{ matchId: match.id, odds }], tx));
      await publishOdds(saved, null, match.sport as Sport);
      return { match_id: match.id };
    },
  } satisfies FeedSink;

  async function addEventsOnce(ref: MatchRef, events: FeedEvent[], source: FeedSource) {
    // A key sent twice in one call: the last one wins.
    const given = [...new Map(events.map((e) => [e.key, e])).values()];
    // The database counts the score along the events it does not have yet (`feed_add_events`).
    const applied = await repo.applyEvents(ref.match_id !== undefined ? { id: ref.match_id } : { source, key: ref.match_key }, given.map(eventInput), GOAL_KINDS);
    if (!applied) throw notFound('matches.feed_match_unknown');
    const { row, inserted } = applied;
    if (inserted.length) {
      // The row change and its pop-ups in one message (push.ts): the alert carries the new score
      // and is what a viewer waits for.
      const [published] = await rows.fromJoined([row]);
      await push.publish({ t: 'rows', sport: published.sport, rows: [published], alerts: alertsOf(inserted, [published]) });
    }
    return { match_id: row.m.id, applied: inserted.length };
  }

  async function publishOdds(saved: Awaited<ReturnType<MatchesRepo['saveOdds']>>, published: MatchRow[] | null, sport?: Sport) {
    if (!saved.length) return;
    const sportOf = new Map((published ?? []).map((r) => [r.id, r.sport]));
    for (const s of SPORTS) {
      const mine = saved.filter((o) => (sport ?? sportOf.get(o.matchId)) === s).map(toExponent);
      for (const c of chunks(mine, 100)) await push.publish({ t: 'odds', sport: s, rows: c });
    }
  }

  /** Goal and card pop-ups, only for matches in play (a back-filled result alerts nobody). */
  function alertsOf(inserted: Array<AlertEvent & { matchId: number }>, published: MatchRow[]) {
    const byId = new Map(published.map((r) => [r.id, r]));
    const out: AlertFrame[] = [];
    for (const e of inserted) {
      const row = byId.get(e.matchId);
      if (row && isLive(row.status) && ALERT_KINDS[e.kind]) out.push(alertFrame(row, e));
    }
    return out;
  }
  async function publishAlerts(inserted: Array<AlertEvent & { matchId: number }>, published: MatchRow[]) {
    for (const frame of alertsOf(inserted, published)) await push.publish({ t: 'alert', frame });
  }
}
