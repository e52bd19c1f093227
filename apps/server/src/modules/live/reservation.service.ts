import { type Sport, sportOfType } from '@livesports/contracts/matches-constants';
import type { Lang } from '@livesports/contracts/messages';
import type { Reservation } from '@livesports/contracts/live';
import { RESERVE_MAX_DAYS, RESERVE_MAX_UPCOMING, type UserReserve } from '@livesports/contracts/live-reserve';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import { badInput, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { RoomRepo } from './room.repo.ts';
import type { ReservationRepo } from './reservation.repo.ts';

/** The matches port: one match named in the reader's language (the matches module fills it). */
export type MatchLookup = (
  /** null: whichever sport the match is (a room's link). */
  sport: Sport | null,
  id: number,
  lang: Lang,
) => Promise<{ id: number; sport: Sport; kickoffAt: Date; status: number; homeName: string; awayName: string; leagueName: string } | null>;

type Row = NonNullable<Awaited<ReturnType<ReservationRepo['one']>>>;

function toReservation(row: Row): Reservation {
  const r = row.r;
  return {
    id: r.id,
    room_id: r.roomId,
    nickname: row.nickname,
    avatar: row.avatar,
    title: r.title,
    sport: r.sport,
    match_id: r.matchId,
    home_name: r.homeName,
    away_name: r.awayName,
    league_name: r.leagueName,
    start_time: r.startAt.toISOString(),
    reserve_count: Number(row.reserveCount),
    reserved: Number(row.reserved) ? 1 : 0,
  };
}

/** Match statuses from 8 on are finished or abandoned (matches module convention). */
const MATCH_OVER = 8;
/** Reserved broadcasts stay on /reserve for this long after their start, so "on now" shows. */
const KEEP_AFTER_START_MS = 6 * 3600_000;

export interface ReservationInput {
  title: string;
  start_time: Date;
  sport: 0 | 1 | 2;
  match_id?: number;
  home_name: string;
  away_name: string;
  league_name: string;
}

/** Broadcasts anchors announce and the users who reserve them (spec §2 /reserve, §7). */
export function createReservationService(deps: { repo: ReservationRepo; rooms: RoomRepo; clock: Clock; findMatch: MatchLookup; cache: ReadCache }) {
  const { repo, clock } = deps;
  /** Room info shows the room's next reserved broadcast and its count: drop it in every process. */
  const changed = (roomId: number) => deps.cache.invalidate([`room:${roomId}`]);

  return {
    async create(user: AuthUser, input: ReservationInput, lang: Lang) {
      if (!user.isAnchor) throw forbidden('live.not_anchor');
      if (!(await deps.rooms.find(user.id))) throw notFound('live.no_room');
      const now = clock.now();
      let { start_time: startAt, home_name: homeName, away_name: awayName, league_name: leagueName } = input;
      let matchId: number | null = null;
      if (input.match_id) {
        if (input.sport === 0) throw badInput('live.reserve_sport_invalid');
        const match = await deps.findMatch(sportOfType(input.sport), input.match_id, lang);
        if (!match) throw notFound('live.match_not_found');
        if (match.status >= MATCH_OVER) throw conflict('live.match_over');
        matchId = match.id;
        ({ homeName, awayName, leagueName } = match);
      }
      if (startAt.getTime() <= now.getTime() || startAt.getTime() > now.getTime() + RESERVE_MAX_DAYS * 86400_000) throw badInput('live.reserve_time_invalid');
      if ((await repo.upcomingCount(user.id, now)) >= RESERVE_MAX_UPCOMING) throw conflict('live.reserve_limit');
      const row = await repo.insert({ roomId: user.id, title: input.title, sport: matchId ? input.sport : 0, matchId, homeName, awayName, leagueName, startAt });
      await changed(user.id);
      return toReservation((await repo.one(row.id, user.id))!);
    },

    async list(opts: { roomId?: number; page: number; limit: number }, viewer: AuthUser | null) {
      const { rows, total } = await repo.upcoming({ roomId: opts.roomId, now: clock.now(), viewer: viewer?.id ?? null, page: opts.page, limit: opts.limit });
      return { list: rows.map(toReservation), total, page: opts.page };
    },

    /** The next announced broadcast of a room (shown while it is offline). */
    async next(roomId: number, viewer: number | null): Promise<Reservation | null> {
      const { rows } = await repo.upcoming({ roomId, now: clock.now(), viewer, page: 1, limit: 1 });
      return rows[0] ? toReservation(rows[0]) : null;
    },

    async remove(user: AuthUser, id: number) {
      const row = await repo.find(id);
      if (!row) throw notFound('live.reserve_not_found');
      if (row.roomId !== user.id) throw forbidden();
      await repo.remove(id);
      await changed(row.roomId);
      return null;
    },

    /** Reserve or, when already reserved, cancel. Only broadcasts not yet started. */
    async toggle(user: AuthUser, id: number) {
      const row = await repo.find(id);
      if (!row || row.startAt.getTime() <= clock.now().getTime()) throw notFound('live.reserve_not_found');
      if (row.roomId === user.id) throw badInput('live.reserve_own');
      const { reserved, count } = await repo.toggle(user.id, id);
      await changed(row.roomId);
      return { reserved: reserved ? (1 as const) : (0 as const), reserve_count: count };
    },

    async mine(user: AuthUser): Promise<{ list: UserReserve[] }> {
      const rows = await repo.ofUser(user.id, new Date(clock.now().getTime() - KEEP_AFTER_START_MS));
      return { list: rows.map((row) => ({ ...toReservation(row), is_live: row.roomStatus === 2 ? 1 : 0 })) };
    },
  };
}
export type ReservationService = ReturnType<typeof createReservationService>;
