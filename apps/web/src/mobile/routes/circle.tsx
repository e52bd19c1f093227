import { FollowType } from '@livesports/contracts/social-constants';
import { CirclePage } from '@/features/circle/pages/circle';
import { FollowButton } from '@/features/social/components/follow-button';
import '@/styles/community.css';

// /m/circle: the same feed and composer as the desktop's; the composer also opens the phone's
// camera, and the hot list (the home's) is left out so the feed comes first under the thumb.
export function Component() {
  return <CirclePage camera followSlot={(p) => <FollowButton uid={p.author.id} type={FollowType.USER} followed={p.is_followed === 1} />} />;
}
