import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishArticleInput, type PublishArticleInput } from '@livesports/contracts/content';
import { requestWithMsg } from '@/shared/api/client';
import { newsKeys } from './keys';
import { publishArticle } from '@/shared/api/call-refs';

// POST api/Headlines_user/insert: a writer publishes a headline. The form validates with the
// very schema the server uses, so the messages match.
export const publishArticleSchema = publishArticleInput;

export const postArticle = (input: PublishArticleInput) => requestWithMsg(publishArticle, input);

export function usePublishArticle(onSuccess?: (id: number, msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postArticle,
    onSuccess: ({ data, msg }) => {
      void queryClient.invalidateQueries({ queryKey: newsKeys.list() });
      onSuccess?.(data.id, msg);
    },
  });
}
