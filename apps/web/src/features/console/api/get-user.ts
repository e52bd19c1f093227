import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { consoleUserDetail } from '@/shared/api/call-refs';

// GET api/admin/users/detail: one account's profile, counts, running sanctions and what the caller may do.
export const fetchUser = (id: number) => request(consoleUserDetail, { id });

export const userQueryOptions = (id: number) => queryOptions({ queryKey: consoleKeys.users(id, 'detail'), queryFn: () => fetchUser(id) });

export const useUser = (id: number) => useQuery(userQueryOptions(id));
