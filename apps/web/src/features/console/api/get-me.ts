import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { consoleMe } from '@/shared/api/call-refs';

// GET api/admin/me: the caller's console role and the counts beside the menu (403 for non-staff).
export const fetchConsoleMe = () => request(consoleMe, {});

export const consoleMeQueryOptions = () => queryOptions({ queryKey: consoleKeys.me(), queryFn: fetchConsoleMe, staleTime: 15_000, refetchInterval: 30_000 });

export const useConsoleMe = () => useQuery(consoleMeQueryOptions());
