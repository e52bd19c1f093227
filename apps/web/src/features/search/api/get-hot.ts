import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { lightCalls } from '@/shared/api/light-calls';
import { searchKeys } from './keys';

// GET api/universal/getHot: hot search words, most searched first.
export const fetchHot = () => request(lightCalls.getHot, {});

export const hotQueryOptions = () => queryOptions({ queryKey: searchKeys.hot(), queryFn: fetchHot, staleTime: 60_000 });

export const useHot = () => useQuery(hotQueryOptions());
