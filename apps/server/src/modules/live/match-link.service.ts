import type { LinkedMatch } from '@livesports/contracts/live';
import type { Lang } from '@livesports/contracts/messages';
import type { Clock } from '../../platform/clock.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { MatchLinkRepo } from './match-link.repo.ts';
import { LINK_AFTER_KICKOFF_MS } from './match-link.repo.ts';
import type { MatchLookup } from './reservation.service.ts';

/** Match statuses from 8 on are finished or abandoned (matches module convention). */
const MATCH_OVER = 8;

/**
 * A room and the match it covers (issue #19 item 12). The anchor links it in the studio; a
 * reserved broadcast of a match links it around kick-off; match pages count and list the live
 * rooms covering them. The rules of which link holds when are in match-link.repo.ts.
 */
export function createMatchLinkService(deps: { repo: MatchLinkRepo; clock: Clock; findMatch: MatchLookup }) {
  const { repo, clock } = deps;
  return {
    /** The match a room covers at a moment (the studio's link, else a reservation around kick-off). */
    async matchOf(roomId: number, at: Date): Promise<number | null> {
      return (await repo.linkOf(roomId, at))?.matchId ?? null;
    },

    async linked(roomId: number, lang: Lang): Promise<LinkedMatch | null> {
      const link = await repo.linkOf(roomId, clock.now());
      if (!link) return null;
      const m = await deps.findMatch(null, link.matchId, lang);
      if (!m) return null;
      return { id: m.id, sport: m.sport, home_name: m.homeName, away_name: m.awayName, league_name: m.leagueName, kickoff: m.kickoffAt.toISOString(), status: m.status, via: link.via };
    },

    /**
     * Links the room (its id is the anchor's) to a match, or unlinks it with 0. The caller has
     * checked that the user is an anchor with a room. A match that is over, or kicked off so long
     * ago that the link would not hold, is refused.
     */
    async set(roomId: number, matchId: number) {
      if (matchId === 0) return repo.setStudioLink(roomId, null);
      const m = await deps.findMatch(null, matchId, 'en');
      if (!m) throw notFound('live.match_not_found');
      if (m.status >= MATCH_OVER || m.kickoffAt.getTime() <= clock.now().getTime() - LINK_AFTER_KICKOFF_MS) throw conflict('live.match_over');
      await repo.setStudioLink(roomId, m.id);
    },

    /** 404 for a match that does not exist (match pages ask with ids from the address bar). */
    async requireMatch(matchId: number) {
      if (!(await deps.findMatch(null, matchId, 'en'))) throw notFound('live.match_not_found');
    },

    liveRoomsOf: (matchId: number) => repo.liveRoomsOf(matchId, clock.now()),
    counts: () => repo.liveCounts(clock.now()),
  };
}
export type MatchLinkService = ReturnType<typeof createMatchLinkService>;
