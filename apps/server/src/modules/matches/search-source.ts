import { and, inArray, or, sql } from 'drizzle-orm';
import type { MatchRow } from '@livesports/contracts/matches';
import type { SportNameCard } from '@livesports/contracts/search';
import type { Sport } from '@livesports/contracts/matches-constants';
import type { Db } from '../../db/client.ts';
import { matchCompetitions, matchTeams, matches } from '../../db/schema/matches.ts';

/**
 * What site search finds in the sport (issue #52, item 6): teams and competitions by any of their
 * names — zh, zht, en, es — with or without accents and in any case ("madrid", "Atletico",
 * "皇家马德里"), and the matches of the teams found. Names are few (hundreds), so they are folded
 * and matched in memory (PGlite has no unaccent, and both databases then agree); the folded names
 * are kept while no team or competition was added (a renamed one shows within KEEP_MS).
 */

/** Lower case without accents: "Atlético" and "atletico" fold alike; Chinese is left as it is. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

type Named = { id: number; sport: string; nameZh: string; nameZht: string; nameEn: string; nameEs: string; logo: string };
type Entry = { card: SportNameCard; folded: string[] };
const KEEP_MS = 30_000;

const entry = (r: Named): Entry => ({
  card: { id: r.id, sport: r.sport as Sport, name_zh: r.nameZh, name_en: r.nameEn, name_es: r.nameEs, logo: r.logo },
  folded: [...new Set([r.nameZh, r.nameZht, r.nameEn, r.nameEs].filter(Boolean).map(fold))],
});

/**
 * A name matches when it holds every word typed ("atletico t1" finds "Atlético de Madrid t1").
 * Found ones best first: a name equal to the words, then starting with them, then the shortest name.
 */
function find(list: Entry[], word: string): SportNameCard[] {
  const words = word.split(' ').filter(Boolean);
  const scored: Array<[number, number, Entry]> = [];
  for (const e of list) {
    const hits = e.folded.filter((n) => words.every((w) => n.includes(w)));
    if (!hits.length) continue;
    const rank = hits.some((n) => n === word) ? 0 : hits.some((n) => n.startsWith(word) || n.includes(` ${word}`)) ? 1 : 2;
    scored.push([rank, Math.min(...hits.map((n) => n.length)), e]);
  }
  return scored.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2].card.id - b[2].card.id).map(([, , e]) => e.card);
}

export function createSportSearch(deps: { db: Db; now: () => Date; rowsByIds: (ids: number[]) => Promise<MatchRow[]> }) {
  let names: { at: number; mark: string; teams: Entry[]; competitions: Entry[] } | null = null;
  async function loaded() {
    // The newest ids say whether a feed added a team or a competition since (one index look-up each).
    const [[t], [c]] = await Promise.all([
      deps.db.select({ n: sql<number>`coalesce(max(${matchTeams.id}), 0)` }).from(matchTeams),
      deps.db.select({ n: sql<number>`coalesce(max(${matchCompetitions.id}), 0)` }).from(matchCompetitions),
    ]);
    const mark = `${t.n}:${c.n}`;
    if (names && names.mark === mark && Date.now() - names.at < KEEP_MS) return names;
    const [teams, competitions] = await Promise.all([deps.db.select().from(matchTeams), deps.db.select().from(matchCompetitions)]);
    names = { at: Date.now(), mark, teams: teams.map(entry), competitions: competitions.map(entry) };
    return names;
  }

  return async function sports(name: string, limit: number) {
    const word = fold(name).trim().replace(/\s+/g, ' ');
    const { teams, competitions } = await loaded();
    const foundTeams = word ? find(teams, word) : [];
    const foundComps = word ? find(competitions, word) : [];
    // The teams' matches; a word that names only a competition lists that competition's.
    const teamIds = foundTeams.slice(0, 20).map((t) => t.id);
    const compIds = teamIds.length ? [] : foundComps.slice(0, 5).map((c) => c.id);
    let matchIds: number[] = [];
    let total = 0;
    if (teamIds.length || compIds.length) {
      const where = teamIds.length ? or(inArray(matches.homeTeamId, teamIds), inArray(matches.awayTeamId, teamIds)) : inArray(matches.competitionId, compIds);
      const now = deps.now();
      // In play first, then the nearest kick-off either way (next fixtures and latest results).
      const [rows, [{ n }]] = await Promise.all([
        deps.db
          .select({ id: matches.id })
          .from(matches)
          .where(and(where))
          .orderBy(sql`case when ${matches.status} between 2 and 7 then 0 else 1 end`, sql`abs(extract(epoch from ${matches.kickoffAt} - ${now.toISOString()}::timestamptz))`, matches.id)
          .limit(limit),
        deps.db
          .select({ n: sql<number>`count(*)::int` })
          .from(matches)
          .where(where),
      ]);
      matchIds = rows.map((r) => r.id);
      total = Number(n);
    }
    return {
      teams: { list: foundTeams.slice(0, limit), total: foundTeams.length },
      competitions: { list: foundComps.slice(0, limit), total: foundComps.length },
      matches: { list: await deps.rowsByIds(matchIds), total },
    };
  };
}
