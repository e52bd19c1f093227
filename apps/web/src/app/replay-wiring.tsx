import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { GiftEvent } from '@livesports/contracts/economy-gifts';
import { GiftChatLine } from '@/features/economy/components/gift-effects';
import { ReplayChatList, ReplayDanmakuLayer } from '@/features/chat/components/replay-chat';
import { ClipPage } from '@/features/replays/pages/clip-page';
import { ReplayPage } from '@/features/replays/pages/replay-page';

// &replay=<id> is the broadcast again: the replays feature's player, score timeline and clips, the
// chat feature's danmaku layer and chat list fed from the broadcast's timeline, gifts as the
// economy draws them. &clip=<id> is a clip's own (shared) page. The desktop room (/live) and the
// phone's (/m/live) both open these for the same links; the page is responsive below 992 px.
const replayGift = (e: GiftEvent) => <GiftChatLine event={e} />;
function ReplayRoute() {
  return (
    <ReplayPage
      renderGift={replayGift}
      overlay={(s) => <ReplayDanmakuLayer lines={s.lines} time={s.time} playing={s.playing} seeked={s.seeked} />}
      side={(s) => <ReplayChatList lines={s.lines} time={s.time} canSend={s.canSend} onSend={s.send} onLogin={s.login} />}
    />
  );
}

/** The replay or clip page when the room link carries `replay=` or `clip=`, else null. */
export function useReplayRoute(): ReactNode | null {
  const [params] = useSearchParams();
  if (params.get('replay')) return <ReplayRoute />;
  if (params.get('clip')) return <ClipPage />;
  return null;
}
