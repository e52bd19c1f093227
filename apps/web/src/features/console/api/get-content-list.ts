import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { contentList } from '@/shared/api/call-refs';

export type ContentListFilters = CallInput<typeof contentList>;

// GET api/admin/content/list: headlines, posts or comments in every state, filtered.
export const fetchContentList = (filters: ContentListFilters) => request(contentList, filters);

export const contentListQueryOptions = (filters: ContentListFilters) =>
  queryOptions({ queryKey: consoleKeys.content(filters), queryFn: () => fetchContentList(filters), placeholderData: keepPreviousData });

export const useContentList = (filters: ContentListFilters) => useQuery(contentListQueryOptions(filters));
