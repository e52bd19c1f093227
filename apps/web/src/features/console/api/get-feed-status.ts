import { queryOptions, useQuery } from '@tanstack/react-query';
import { feedStatus } from '@livesports/contracts/console-catalog';
import { request } from '@/shared/api/client';

// GET api/admin/feeds/status: what each match source last wrote, the replay, the token origin.
export const fetchFeedStatus = () => request(feedStatus, {});

export const feedStatusQueryOptions = () => queryOptions({ queryKey: ['console', 'feeds'], queryFn: fetchFeedStatus, refetchInterval: 5_000 });

export const useFeedStatus = () => useQuery(feedStatusQueryOptions());
