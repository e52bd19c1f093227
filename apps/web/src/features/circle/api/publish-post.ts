import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishPostInput } from '@livesports/contracts/content';
import type { ContentLangChoice } from '@livesports/contracts/content-lang';
import { requestWithMsg } from '@/shared/api/client';
import { circleKeys } from './keys';
import { publishPost } from '@/shared/api/call-refs';

// POST anchor_dynamics_user/insert: text and up to nine pictures.
export const publishPostSchema = publishPostInput;

export function usePublishPost(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; images: string[]; lang?: ContentLangChoice }) => requestWithMsg(publishPost, input),
    onSuccess: ({ msg }) => {
      void queryClient.invalidateQueries({ queryKey: circleKeys.posts() });
      onSuccess?.(msg);
    },
  });
}
