import { useQuery } from '@tanstack/react-query';
import type { CallDef } from '@livesports/contracts/call';
import type { getMatchRoomCounts } from '@livesports/contracts/live-match';
import { request } from '@/shared/api/client';
import type { CallRef } from '@/shared/api/light-calls';
import { matchesKeys } from './keys';

// "Watch live: N rooms" on match rows and pages: how many live rooms cover each match. The
// rooms belong to the live module; this reads its count call (by method and path only, as the
// home strip loads these rows and must not bring the schema library along; match-rooms.test.ts
// checks the reference against its contract).
const ref = <C extends CallDef<any, any>>(method: C['method'], path: string): CallRef<C> => ({ method, path });
export const matchRoomCalls = {
  getMatchRoomCounts: ref<typeof getMatchRoomCounts>('GET', 'api/Live_streaming/getMatchRoomCounts'),
};

/** Live rooms per match id (only matches with at least one), refreshed every 30 s. */
export function useMatchRoomCounts() {
  return useQuery({
    queryKey: matchesKeys.roomCounts(),
    queryFn: async () => new Map((await request(matchRoomCalls.getMatchRoomCounts, {})).list.map((c) => [c.match_id, c.rooms])),
    staleTime: 20_000,
    refetchInterval: 30_000,
  });
}

/** How many live rooms cover this match (0 while unknown). */
export const useRoomsOf = (matchId: number) => useMatchRoomCounts().data?.get(matchId) ?? 0;
