import { type ReactNode, useDeferredValue, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LinkedMatch, RoomInfo } from '@livesports/contracts/live';
import { anchorList, paths } from '@/config/paths';
import { Avatar } from '@/shared/ui/avatar';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconTv } from '@/shared/ui/icons';
import { Picture } from '@/shared/ui/picture';
import { PageSpinner } from '@/shared/ui/spinner';
import { patchRoomAnchor, useOnlineCount, useRoomInfo } from '../api/rooms';
import { LivePlayer } from '../components/player/live-player';
import { preloadEngine } from '../components/player/stream-engine';
import { IconEye } from '../components/player/player-icons';
import { compact } from '../components/room-card';
import { matchLine, ReserveButton, useWhen } from '../components/reservation-list';
import { RoomNotes } from '../components/room-notes';
import '../locales';
import '../live.css';
import { useRoomTitle } from '../hooks/use-room-title';

export interface LiveRoomSlots {
  /** Follow button for the anchor (social feature); it reports the new state and follower count. */
  follow?: (anchor: RoomInfo['anchor'], onChange: (followed: boolean, followers: number) => void) => ReactNode;
  /** Right under the player: the gift bar (economy feature). */
  underPlayer?: (room: RoomInfo) => ReactNode;
  /** The side column: chat, gifts, ranking (chat and economy features). */
  side?: (room: RoomInfo) => ReactNode;
  /** Drawn over the picture: danmaku, gift effects. */
  overlay?: (room: RoomInfo) => ReactNode;
  /** Over the picture or the offline panel alike: the site-wide horn banner (chat feature). */
  banner?: ReactNode;
  /** The live score strip of the match the room covers (matches feature), above the player. */
  matchStrip?: (match: LinkedMatch) => ReactNode;
  /** Under the room's announcement and schedule: its replays (replays feature). */
  below?: (room: RoomInfo) => ReactNode;
}

/** While the anchor is away: who, when they are back, and a promise to start by itself. */
export function OfflinePanel({ room, banner }: { room: RoomInfo; banner?: ReactNode }) {
  const { t } = useTranslation('live');
  const when = useWhen();
  const next = room.reserve;
  return (
    <div className="player player--offline" data-testid="live-offline">
      {/* The room's cover behind the panel, dimmed (the server names it in the page's HTML, and a
          phone sees it in the first paint: page-images.ts). */}
      <Picture src={room.live.cover} fallback={null} className="offline__backdrop" priority />
      {banner}
      <div className="offline">
        <Avatar src={room.anchor.avatar} alt={room.anchor.nickname} size={72} />
        <h2 className="offline__title">{t('room.offlineTitle', { name: room.anchor.nickname })}</h2>
        {next ? (
          <div className="offline__next" data-testid="offline-next">
            <span className="offline__label">{t('room.nextBroadcast')}</span>
            <strong>{next.title}</strong>
            {matchLine(next) && <span className="muted">{matchLine(next)}</span>}
            <span className="offline__when">{when(next.start_time)}</span>
            <ReserveButton r={next} size="md" />
          </div>
        ) : (
          <p className="muted">{t('room.noSchedule')}</p>
        )}
        <p className="offline__hint">{t('room.autoStart')}</p>
      </div>
    </div>
  );
}

/** /live?id=<room id>: the player (or the offline state), the anchor, the announcement, the schedule. */
export function LiveRoomPage({ follow, underPlayer, side, overlay, banner, matchStrip, below }: LiveRoomSlots) {
  const { t } = useTranslation('live');
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const roomId = Number(params.get('id') ?? 0);
  const info = useRoomInfo(Number.isInteger(roomId) ? roomId : 0);
  const [theater, setTheater] = useState(false);
  // The room mounts in a deferred render React slices, not in the one long task its query's answer
  // would start (see the mobile room; issue #16).
  const room = useDeferredValue(info.data);
  const live = room?.live.is_live === 1;
  const online = useOnlineCount(roomId, live);
  useRoomTitle(room?.anchor);
  useEffect(preloadEngine, []);

  // Only a room that never loaded is "not found": a failed poll of a room on screen (a starved
  // server) kept its last answer, but showed this for a poll's time, and the chat went with it —
  // the typed text and any line on its way (issue #50).
  if (!(roomId > 0) || (info.isError && !info.data)) {
    return (
      <section className="page">
        <div className="card">
          <EmptyState
            icon={<IconTv size={36} />}
            title={t('room.notFound')}
            text={t('room.notFoundText')}
            action={
              <Link className="btn btn--primary btn--md" to={paths.anchor}>
                <span>{t('strip.allAnchors')}</span>
              </Link>
            }
          />
        </div>
      </section>
    );
  }
  if (!room) return <PageSpinner />;

  const viewers = online.data?.num ?? room.live.online;
  // A follow or unfollow shows in the header's count at once, not at the next poll.
  const followed = (on: boolean, followers: number) => patchRoomAnchor(queryClient, roomId, { followers, is_followed: on ? 1 : 0 });

  return (
    <section className={['page', 'live-room', theater && 'live-room--theater'].filter(Boolean).join(' ')} data-testid="live-room">
      <div className="live-room__main">
        <header className="room-head">
          <Avatar src={room.anchor.avatar} alt={room.anchor.nickname} size={48} />
          <div className="room-head__text">
            <h1 className="room-head__title" data-testid="room-title">
              {room.anchor.title}
            </h1>
            <p className="room-head__meta">
              <span className="room-head__name">{room.anchor.nickname}</span>
              <span className="badge badge--accent">LV{room.anchor.level}</span>
              <Link to={anchorList(room.live.type as 1 | 2 | 3 | 4)} className="badge">
                {t(`types.${room.live.type}`)}
              </Link>
              <span className="muted" data-testid="room-followers">
                {t('room.followers', { count: room.anchor.followers })}
              </span>
            </p>
          </div>
          <div className="room-head__actions">
            {live && (
              <span className="room-head__viewers" data-testid="room-viewers">
                <IconEye size={15} /> {compact(viewers)}
              </span>
            )}
            {follow?.(room.anchor, followed)}
          </div>
        </header>

        {room.match && matchStrip?.(room.match)}

        {live ? (
          <LivePlayer
            levels={room.live.levels}
            ladder={room.live.ladder}
            onReconnect={() => void info.refetch()}
            theater={theater}
            onTheater={setTheater}
            poster={room.live.cover || room.live.thumb}
            overlay={
              <>
                {overlay?.(room)}
                {banner}
              </>
            }
            badge={
              <span className="player__live">
                <i className="live-dot" aria-hidden /> {t('card.live')}
              </span>
            }
          />
        ) : (
          <OfflinePanel room={room} banner={banner} />
        )}
        {underPlayer && <div className="live-room__gifts">{underPlayer(room)}</div>}

        <RoomNotes room={room} live={live} />
        {below && <div className="live-room__more">{below(room)}</div>}
      </div>
      {side && !theater && <aside className="live-room__side">{side(room)}</aside>}
    </section>
  );
}
