import { lazy } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FollowType } from '@livesports/contracts/social-constants';
import { ReportButton } from '@/features/circle/components/report-button';
import { articleQueryOptions } from '@/features/news/api/get-article';
import { ArticlePage } from '@/features/news/pages/article';
import { FollowButton } from '@/features/social/components/follow-button';
import { useAuthStore } from '@/shared/stores/auth';
import { AfterFirstPaint, SectionPlaceholder } from '@/shared/ui/after-first-paint';
import '@/styles/community.css';
import { newsKeys } from '@/features/news/api/keys';

// /detail?id=: a headline, with the social feature's follow button for its writer and the circle
// feature's comments under it (the same comments, likes, deletion rules and reports as a post's).
// The comments come after the first paint: their code (the composer, zod and the message catalogue)
// was most of what a headline loaded before its text and cover showed (issue #16).
const CommentSection = lazy(() => import('@/features/circle/components/comment-section').then((m) => ({ default: m.CommentSection })));

export function Component() {
  const me = useAuthStore((s) => s.user?.id ?? 0);
  const queryClient = useQueryClient();
  return (
    <ArticlePage
      reportSlot={(a) => (me === a.author.id ? null : <ReportButton target={{ type: 'article', id: a.id }} testId="article-report" />)}
      followSlot={(a) => <FollowButton uid={a.author.id} type={FollowType.WRITER} followed={a.is_followed === 1} size="md" />}
      commentsSlot={(a) => (
        <AfterFirstPaint fallback={<SectionPlaceholder rows={3} />}>
          <CommentSection
            thread={{ kind: 'article', id: a.id }}
            ownerIsMe={me === a.author.id}
            onChanged={(delta) => {
              // The open article's counter follows at once (refetching it would count another read).
              queryClient.setQueryData(articleQueryOptions(a.id).queryKey, (old) => (old ? { ...old, comments: Math.max(0, old.comments + delta) } : old));
              void queryClient.invalidateQueries({ queryKey: newsKeys.list() });
            }}
          />
        </AfterFirstPaint>
      )}
    />
  );
}
