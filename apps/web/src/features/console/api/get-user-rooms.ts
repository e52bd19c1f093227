import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { consoleUserRooms } from '@/shared/api/call-refs';

export type UserRoomsInput = CallInput<typeof consoleUserRooms>;

// GET api/admin/users/rooms: the live room and its broadcasts.
export const fetchUserRooms = (input: UserRoomsInput) => request(consoleUserRooms, input);

export const userRoomsQueryOptions = (input: UserRoomsInput) =>
  queryOptions({ queryKey: consoleKeys.users(input.id, 'rooms', input), queryFn: () => fetchUserRooms(input), placeholderData: keepPreviousData });

export const useUserRooms = (input: UserRoomsInput, enabled = true) => useQuery({ ...userRoomsQueryOptions(input), enabled });
