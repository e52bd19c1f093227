import { useEffect } from 'react';
import type { ImEvent } from '@livesports/contracts/chat';
import { FollowType } from '@livesports/contracts/social';
import { LiveRoomPage } from '@/features/live/pages/live-room';
import { FollowButton } from '@/features/social/components/follow-button';
import { RoomGiftOverlay, RoomGiftSide, playGift } from '@/features/economy/components/room-gifts';
import { GiftChatLine } from '@/features/economy/components/gift-effects';
import { ChatPanel } from '@/features/chat/components/chat-panel';
import { DanmakuLayer } from '@/features/chat/components/danmaku-layer';
import { EntranceBanner } from '@/features/chat/components/entrance-banner';
import { HornBanner, HornButton } from '@/features/chat/components/horns';
import { ManageRoomButton } from '@/features/chat/components/manage-room';
import { onRoomEvent } from '@/features/chat/api/im-client';
import { useChatFilters } from '@/features/chat/lib/chat-filters';

// /live?id=<room>: the live feature's room with the social feature's follow button and the
// economy's guard button, gift panel and room ranking beside the player and its gift effects over
// it; the chat feature's panel heads the side column (in view beside the player, as viewers expect)
// and its danmaku flies under the gift effects. Gifts heard on the room's chat (type 100) are
// drawn in the chat list by the economy's line and played by its effects, unless the viewer hid them.
const renderGiftLine = (e: ImEvent) => (e.type === 100 ? <GiftChatLine event={e} /> : null);

export function Component() {
  const hideEffects = useChatFilters((s) => s.hideEffects);
  useEffect(() => onRoomEvent((e) => e.type === 100 && playGift(e)), []);
  return (
    <LiveRoomPage
      follow={(anchor) => <FollowButton uid={anchor.uid} type={FollowType.ANCHOR} followed={anchor.is_followed === 1} size="md" />}
      side={(room) => (
        <>
          <ChatPanel
            roomId={room.anchor.uid}
            anchorNick={room.anchor.nickname}
            renderEvent={renderGiftLine}
            headerExtra={<ManageRoomButton roomId={room.anchor.uid} />}
            inputExtra={<HornButton roomId={room.anchor.uid} />}
          />
          <RoomGiftSide roomId={room.anchor.uid} />
        </>
      )}
      banner={<HornBanner />}
      overlay={(room) => (
        <>
          <DanmakuLayer roomId={room.anchor.uid} />
          {!hideEffects && <RoomGiftOverlay roomId={room.anchor.uid} />}
          {!hideEffects && <EntranceBanner roomId={room.anchor.uid} />}
        </>
      )}
    />
  );
}
