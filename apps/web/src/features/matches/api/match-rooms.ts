import { useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { getMatchRoomCounts } from '@/shared/api/call-refs';
import { matchesKeys } from './keys';

// "Watch live: N rooms" on match rows and pages: how many live rooms cover each match (a call of
// the live module, named by method and path as every call is: shared/api/call-refs.ts).

/** Live rooms per match id (only matches with at least one), refreshed every 30 s. */
export function useMatchRoomCounts() {
  return useQuery({
    queryKey: matchesKeys.roomCounts(),
    queryFn: async () => new Map((await request(getMatchRoomCounts, {})).list.map((c) => [c.match_id, c.rooms])),
    staleTime: 20_000,
    refetchInterval: 30_000,
  });
}

/** How many live rooms cover this match (0 while unknown). */
export const useRoomsOf = (matchId: number) => useMatchRoomCounts().data?.get(matchId) ?? 0;
