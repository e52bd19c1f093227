import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { newsKeys } from './keys';
import { getList2 } from '@/shared/api/call-refs';

// GET api/Portal_post/getList2: headlines by category, by writer, or the hot list.
export type ArticlesInput = CallInput<typeof getList2>;
export const fetchArticles = (input: ArticlesInput) => request(getList2, input);

export const articlesQueryOptions = (input: ArticlesInput) =>
  queryOptions({ queryKey: newsKeys.list(input), queryFn: () => fetchArticles(input), placeholderData: keepPreviousData, staleTime: 30_000 });

export const useArticles = (input: ArticlesInput, enabled = true) => useQuery({ ...articlesQueryOptions(input), enabled });
