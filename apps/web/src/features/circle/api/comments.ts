import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commentList, commentPost, deleteComment, likeComment, type Comment } from '@livesports/contracts/content';
import { request, requestWithMsg } from '@/shared/api/client';

// Comments of a post: POST anchor_dynamics/commentList (paged), anchor_dynamics_user/comment,
// anchor_dynamics_user/commentLikes, anchor_dynamics_user/deleteComment.
export const COMMENTS_LIMIT = 20;
export const fetchComments = (id: number, page: number) => request(commentList, { id, page, limit: COMMENTS_LIMIT });

export const commentsQueryOptions = (id: number, page: number) =>
  queryOptions({ queryKey: ['circle', 'comments', id, page], queryFn: () => fetchComments(id, page), placeholderData: keepPreviousData });

export const useComments = (id: number, page: number) => useQuery(commentsQueryOptions(id, page));

function useRefresh(postId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['circle', 'comments', postId] });
    void queryClient.invalidateQueries({ queryKey: ['circle', 'post', postId] });
    void queryClient.invalidateQueries({ queryKey: ['circle', 'posts'] });
  };
}

export function useAddComment(postId: number, onSuccess?: (msg: string) => void) {
  const refresh = useRefresh(postId);
  return useMutation({
    mutationFn: (input: { content: string; pid?: number }) => requestWithMsg(commentPost, { id: postId, ...input }),
    onSuccess: ({ msg }) => {
      refresh();
      onSuccess?.(msg);
    },
  });
}

export function useLikeComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: Comment) => request(likeComment, { id: c.id, like: c.is_liked ? 0 : 1 }),
    onSuccess: (res, c) => {
      queryClient.setQueriesData<{ list: Comment[] }>({ queryKey: ['circle', 'comments', postId] }, (old) =>
        old ? { ...old, list: old.list.map((x) => (x.id === c.id ? { ...x, ...res } : x)) } : old,
      );
    },
  });
}

export function useDeleteComment(postId: number, onSuccess?: (msg: string) => void) {
  const refresh = useRefresh(postId);
  return useMutation({
    mutationFn: (id: number) => requestWithMsg(deleteComment, { id }),
    onSuccess: ({ msg }) => {
      refresh();
      onSuccess?.(msg);
    },
  });
}
