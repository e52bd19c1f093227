import { FollowType } from '@livesports/contracts/social-constants';
import { CirclePage } from '@/features/circle/pages/circle';
import { HotList } from '@/features/news/components/hot-list';
import { FollowButton } from '@/features/social/components/follow-button';
import '@/styles/community.css';

// /circle: the community feed; authors get the social feature's follow button.
export function Component() {
  return <CirclePage followSlot={(p) => <FollowButton uid={p.author.id} type={FollowType.USER} followed={p.is_followed === 1} />} aside={<HotList />} />;
}
