import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { roomList } from '@/shared/api/call-refs';

export type RoomListFilters = CallInput<typeof roomList>;

// GET api/admin/rooms/list: live rooms, or every room most recently live first.
export const fetchRoomList = (filters: RoomListFilters) => request(roomList, filters);

export const roomListQueryOptions = (filters: RoomListFilters) => queryOptions({ queryKey: consoleKeys.rooms(filters), queryFn: () => fetchRoomList(filters), placeholderData: keepPreviousData });

export const useRoomList = (filters: RoomListFilters) => useQuery(roomListQueryOptions(filters));
