import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { searchKeys } from './keys';
import { getHot } from '@/shared/api/call-refs';

// GET api/universal/getHot: hot search words, most searched first.
export const fetchHot = () => request(getHot, {});

export const hotQueryOptions = () => queryOptions({ queryKey: searchKeys.hot(), queryFn: fetchHot, staleTime: 60_000 });

export const useHot = () => useQuery(hotQueryOptions());
