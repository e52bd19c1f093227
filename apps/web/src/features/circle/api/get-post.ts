import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { circleKeys } from './keys';
import { tagged } from '@/shared/api/query-tags';
import { postInfo } from '@/shared/api/call-refs';

// GET anchor_dynamics/info: one circle post.
export const fetchPost = (id: number) => request(postInfo, { id });

export const postQueryOptions = (id: number) => queryOptions({ queryKey: circleKeys.post(id), meta: tagged('follows'), queryFn: () => fetchPost(id) });

export const usePost = (id: number) => useQuery({ ...postQueryOptions(id), enabled: id > 0 });
