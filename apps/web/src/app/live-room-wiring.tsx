import { useEffect } from 'react';
import type { ImEvent } from '@livesports/contracts/chat';
import { ImCustomType } from '@livesports/contracts/chat';
import { onRoomEvent } from '@/features/chat/api/im-client';
import { DanmakuLayer } from '@/features/chat/components/danmaku-layer';
import { EntranceBanner } from '@/features/chat/components/entrance-banner';
import { useChatFilters } from '@/features/chat/lib/chat-filters';
import { GiftChatLine } from '@/features/economy/components/gift-effects';
import { RoomGiftOverlay, playGift } from '@/features/economy/components/room-gifts';

// What every live room (desktop /live and the phone's /m/live) wires between the chat and economy
// features: gifts heard on the room's chat (type 100) are drawn in the chat list by the economy's
// line and played by its effects; over the picture fly the danmaku, the gift effects and the
// noble/guard entrances (the last two unless the viewer hid effects).

export const renderGiftLine = (e: ImEvent) => (e.type === ImCustomType.GIFT ? <GiftChatLine event={e} /> : null);

/** Plays the gifts heard on the room's chat while the room is open. */
export function useRoomGiftEvents() {
  useEffect(() => onRoomEvent((e) => e.type === ImCustomType.GIFT && playGift(e)), []);
}

/** Drawn over the picture: danmaku under the gift effects and entrances. */
export function PictureOverlay({ roomId }: { roomId: number }) {
  const hideEffects = useChatFilters((s) => s.hideEffects);
  return (
    <>
      <DanmakuLayer roomId={roomId} />
      {!hideEffects && <RoomGiftOverlay roomId={roomId} />}
      {!hideEffects && <EntranceBanner roomId={roomId} />}
    </>
  );
}
