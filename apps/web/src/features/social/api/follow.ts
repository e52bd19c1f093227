import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowTypeValue } from '@livesports/contracts/social-constants';
import { requestWithMsg } from '@/shared/api/client';
import { socialKeys } from './keys';
import { invalidateTags } from '@/shared/api/query-tags';
import { attention } from '@/shared/api/call-refs';

// POST api/Member/attention: follow (1) or unfollow (0) a person as an anchor, writer or user.
export function useFollow(onSuccess?: (followed: boolean, msg: string, fans: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; type: FollowTypeValue; attention: 0 | 1 }) => requestWithMsg(attention, input),
    onSuccess: ({ data, msg }) => {
      // Follow flags show on profiles, lists, posts and headlines.
      void queryClient.invalidateQueries({ queryKey: socialKeys.all });
      void invalidateTags(queryClient, 'follows');
      onSuccess?.(data.is_followed === 1, msg, data.fans);
    },
  });
}
