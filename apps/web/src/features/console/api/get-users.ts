import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { consoleUserSearch } from '@/shared/api/call-refs';

export type UserSearch = CallInput<typeof consoleUserSearch>;

// GET api/admin/users/search: accounts by id, nickname or (administrators) e-mail; newest first.
export const fetchUsers = (input: UserSearch) => request(consoleUserSearch, input);

export const usersQueryOptions = (input: UserSearch) => queryOptions({ queryKey: consoleKeys.users('search', input), queryFn: () => fetchUsers(input), placeholderData: keepPreviousData });

export const useUsers = (input: UserSearch) => useQuery(usersQueryOptions(input));
