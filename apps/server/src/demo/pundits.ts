import { aliasedTable, and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/account.ts';
import { foresights, matches, matchOdds, matchTeams } from '../db/schema/matches.ts';
import type { Clock } from '../platform/clock.ts';
import type { ForesightService } from '../modules/matches/foresight.ts';
import { rngFor } from '../modules/matches/replay/random.ts';

// Demo only (runs beside the replay when demo data is on): the site's demo anchors publish a
// few predictions on upcoming replay matches, through the same service a real anchor uses, so
// /foresight is never empty and hit rates build up as matches finish. On the very first run
// they also get a record on recent results, so the hit rates mean something at once.

const TITLES = {
  en: {
    win: ['{team} to win it', 'Backing {team} today', '{team}: three points'],
    draw: ['A draw is on the cards'],
    asia: ['{team} covers the line', 'Handicap: {team}'],
    over: ['Goals in this one'],
    under: ['A tight, low game'],
  },
  zh: { win: ['看好{team}取胜', '{team}拿下三分', '力挺{team}'], draw: ['本场看平局'], asia: ['{team}让球打出', '让球推荐：{team}'], over: ['本场看大球'], under: ['本场看小球'] },
  es: {
    win: ['{team} gana hoy', 'Apuesto por {team}', '{team}: tres puntos'],
    draw: ['Huele a empate'],
    asia: ['{team} cubre el hándicap', 'Hándicap: {team}'],
    over: ['Partido con goles'],
    under: ['Partido cerrado'],
  },
} as const;
const away = aliasedTable(matchTeams, 'away');

const ANALYSES = {
  en: 'Form, home advantage and the way the market moved before kick-off all point the same way.',
  zh: '近期状态、主客场因素和赛前指数走势都指向同一个方向。',
  es: 'La forma, la localía y el movimiento de las cuotas antes del partido apuntan en la misma dirección.',
};

export function createDemoPundits(deps: { db: Db; foresight: ForesightService; clock: Clock }) {
  const { db, foresight, clock } = deps;
  let lastRun = 0;

  async function anchors() {
    return db.select({ id: users.id }).from(users).where(eq(users.isAnchor, 1)).orderBy(asc(users.id)).limit(8);
  }

  /** Matches with odds and no prediction yet, by the given order. */
  async function candidates(where: ReturnType<typeof and>, order: 'asc' | 'desc', limit: number) {
    return db
      .select({ id: matches.id, home: matchTeams.nameEn, homeZh: matchTeams.nameZh, away: away.nameEn, awayZh: away.nameZh })
      .from(matches)
      .innerJoin(matchTeams, eq(matchTeams.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId))
      .where(and(where, sql`exists (select 1 from ${matchOdds} o where o.match_id = ${matches.id})`, sql`not exists (select 1 from ${foresights} f where f.match_id = ${matches.id})`))
      .orderBy(order === 'asc' ? asc(matches.kickoffAt) : desc(matches.kickoffAt))
      .limit(limit);
  }

  async function publish(anchorIds: number[], m: { id: number; home: string; homeZh: string; away: string; awayZh: string }, createdAt?: Date) {
    const rng = rngFor(`pundit:${m.id}`);
    const anchor = anchorIds[Math.floor(rng() * anchorIds.length)];
    const lang = (['en', 'zh', 'es'] as const)[anchor % 3];
    const kind = (['eu', 'asia', 'bs'] as const)[Math.floor(rng() * 3)];
    const pick = kind === 'bs' ? (rng() < 0.55 ? 'over' : 'under') : rng() < 0.62 ? 'home' : kind === 'eu' && rng() < 0.3 ? 'draw' : 'away';
    const titles = TITLES[lang][kind === 'bs' ? (pick as 'over' | 'under') : kind === 'asia' ? 'asia' : pick === 'draw' ? 'draw' : 'win'];
    const team = pick === 'away' ? (lang === 'zh' ? m.awayZh : m.away) : lang === 'zh' ? m.homeZh : m.home;
    const title = titles[Math.floor(rng() * titles.length)].replace('{team}', team).slice(0, 30).padEnd(5, '!');
    try {
      const f = await foresight.publish({ id: anchor, isAnchor: true, isAdmin: false, isModerator: false, sessionId: 0 }, { match_id: m.id, kind, pick, title, analysis: ANALYSES[lang] }, createdAt);
      return f.id;
    } catch {
      // A pick the market does not offer (a draw in basketball) or a race with kick-off: skip it.
      return null;
    }
  }

  return {
    async run() {
      const now = clock.now().getTime();
      if (now - lastRun < 60_000) return;
      lastRun = now;
      const ids = (await anchors()).map((a) => a.id);
      if (!ids.length) return;
      const [{ settled }] = await db
        .select({ settled: sql<number>`count(*)` })
        .from(foresights)
        .where(sql`${foresights.result} <> 0`);
      if (Number(settled) === 0) {
        // First run: a record on the latest results, published (as of) two hours before each kick-off.
        const done = await candidates(and(eq(matches.status, 8), eq(matches.source, 'replay')), 'desc', 40);
        for (const m of done) {
          const [row] = await db.select({ kickoffAt: matches.kickoffAt }).from(matches).where(eq(matches.id, m.id));
          await foresight.backfill(await publish(ids, m, new Date(row.kickoffAt.getTime() - 2 * 3_600_000)));
        }
      }
      const [{ open }] = await db
        .select({ open: sql<number>`count(*)` })
        .from(foresights)
        .innerJoin(matches, eq(matches.id, foresights.matchId))
        .where(and(eq(foresights.result, 0), eq(matches.status, 1)));
      if (Number(open) >= 24) return;
      const soon = await candidates(and(eq(matches.status, 1), gt(matches.kickoffAt, new Date(now + 5 * 60_000)), lt(matches.kickoffAt, new Date(now + 6 * 3_600_000))), 'asc', 6);
      for (const m of soon) await publish(ids, m);
    },
  };
}
