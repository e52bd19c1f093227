import { FollowType } from '@livesports/contracts/social-constants';
import { CircleDetailPage } from '@/features/circle/pages/circle-detail';
import { FollowButton } from '@/features/social/components/follow-button';
import '@/styles/community.css';

export function Component() {
  return <CircleDetailPage followSlot={(p) => <FollowButton uid={p.author.id} type={FollowType.USER} followed={p.is_followed === 1} />} />;
}
