import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { getSystem } from '@/shared/api/call-refs';

// GET api/Universal/getSystem: site settings, fetched once at start (spec §4).
export const fetchSystem = () => request(getSystem, {});

/** The site's settings (spec §3); the only key of this feature. */
export const systemKey = ['system'] as const;
export const systemQueryOptions = () => queryOptions({ queryKey: systemKey, queryFn: fetchSystem, staleTime: 5 * 60_000 });
