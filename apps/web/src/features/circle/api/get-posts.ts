import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { circleKeys } from './keys';
import { tagged } from '@/shared/api/query-tags';
import { userPostList } from '@/shared/api/call-refs';

// GET anchor_dynamics/userPostList: the circle feed (tab 0 latest, 1 hot, 2 following) or one person's posts.
export interface PostsInput {
  uid?: number;
  tab?: 0 | 1 | 2;
  /** 1: every language in plain order; 0 (default): the reader's language first. */
  all_lang?: 0 | 1;
}
const LIMIT = 10;
export const fetchPosts = (input: PostsInput, page: number) => request(userPostList, { ...input, page, limit: LIMIT });

export const postsQueryOptions = (input: PostsInput) =>
  infiniteQueryOptions({
    queryKey: circleKeys.posts(input),
    meta: tagged('follows'),
    queryFn: ({ pageParam }) => fetchPosts(input, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

export const usePosts = (input: PostsInput, enabled = true) => useInfiniteQuery({ ...postsQueryOptions(input), enabled });
