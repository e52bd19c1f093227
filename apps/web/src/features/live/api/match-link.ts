import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MatchListRow } from '@livesports/contracts/matches';
import { request, requestWithMsg } from '@/shared/api/client';
import { myRoomKey } from './my-room';
import { liveKeys } from './keys';
import { allMatch, getMatchRooms, setRoomMatch } from '@/shared/api/call-refs';

// A room and the match it covers (issue #19 item 12): the anchor links the room in the studio;
// a match page lists the live rooms covering it.

/** GET api/Live_streaming/getMatchRooms: live rooms covering a match, most watched first. */
export const useMatchRooms = (matchId: number) =>
  useQuery({ queryKey: liveKeys.matchRooms(matchId), queryFn: () => request(getMatchRooms, { match_id: matchId }), enabled: matchId > 0, refetchInterval: 30_000 });

/** POST api/Live/setMatch (0 unlinks); the studio shows the new link at once. */
export function useSetRoomMatch(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (matchId: number) => requestWithMsg(setRoomMatch, { match_id: matchId }),
    onSuccess: ({ data, msg }) => {
      queryClient.setQueryData(myRoomKey, data);
      void queryClient.invalidateQueries({ queryKey: liveKeys.all });
      onSuccess?.(msg);
    },
  });
}

/**
 * Matches an anchor can cover: in play now, then kicking off next (the matches module's list
 * call; the studio only reads it). 1 football, 2 basketball.
 */
export function useLinkableMatches(type: 1 | 2, enabled = true) {
  return useQuery({
    queryKey: liveKeys.linkableMatches(type),
    queryFn: async (): Promise<{ live: MatchListRow[]; upcoming: MatchListRow[] }> => {
      const [live, upcoming] = await Promise.all([
        request(allMatch, { type, status: 'live', tz: 0, collected: 0, page: 1, limit: 60, view: 'list' }),
        request(allMatch, { type, status: 'upcoming', tz: 0, collected: 0, page: 1, limit: 60, view: 'list' }),
      ]);
      return { live: live.list, upcoming: upcoming.list };
    },
    enabled,
    staleTime: 30_000,
  });
}
