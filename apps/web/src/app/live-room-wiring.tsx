import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImEvent } from '@livesports/contracts/chat';
import { ImCustomType } from '@livesports/contracts/chat-constants';
import { onRoomEvent } from '@/features/chat/api/im-client';
import { DanmakuLayer } from '@/features/chat/components/danmaku-layer';
import { EntranceBanner } from '@/features/chat/components/entrance-banner';
import { useChatFilters } from '@/features/chat/lib/chat-filters';
import { GiftChatLine } from '@/features/economy/components/gift-effects';
import { RoomGiftOverlay, playGift } from '@/features/economy/components/room-gifts';
import { refreshRoom } from '@/features/live/api/rooms';

// What every live room (desktop /live and the phone's /m/live) wires between the chat, economy and
// live features: a stream starting or ending, heard on the room's chat, refreshes the room; gifts
// heard there (type 100) are drawn in the chat list by the economy's line and played by its
// effects; over the picture fly the danmaku, the gift effects and the noble/guard entrances (the
// last two unless the viewer hid effects).

export const renderGiftLine = (e: ImEvent) => (e.type === ImCustomType.GIFT ? <GiftChatLine event={e} /> : null);

/**
 * Plays the gifts heard on the room's chat while the room is open, and fetches the room again
 * when its stream starts or ends (type 104 on the same socket): an offline room's viewer sees
 * the picture within a second of the encoder starting instead of at the next 4 s poll.
 */
export function useRoomEvents() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onRoomEvent((e) => {
        if (e.type === ImCustomType.GIFT) playGift(e);
        else if (e.type === ImCustomType.LIVE) void refreshRoom(queryClient, e.room_id);
      }),
    [queryClient],
  );
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
