import { FollowType } from '@livesports/contracts/social';
import { LiveRoomPage } from '@/features/live/pages/live-room';
import { FollowButton } from '@/features/social/components/follow-button';
import { RoomGiftOverlay, RoomGiftSide } from '@/features/economy/components/room-gifts';

// /live?id=<room>: the live feature's room with the social feature's follow button and the
// economy's guard button, gift panel and room ranking beside the player and its gift effects over
// it (chat joins the side column later).
export function Component() {
  return (
    <LiveRoomPage
      follow={(anchor) => <FollowButton uid={anchor.uid} type={FollowType.ANCHOR} followed={anchor.is_followed === 1} size="md" />}
      side={(room) => <RoomGiftSide roomId={room.anchor.uid} />}
      overlay={(room) => <RoomGiftOverlay roomId={room.anchor.uid} />}
    />
  );
}
