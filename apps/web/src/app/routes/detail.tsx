import { FollowType } from '@livesports/contracts/social';
import { ArticlePage } from '@/features/news/pages/article';
import { FollowButton } from '@/features/social/components/follow-button';
import '@/styles/community.css';

// /detail?id=: a headline, with the social feature's follow button for its writer.
export function Component() {
  return <ArticlePage followSlot={(a) => <FollowButton uid={a.author.id} type={FollowType.WRITER} followed={a.is_followed === 1} size="md" />} />;
}
