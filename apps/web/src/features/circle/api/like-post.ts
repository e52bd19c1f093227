import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '@livesports/contracts/content';
import { request } from '@/shared/api/client';
import { circleKeys } from './keys';
import { likePost } from '@/shared/api/call-refs';

// POST anchor_dynamics_user/likes: sets the like; every cached copy of the post follows.
export function useLikePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: Post) => request(likePost, { id: post.id, like: post.is_liked ? 0 : 1 }),
    onSuccess: (res, post) => {
      const patch = (p: Post) => (p.id === post.id ? { ...p, is_liked: res.is_liked, likes: res.likes } : p);
      queryClient.setQueryData<Post>(circleKeys.post(post.id), (old) => (old ? patch(old) : old));
      queryClient.setQueriesData<{ pages: { list: Post[] }[] }>({ queryKey: circleKeys.posts() }, (old) =>
        old ? { ...old, pages: old.pages.map((pg) => ({ ...pg, list: pg.list.map(patch) })) } : old,
      );
    },
  });
}
