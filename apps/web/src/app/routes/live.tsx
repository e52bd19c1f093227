import { useSearchParams } from 'react-router';
import type { GiftEvent } from '@livesports/contracts/economy-gifts';
import { FollowType } from '@livesports/contracts/social';
import { LiveRoomPage } from '@/features/live/pages/live-room';
import { FollowButton } from '@/features/social/components/follow-button';
import { RoomGiftBar, RoomGiftSide } from '@/features/economy/components/room-gifts';
import { GiftChatLine } from '@/features/economy/components/gift-effects';
import { ChatPanel } from '@/features/chat/components/chat-panel';
import { HornBanner, HornButton } from '@/features/chat/components/horns';
import { ManageRoomButton } from '@/features/chat/components/manage-room';
import { ReplayChatList, ReplayDanmakuLayer } from '@/features/chat/components/replay-chat';
import { MatchStrip } from '@/features/matches/components/match-strip';
import { ReplayPage } from '@/features/replays/pages/replay-page';
import { ClipPage } from '@/features/replays/pages/clip-page';
import { ReplayList } from '@/features/replays/components/replay-list';
import { PictureOverlay, renderGiftLine, useRoomGiftEvents } from '../live-room-wiring';

// /live?id=<room>: the live feature's room with the social feature's follow button, the economy's
// gift bar (gifts, balance, recharge, guard) under the player, its room ranking in the side column
// and its gift effects over the player; the chat feature's panel heads the side column (in view beside the player, as viewers expect)
// and its danmaku flies under the gift effects (live-room-wiring.tsx, shared with the phone's room).
// Under the room: its replays (replays feature).
function LiveRoom() {
  useRoomGiftEvents();
  return (
    <LiveRoomPage
      follow={(anchor, onChange) => <FollowButton uid={anchor.uid} type={FollowType.ANCHOR} followed={anchor.is_followed === 1} size="md" onChange={onChange} />}
      underPlayer={(room) => <RoomGiftBar roomId={room.anchor.uid} />}
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
      matchStrip={(m) => <MatchStrip matchId={m.id} />}
      overlay={(room) => <PictureOverlay roomId={room.anchor.uid} />}
      below={(room) => <ReplayList roomId={room.anchor.uid} />}
    />
  );
}

// &replay=<id> is the broadcast again: the replays feature's player, score timeline and clips, the
// chat feature's danmaku layer and chat list fed from the broadcast's timeline, gifts as the
// economy draws them. &clip=<id> is a clip's own (shared) page. Both are reusable by /m.
const replayGift = (e: GiftEvent) => <GiftChatLine event={e} />;
export function ReplayRoute() {
  return (
    <ReplayPage
      renderGift={replayGift}
      overlay={(s) => <ReplayDanmakuLayer lines={s.lines} time={s.time} playing={s.playing} seeked={s.seeked} />}
      side={(s) => <ReplayChatList lines={s.lines} time={s.time} canSend={s.canSend} onSend={s.send} onLogin={s.login} />}
    />
  );
}

export function Component() {
  const [params] = useSearchParams();
  if (params.get('replay')) return <ReplayRoute />;
  if (params.get('clip')) return <ClipPage />;
  return <LiveRoom />;
}
