import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@livesports/contracts/content';
import { request, requestWithMsg } from '@/shared/api/client';
import { circleKeys } from './keys';
import { articleCommentList, commentArticle, commentList, commentPost, deleteComment, likeComment } from '@/shared/api/call-refs';

// Comments of a circle post or of a headline (one kind of comment, two threads):
//   post:    POST anchor_dynamics/commentList, anchor_dynamics_user/comment
//   article: GET api/Headlines/commentList, POST api/Headlines_user/comment
// and for both anchor_dynamics_user/commentLikes and anchor_dynamics_user/deleteComment.
export const COMMENTS_LIMIT = 20;

export type Thread = { kind: 'post' | 'article'; id: number };

export const fetchComments = (thread: Thread, page: number) => request(thread.kind === 'post' ? commentList : articleCommentList, { id: thread.id, page, limit: COMMENTS_LIMIT });

const commentsKey = (thread: Thread) => circleKeys.comments(thread.kind, thread.id);

export const commentsQueryOptions = (thread: Thread, page: number) =>
  queryOptions({ queryKey: [...commentsKey(thread), page], queryFn: () => fetchComments(thread, page), placeholderData: keepPreviousData });

export const useComments = (thread: Thread, page: number) => useQuery(commentsQueryOptions(thread, page));

/** After a comment is added or deleted: the thread's comments, and the post's own counters. */
function useRefresh(thread: Thread, onChanged?: (delta: 1 | -1) => void) {
  const queryClient = useQueryClient();
  return (delta: 1 | -1) => {
    void queryClient.invalidateQueries({ queryKey: commentsKey(thread) });
    if (thread.kind === 'post') {
      void queryClient.invalidateQueries({ queryKey: circleKeys.post(thread.id) });
      void queryClient.invalidateQueries({ queryKey: circleKeys.posts() });
    }
    onChanged?.(delta);
  };
}

export function useAddComment(thread: Thread, onSuccess?: (msg: string) => void, onChanged?: (delta: 1 | -1) => void) {
  const refresh = useRefresh(thread, onChanged);
  return useMutation({
    mutationFn: (input: { content: string; pid?: number }) => requestWithMsg(thread.kind === 'post' ? commentPost : commentArticle, { id: thread.id, ...input }),
    onSuccess: ({ msg }) => {
      refresh(1);
      onSuccess?.(msg);
    },
  });
}

export function useLikeComment(thread: Thread) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: Comment) => request(likeComment, { id: c.id, like: c.is_liked ? 0 : 1 }),
    onSuccess: (res, c) => {
      queryClient.setQueriesData<{ list: Comment[] }>({ queryKey: commentsKey(thread) }, (old) => (old ? { ...old, list: old.list.map((x) => (x.id === c.id ? { ...x, ...res } : x)) } : old));
    },
  });
}

export function useDeleteComment(thread: Thread, onSuccess?: (msg: string) => void, onChanged?: (delta: 1 | -1) => void) {
  const refresh = useRefresh(thread, onChanged);
  return useMutation({
    mutationFn: (id: number) => requestWithMsg(deleteComment, { id }),
    onSuccess: ({ msg }) => {
      refresh(-1);
      onSuccess?.(msg);
    },
  });
}
