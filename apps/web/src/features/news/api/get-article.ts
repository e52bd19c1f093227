import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { newsKeys } from './keys';
import { tagged } from '@/shared/api/query-tags';
import { articleDetail } from '@/shared/api/call-refs';

// GET api/Portal_post/detail: one headline with related ones (counts a read).
export const fetchArticle = (id: number) => request(articleDetail, { id });

export const articleQueryOptions = (id: number) => queryOptions({ queryKey: newsKeys.detail(id), meta: tagged('follows'), queryFn: () => fetchArticle(id), staleTime: 60_000 });

export const useArticle = (id: number) => useQuery({ ...articleQueryOptions(id), enabled: id > 0 });
