import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { getList2 } from '@livesports/contracts/content';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { lightCalls } from '@/shared/api/light-calls';
import { newsKeys } from './keys';

// GET api/Portal_post/getList2: headlines by category, by writer, or the hot list. Named by a light
// call: the home page shows it, and the contract module would bring zod to the home.
export type ArticlesInput = CallInput<typeof getList2>;
export const fetchArticles = (input: ArticlesInput) => request(lightCalls.getList2, input);

export const articlesQueryOptions = (input: ArticlesInput) =>
  queryOptions({ queryKey: newsKeys.list(input), queryFn: () => fetchArticles(input), placeholderData: keepPreviousData, staleTime: 30_000 });

export const useArticles = (input: ArticlesInput, enabled = true) => useQuery({ ...articlesQueryOptions(input), enabled });
