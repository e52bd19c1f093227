import { queryOptions, useQuery } from '@tanstack/react-query';
import { postInfo } from '@livesports/contracts/content';
import { request } from '@/shared/api/client';

// GET anchor_dynamics/info: one circle post.
export const fetchPost = (id: number) => request(postInfo, { id });

export const postQueryOptions = (id: number) => queryOptions({ queryKey: ['circle', 'post', id], queryFn: () => fetchPost(id) });

export const usePost = (id: number) => useQuery({ ...postQueryOptions(id), enabled: id > 0 });
