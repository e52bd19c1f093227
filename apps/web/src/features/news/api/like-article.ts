import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArticleDetail } from '@livesports/contracts/content';
import { request } from '@/shared/api/client';
import { articleQueryOptions } from './get-article';
import { newsKeys } from './keys';
import { likeArticle } from '@/shared/api/call-refs';

// POST api/Headlines_user/likes: sets the like; the open article follows at once, lists on their next
// fetch. By method and path (shared/api/call-refs.ts): the button is on the headline's first screen.
export function useLikeArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: ArticleDetail) => request(likeArticle, { id: a.id, like: a.is_liked ? 0 : 1 }),
    onSuccess: (res, a) => {
      queryClient.setQueryData(articleQueryOptions(a.id).queryKey, (old) => (old ? { ...old, ...res } : old));
      void queryClient.invalidateQueries({ queryKey: newsKeys.list() });
    },
  });
}
