import { FollowType } from '@livesports/contracts/social';
import { LiveRoomPage } from '@/features/live/pages/live-room';
import { FollowButton } from '@/features/social/components/follow-button';
import { RoomGiftOverlay, RoomGiftSide } from '@/features/economy/components/room-gifts';
import { ChatPanel } from '@/features/chat/components/chat-panel';
import { DanmakuLayer } from '@/features/chat/components/danmaku-layer';

// /live?id=<room>: the live feature's room with the social feature's follow button and the
// economy's guard button, gift panel and room ranking beside the player and its gift effects over
// it; the chat feature's panel heads the side column (in view beside the player, as viewers expect)
// and its danmaku flies under the gift effects.
export function Component() {
  return (
    <LiveRoomPage
      follow={(anchor) => <FollowButton uid={anchor.uid} type={FollowType.ANCHOR} followed={anchor.is_followed === 1} size="md" />}
      side={(room) => (
        <>
          <ChatPanel roomId={room.anchor.uid} />
          <RoomGiftSide roomId={room.anchor.uid} />
        </>
      )}
      overlay={(room) => (
        <>
          <DanmakuLayer roomId={room.anchor.uid} />
          <RoomGiftOverlay roomId={room.anchor.uid} />
        </>
      )}
    />
  );
}
