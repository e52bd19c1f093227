import { type ExponentRow, type MatchEvent, type MatchRow, type Sport, statusKey } from '@livesports/contracts/matches';
import type { matchEvents, matchOdds } from '../../db/schema/matches.ts';
import type { JoinedMatch } from './repo.ts';

// Database rows → wire rows (the product family's flat shapes).

export const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

export function toMatchRow(j: JoinedMatch, ranks?: Map<number, number>): MatchRow {
  const m = j.m;
  const sport = m.sport as Sport;
  return {
    id: m.id,
    sourceid: m.id,
    type: sport === 'basketball' ? 2 : 1,
    sport,
    competition_id: m.competitionId,
    competition_name_zh: j.c.nameZh,
    competition_name_zht: j.c.nameZht,
    competition_name_en: j.c.nameEn,
    competition_name_es: j.c.nameEs,
    competition_short_en: j.c.shortEn || j.c.nameEn,
    competition_logo: j.c.logo,
    competition_color: j.c.color,
    season_id: m.seasonId,
    season: j.season,
    round: m.round,
    group: m.grp,
    venue: m.venue,
    home_team_id: m.homeTeamId,
    away_team_id: m.awayTeamId,
    home_team_name_zh: j.h.nameZh,
    home_team_name_zht: j.h.nameZht,
    home_team_name_en: j.h.nameEn,
    home_team_name_es: j.h.nameEs,
    home_team_logo: j.h.logo,
    away_team_name_zh: j.a.nameZh,
    away_team_name_zht: j.a.nameZht,
    away_team_name_en: j.a.nameEn,
    away_team_name_es: j.a.nameEs,
    away_team_logo: j.a.logo,
    match_time: unix(m.kickoffAt)!,
    status: m.status,
    status_str: statusKey(sport, m.status),
    match_str: m.matchStr,
    period_started_at: unix(m.periodStartedAt),
    home_score: m.homeScore,
    away_score: m.awayScore,
    home_half_score: m.homeHalf,
    away_half_score: m.awayHalf,
    home_corner: m.homeCorner,
    away_corner: m.awayCorner,
    home_red: m.homeRed,
    away_red: m.awayRed,
    home_yellow: m.homeYellow,
    away_yellow: m.awayYellow,
    home_penalty: m.homePenalty,
    away_penalty: m.awayPenalty,
    home_quarters: m.homeQuarters,
    away_quarters: m.awayQuarters,
    home_rank: ranks?.get(m.homeTeamId) ?? 0,
    away_rank: ranks?.get(m.awayTeamId) ?? 0,
    is_replay: m.source === 'replay',
    simulated: m.simulated,
    rev: m.rev,
    reserve: 0,
    collect: 0,
  };
}

export function eventMatchStr(minute: number, extra: number) {
  return extra > 0 ? `${minute}+${extra}'` : `${minute}'`;
}

export function toEvent(e: typeof matchEvents.$inferSelect): MatchEvent {
  return {
    id: e.id,
    kind: e.kind as MatchEvent['kind'],
    iszhu: e.side,
    minute: e.minute,
    extra: e.extra,
    match_str: eventMatchStr(e.minute, e.extra),
    player: e.player,
    player2: e.player2,
    home_score: e.homeScore,
    away_score: e.awayScore,
  };
}

export function toExponent(o: typeof matchOdds.$inferSelect): ExponentRow {
  return { match_id: o.matchId, company_id: o.companyId, asia: o.asia, eu: o.eu, bs: o.bs, rev: o.rev };
}
