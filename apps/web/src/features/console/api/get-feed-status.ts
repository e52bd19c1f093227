import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { feedStatus } from '@/shared/api/call-refs';

// GET api/admin/feeds/status: what each match source last wrote, the replay, the token origin.
export const fetchFeedStatus = () => request(feedStatus, {});

export const feedStatusQueryOptions = () => queryOptions({ queryKey: consoleKeys.feeds(), queryFn: fetchFeedStatus, refetchInterval: 5_000 });

export const useFeedStatus = () => useQuery(feedStatusQueryOptions());
