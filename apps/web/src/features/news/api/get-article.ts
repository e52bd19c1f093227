import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { lightCalls } from '@/shared/api/light-calls';
import { newsKeys } from './keys';
import { tagged } from '@/shared/api/query-tags';

// GET api/Portal_post/detail: one headline with related ones (counts a read). A light call: the
// headline's first screen must not wait for zod.
export const fetchArticle = (id: number) => request(lightCalls.articleDetail, { id });

export const articleQueryOptions = (id: number) => queryOptions({ queryKey: newsKeys.detail(id), meta: tagged('follows'), queryFn: () => fetchArticle(id), staleTime: 60_000 });

export const useArticle = (id: number) => useQuery({ ...articleQueryOptions(id), enabled: id > 0 });
