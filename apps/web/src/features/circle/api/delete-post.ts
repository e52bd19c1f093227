import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestWithMsg } from '@/shared/api/client';
import { circleKeys } from './keys';
import { deletePost } from '@/shared/api/call-refs';

// POST anchor_dynamics_user/delete: the author (or an administrator) removes a post.
export function useDeletePost(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => requestWithMsg(deletePost, { id }),
    onSuccess: ({ msg }, id) => {
      queryClient.removeQueries({ queryKey: circleKeys.post(id) });
      void queryClient.invalidateQueries({ queryKey: circleKeys.posts() });
      onSuccess?.(msg);
    },
  });
}
