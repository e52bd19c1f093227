import { type Foresight, ForesightResult, PICKS } from '@livesports/contracts/matches';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { foresights } from '../../db/schema/matches.ts';
import { grade } from './grading.ts';
import type { MatchesRepo, MatchRecord } from './repo.ts';
import type { Rows } from './rows.ts';

type ForesightRecord = typeof foresights.$inferSelect;

export interface PublishInput {
  match_id: number;
  kind: 'asia' | 'eu' | 'bs';
  pick: 'home' | 'draw' | 'away' | 'over' | 'under';
  title: string;
  analysis: string;
  company_id?: number;
}

/** Predictions: anchors pick before kick-off at the odds of that moment; settled at full-time. */
export function createForesight(deps: { repo: MatchesRepo; clock: Clock; rows: Rows }) {
  const { repo, clock, rows } = deps;

  async function pundits(userIds: number[]) {
    const ids = [...new Set(userIds)];
    const [people, results] = await Promise.all([repo.users(ids), repo.punditResults(ids)]);
    const byUser = new Map<number, number[]>();
    for (const r of results) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.result]);
    return new Map(
      people.map((u) => {
        const list = (byUser.get(u.id) ?? []).filter((r) => r === ForesightResult.HIT || r === ForesightResult.MISS);
        const hits = list.filter((r) => r === ForesightResult.HIT).length;
        let streak = 0;
        for (const r of list) {
          const step = r === ForesightResult.HIT ? 1 : -1;
          if (streak !== 0 && Math.sign(streak) !== step) break;
          streak += step;
        }
        return [u.id, { uid: u.id, nickname: u.nickname, avatar: u.avatar, settled: list.length, hits, hit_rate: list.length ? Math.round((hits / list.length) * 1000) : 0, streak }];
      }),
    );
  }

  async function hydrate(list: ForesightRecord[]): Promise<Foresight[]> {
    const [matchRows, people] = await Promise.all([rows.byIds([...new Set(list.map((f) => f.matchId))]), pundits(list.map((f) => f.userId))]);
    const byMatch = new Map(matchRows.map((m) => [m.id, m]));
    return list
      .filter((f) => byMatch.has(f.matchId) && people.has(f.userId))
      .map((f) => ({
        id: f.id,
        match: byMatch.get(f.matchId)!,
        anchor: people.get(f.userId)!,
        kind: f.kind as Foresight['kind'],
        pick: f.pick as Foresight['pick'],
        line: f.line,
        odds: f.odds,
        company_id: f.companyId,
        title: f.title,
        analysis: f.analysis,
        result: f.result,
        created_at: Math.floor(f.createdAt.getTime() / 1000),
      }));
  }

  return {
    async list(f: { type: number; match_id?: number; anchor_id?: number; status: number; page: number; limit: number }) {
      const sport = f.type === 1 ? 'football' : f.type === 2 ? 'basketball' : undefined;
      const { rows: list, total } = await repo.foresightPage({ sport, matchId: f.match_id, userId: f.anchor_id, status: f.status }, f.limit, (f.page - 1) * f.limit);
      // Analyses are for the detail page; lists carry the first lines only.
      const items = (await hydrate(list)).map((x) => ({ ...x, analysis: x.analysis.slice(0, 140) }));
      return { list: items, total, page: f.page, limit: f.limit };
    },

    async detail(id: number) {
      const f = await repo.foresight(id);
      if (!f) throw notFound('matches.foresight_not_found');
      const [item] = await hydrate([f]);
      if (!item) throw notFound('matches.foresight_not_found');
      return item;
    },

    /** `asOf` is for demo back-fills only: a pick recorded as made at that (earlier) moment. */
    async publish(user: AuthUser, input: PublishInput, asOf?: Date) {
      if (!user.isAnchor) throw forbidden('matches.anchor_only');
      if (!(PICKS[input.kind] as readonly string[]).includes(input.pick)) throw badInput('matches.pick_invalid');
      const match = await repo.matchByRef({ id: input.match_id });
      if (!match) throw notFound('matches.match_not_found');
      const now = asOf ?? clock.now();
      if ((!asOf && match.status !== 1) || match.kickoffAt.getTime() <= now.getTime()) throw badInput('matches.foresight_started');
      const odds = await repo.odds([match.id]);
      const book = input.company_id ? odds.find((o) => o.companyId === input.company_id) : odds[0];
      if (input.company_id && !book) throw badInput('matches.company_invalid');
      const values = book?.[input.kind];
      const triple = values?.immediate ?? values?.initial;
      if (!book || !triple) throw badInput('matches.no_odds');
      const [a, b, c] = triple;
      const { line, price } =
        input.kind === 'eu' ? { line: 0, price: input.pick === 'home' ? a : input.pick === 'draw' ? b : c } : { line: b, price: input.pick === 'home' || input.pick === 'over' ? a : c };
      // No such market (basketball has no draw price).
      if (!(price > 1)) throw badInput('matches.pick_invalid');
      const id = await repo.insertForesight({
        matchId: match.id,
        userId: user.id,
        kind: input.kind,
        pick: input.pick,
        line,
        odds: price,
        companyId: book.companyId,
        title: input.title,
        analysis: input.analysis,
        createdAt: now,
      });
      if (!id) throw conflict('matches.foresight_duplicate');
      return this.detail(id);
    },

    async top(limit: number) {
      const top = await repo.topPundits(limit);
      const people = await pundits(top.map((t) => t.userId));
      return top.map((t) => people.get(t.userId)).filter((p) => p !== undefined);
    },

    /** Settles a back-filled pick whose match is already over. */
    async backfill(id: number | null) {
      if (!id) return;
      const f = await repo.foresight(id);
      const match = f && (await repo.matchByRef({ id: f.matchId }));
      if (match && (match.status === 8 || match.status === 11)) await this.settle(match);
    },

    /** Full-time settles every pending pick; a cancelled match voids them. */
    async settle(match: MatchRecord) {
      const pending = await repo.pendingForesights(match.id);
      for (const f of pending) {
        const result = match.status === 8 ? grade(f.kind, f.pick, f.line, match.homeScore, match.awayScore) : ForesightResult.VOID;
        await repo.settleForesight(f.id, result, clock.now());
      }
    },
  };
}
export type ForesightService = ReturnType<typeof createForesight>;
