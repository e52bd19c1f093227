import { queryOptions, useQuery } from '@tanstack/react-query';
import { articleDetail } from '@livesports/contracts/content';
import { request } from '@/shared/api/client';

// GET api/Portal_post/detail: one headline with related ones (counts a read).
export const fetchArticle = (id: number) => request(articleDetail, { id });

export const articleQueryOptions = (id: number) => queryOptions({ queryKey: ['news', 'detail', id], queryFn: () => fetchArticle(id), staleTime: 60_000 });

export const useArticle = (id: number) => useQuery({ ...articleQueryOptions(id), enabled: id > 0 });
