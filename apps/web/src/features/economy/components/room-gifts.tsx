import { useEffect } from 'react';
import { create } from 'zustand';
import type { GiftEvent } from '@livesports/contracts/economy-gifts';
import '../locales';
import '../economy.css';
import { GiftEffectLayer, useGiftEffects } from './gift-effects';
import { GiftPanel } from './gift-panel';
import { GuardButton } from './guard-dialog';
import { RoomRanking } from './room-ranking';

/**
 * What a live room page places from the economy feature (room id = the anchor's user id):
 *   under player: <RoomGiftBar roomId={id} />    gift panel, balance, recharge, guard button
 *   side column:  <RoomGiftSide roomId={id} />   room ranking
 *   over player:  <RoomGiftOverlay roomId={id} /> gift effects
 *   chat list:    <GiftChatLine event={…} />     (gift-effects.tsx) for IM custom messages type 100
 * Gifts heard from the room's IM (type 100) are handed to `playGift(event)`; the sender's own
 * sends play at once, before the IM echo (which is then dropped as a repeat of the same combo).
 */

interface RoomGiftsState {
  queue: GiftEvent[];
  push: (e: GiftEvent) => void;
  take: () => GiftEvent[];
}
const seen = new Set<string>();
const useRoomGifts = create<RoomGiftsState>((set, get) => ({
  queue: [],
  push: (e) => {
    const id = `${e.room_id}:${e.sender.id}:${e.gift.id}:${e.combo}`;
    if (seen.has(id)) return;
    seen.add(id);
    if (seen.size > 500) seen.delete(seen.values().next().value!);
    set({ queue: [...get().queue, e] });
  },
  take: () => {
    const q = get().queue;
    if (q.length) set({ queue: [] });
    return q;
  },
}));

/** Plays a gift heard in the room (IM custom message type 100). */
export const playGift = (event: GiftEvent) => useRoomGifts.getState().push(event);

export function RoomGiftOverlay({ roomId }: { roomId: number }) {
  const { shows, play } = useGiftEffects();
  const queue = useRoomGifts((s) => s.queue);
  useEffect(() => {
    if (!queue.length) return;
    for (const e of useRoomGifts.getState().take()) if (e.room_id === roomId) play(e);
  }, [queue, roomId, play]);
  return <GiftEffectLayer shows={shows} />;
}

/** Under the player (as on every streaming site): gifts, send, balance and recharge, the guard button. */
export function RoomGiftBar({ roomId }: { roomId: number }) {
  return <GiftPanel roomId={roomId} onSent={playGift} extra={<GuardButton roomId={roomId} />} />;
}

/** In the side column, under the chat: the room's ranking of givers. */
export function RoomGiftSide({ roomId }: { roomId: number }) {
  return (
    <div className="eco-room-side" data-testid="room-gift-side">
      <RoomRanking roomId={roomId} />
    </div>
  );
}
