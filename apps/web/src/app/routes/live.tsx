import { FollowType } from '@livesports/contracts/social-constants';
import { LiveRoomPage } from '@/features/live/pages/live-room';
import { FollowButton } from '@/features/social/components/follow-button';
import { RoomGiftBar, RoomGiftSide } from '@/features/economy/components/room-gifts';
import { ChatPanel } from '@/features/chat/components/chat-panel';
import { HornBanner, HornButton } from '@/features/chat/components/horns';
import { ManageRoomButton } from '@/features/chat/components/manage-room';
import { ReportRoomButton } from '@/features/chat/components/report-room';
import { MatchStrip } from '@/features/matches/components/match-strip';
import { ReplayList } from '@/features/replays/components/replay-list';
import { PictureOverlay, renderGiftLine, useRoomEvents } from '../live-room-wiring';
import { useReplayRoute } from '../replay-wiring';

// /live?id=<room>: the live feature's room with the social feature's follow button, the economy's
// gift bar (gifts, balance, recharge, guard) under the player, its room ranking in the side column
// and its gift effects over the player; the chat feature's panel heads the side column (in view beside the player, as viewers expect)
// and its danmaku flies under the gift effects (live-room-wiring.tsx, shared with the phone's room).
// Under the room: its replays (replays feature).
function LiveRoom() {
  useRoomEvents();
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
            headerExtra={
              <>
                <ReportRoomButton roomId={room.anchor.uid} />
                <ManageRoomButton roomId={room.anchor.uid} />
              </>
            }
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

export function Component() {
  return useReplayRoute() ?? <LiveRoom />;
}
