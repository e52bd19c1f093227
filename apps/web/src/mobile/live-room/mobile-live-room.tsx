import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FollowType } from '@livesports/contracts/social-constants';
import { paths } from '@/config/paths';
import { PictureOverlay, renderGiftLine, useRoomEvents } from '@/app/live-room-wiring';
import { ChatPanel } from '@/features/chat/components/chat-panel';
import { DanmakuControls } from '@/features/chat/components/danmaku-settings';
import { HornBanner, HornButton } from '@/features/chat/components/horns';
import { ManageRoomButton } from '@/features/chat/components/manage-room';
import { GuardButton } from '@/features/economy/components/guard-dialog';
import { RoomRanking } from '@/features/economy/components/room-ranking';
import { useOnlineCount, useRoomInfo } from '@/features/live/api/rooms';
import { useRoomTitle } from '@/features/live/hooks/use-room-title';
import { LivePlayer } from '@/features/live/components/player/live-player';
import { preloadEngine } from '@/features/live/components/player/stream-engine';
import { IconEye } from '@/features/live/components/player/player-icons';
import { compact } from '@/features/live/components/room-card';
import { RoomNotes } from '@/features/live/components/room-notes';
import { OfflinePanel } from '@/features/live/pages/live-room';
import { FollowButton } from '@/features/social/components/follow-button';
import { useAuthStore } from '@/shared/stores/auth';
import { Avatar } from '@/shared/ui/avatar';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconChevronLeft, IconTv } from '@/shared/ui/icons';
import { PageSpinner } from '@/shared/ui/spinner';
import { ReplayList } from '@/features/replays/components/replay-list';
import { useSwipe } from '../touch/use-swipe';
import { useVisualViewportBox } from '../touch/use-visual-viewport';
import { GiftSheetButton } from './gift-sheet';
import { useStageBottom } from './use-stage-bottom';
import './live-room.css';

const TABS = ['chat', 'rank', 'info'] as const;
type Tab = (typeof TABS)[number];

/**
 * /m/live?id=<room>: the room as phone apps show it. The player across the top (16:9; a portrait
 * 9:16 stream fills the screen with the chat over it), the anchor with follow and guard, then
 * chat / ranking / info tabs (swipe between them). The chat's input stays fixed above the keyboard:
 * the room is laid over the visual viewport, so opening the keyboard moves nothing.
 */
export function MobileLiveRoom() {
  const { t: tl } = useTranslation('live');
  const [params] = useSearchParams();
  const roomId = Number(params.get('id') ?? 0);
  const info = useRoomInfo(Number.isInteger(roomId) ? roomId : 0);
  // The room mounts (player, chat, tabs: the page's largest render) in a deferred render, which React
  // slices so a tap or a frame can come between, instead of in the one long task a query's answer
  // would otherwise start (issue #16: a phone's total blocking time).
  const room = useDeferredValue(info.data);
  useRoomEvents();
  useRoomTitle(room?.anchor);
  // The stream library loads while the page does, not once the stream starts.
  useEffect(preloadEngine, []);

  // Only a room that never loaded is "not found": a failed poll of a room on screen (a starved
  // server) kept its last answer, but showed this for a poll's time, and the chat went with it —
  // the typed text and any line on its way (issue #50).
  if (!(roomId > 0) || (info.isError && !info.data)) {
    return (
      <div className="m-page">
        <EmptyState
          icon={<IconTv size={36} />}
          title={tl('room.notFound')}
          text={tl('room.notFoundText')}
          action={
            <Link className="btn btn--primary btn--md" to={`${paths.mobile}${paths.anchor}`}>
              <span>{tl('strip.allAnchors')}</span>
            </Link>
          }
        />
      </div>
    );
  }
  if (!room) return <PageSpinner />;
  return <RoomView room={room} onReconnect={() => void info.refetch()} />;
}

type Room = NonNullable<ReturnType<typeof useRoomInfo>['data']>;

/**
 * The room once its data is in: rendered only then, so the hooks that hold on to its elements
 * (the visual-viewport box, the stage's bottom) find them when they start.
 */
function RoomView({ room, onReconnect }: { room: Room; onReconnect: () => void }) {
  const { t } = useTranslation('mobile');
  const { t: tl } = useTranslation('live');
  const navigate = useNavigate();
  const live = room.live.is_live === 1;
  const uid = room.anchor.uid;
  const online = useOnlineCount(uid, live);
  const islogin = useAuthStore((s) => s.islogin);
  const [tab, setTab] = useState<Tab>('chat');
  const [portrait, setPortrait] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const swipe = useSwipe(TABS, tab, setTab);
  useVisualViewportBox(box);
  useStageBottom(stage);

  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.mobile));
  const viewers = online.data?.num ?? room.live.online;

  return (
    <div ref={box} className={['mlr', portrait && live && 'mlr--portrait'].filter(Boolean).join(' ')} data-testid="m-live-room" data-portrait={portrait && live ? 'true' : 'false'}>
      <div className="mlr__stage" ref={stage}>
        <button type="button" className="mlr__back" onClick={back} aria-label={t('back')} data-testid="m-room-back">
          <IconChevronLeft size={22} />
        </button>
        {live ? (
          <LivePlayer
            touch
            levels={room.live.levels}
            ladder={room.live.ladder}
            onReconnect={onReconnect}
            theater={false}
            onTheater={() => undefined}
            poster={room.live.cover || room.live.thumb}
            onMediaSize={(s) => setPortrait(s.height > s.width)}
            fullscreenRef={stage}
            controlsExtra={<DanmakuControls />}
            overlay={
              <>
                <PictureOverlay roomId={uid} />
                <HornBanner />
              </>
            }
            badge={
              <span className="player__live">
                <i className="live-dot" aria-hidden /> {tl('card.live')}
              </span>
            }
          />
        ) : (
          <OfflinePanel room={room} banner={<HornBanner />} />
        )}
      </div>

      <header className="mlr__anchor">
        <Avatar src={room.anchor.avatar} alt="" size={36} />
        <div className="mlr__anchor-text">
          <h1 className="mlr__title" data-testid="room-title">
            {room.anchor.title}
          </h1>
          <p className="mlr__meta">
            <span className="mlr__nick">{room.anchor.nickname}</span>
            {live && (
              <span className="mlr__viewers" data-testid="room-viewers">
                <IconEye size={13} /> {compact(viewers)}
              </span>
            )}
            <span>{tl('room.followers', { count: room.anchor.followers })}</span>
          </p>
        </div>
        <div className="mlr__actions">
          <GuardButton roomId={uid} />
          <FollowButton uid={uid} type={FollowType.ANCHOR} followed={room.anchor.is_followed === 1} />
        </div>
      </header>

      <nav className="mlr__tabs" role="tablist" aria-label={room.anchor.nickname}>
        {TABS.map((k) => (
          <button key={k} type="button" role="tab" aria-selected={tab === k} className={tab === k ? 'mlr__tab is-active' : 'mlr__tab'} onClick={() => setTab(k)} data-testid={`m-room-tab-${k}`}>
            {t(`room.tabs.${k}`)}
          </button>
        ))}
      </nav>

      <div className="mlr__panes" {...swipe}>
        <div className="mlr__pane mlr__pane--chat" hidden={tab !== 'chat'}>
          <ChatPanel
            roomId={uid}
            anchorNick={room.anchor.nickname}
            renderEvent={renderGiftLine}
            headerExtra={<ManageRoomButton roomId={uid} />}
            inputExtra={
              <>
                <HornButton roomId={uid} />
                <GiftSheetButton roomId={uid} />
              </>
            }
          />
          {/* Guests have no input row: the gift sheet still opens (it asks them to log in to send). */}
          {!islogin && (
            <div className="mlr__guest-gift">
              <GiftSheetButton roomId={uid} />
            </div>
          )}
        </div>
        {tab === 'rank' && (
          <div className="mlr__pane mlr__pane--scroll">
            <RoomRanking roomId={uid} />
          </div>
        )}
        {tab === 'info' && (
          <div className="mlr__pane mlr__pane--scroll">
            <RoomNotes room={room} live={live} />
            <ReplayList roomId={uid} />
          </div>
        )}
      </div>
    </div>
  );
}
