import type { GiftEvent } from '@livesports/contracts/economy-gifts';
import { GiftChatLine } from '@/features/economy/components/gift-effects';
import { ReplayChatList, ReplayDanmakuLayer } from '@/features/chat/components/replay-chat';
import { ReplayPage } from '@/features/replays/pages/replay-page';

// The broadcast again (&replay=<id>): the replays feature's player, score timeline and clips, the
// chat feature's danmaku layer and chat list fed from the broadcast's timeline, gifts as the
// economy draws them. Loaded only when a room link carries `replay=` (replay-wiring.tsx).
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
