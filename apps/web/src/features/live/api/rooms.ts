import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomInfo } from '@livesports/contracts/live';
import { request } from '@/shared/api/client';
import { getLiveList, getOnlineMemberNum, getRoomInfo, getRoomList } from '@/shared/api/call-refs';
import { useAuthStore } from '@/shared/stores/auth';
import { liveKeys } from './keys';

// Rooms as visitors see them: live lists, the anchor list, one room, its online count.

export interface ListInput {
  type: 0 | 1 | 2 | 3 | 4;
  page: number;
  limit: number;
}

/** GET api/Live_streaming/getLiveList: rooms on air, most watched first. */
export const liveListQuery = (input: ListInput) =>
  queryOptions({ queryKey: liveKeys.liveList(input), queryFn: () => request(getLiveList, input), placeholderData: keepPreviousData, refetchInterval: 30_000 });
export const useLiveList = (input: ListInput) => useQuery(liveListQuery(input));

/** GET api/Live/getRoomList: every anchor's room (the /anchor page), live first. */
export const roomListQuery = (input: ListInput & { uids?: string }) =>
  queryOptions({ queryKey: liveKeys.roomList(input), queryFn: () => request(getRoomList, input), placeholderData: keepPreviousData, refetchInterval: 30_000 });
export const useRoomList = (input: ListInput & { uids?: string }, enabled = true) => useQuery({ ...roomListQuery(input), enabled });

/**
 * GET api/Live_streaming/getRoomInfo: the room page's data, play URLs included. Polled: an
 * offline room notices its stream starting, a live one its end. The login state is part of
 * the key because visitors get other URLs (SD at most).
 */
export function useRoomInfo(roomId: number) {
  const islogin = useAuthStore((s) => s.islogin);
  return useQuery({
    queryKey: liveKeys.room(roomId, islogin),
    queryFn: () => request(getRoomInfo, { room_id: roomId }),
    enabled: roomId > 0,
    refetchInterval: (q) => (q.state.data?.live.is_live ? 20_000 : 4_000),
    retry: false,
  });
}

/** Fetches the room again now (its stream started or ended: the player starts or stops without waiting for the poll). */
export const refreshRoom = (queryClient: QueryClient, roomId: number) => queryClient.invalidateQueries({ queryKey: liveKeys.room(roomId) });

/** Writes a change of the anchor (followers after a follow) into every cached copy of the room. */
export function patchRoomAnchor(queryClient: QueryClient, roomId: number, patch: Partial<RoomInfo['anchor']>) {
  queryClient.setQueriesData<RoomInfo>({ queryKey: liveKeys.room(roomId) }, (old) => (old ? { ...old, anchor: { ...old.anchor, ...patch } } : old));
}

/** GET api/tenxun/getOnlineMemberNum */
export const useOnlineCount = (roomId: number, enabled: boolean) =>
  useQuery({ queryKey: liveKeys.online(roomId), queryFn: () => request(getOnlineMemberNum, { room_id: roomId }), enabled, refetchInterval: 5_000 });
