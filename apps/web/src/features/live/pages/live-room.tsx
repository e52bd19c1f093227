import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RoomInfo } from '@livesports/contracts/live';
import { anchorList, paths } from '@/config/paths';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { Avatar } from '@/shared/ui/avatar';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconTv } from '@/shared/ui/icons';
import { PageSpinner } from '@/shared/ui/spinner';
import { useReservations } from '../api/reservations';
import { useOnlineCount, useRoomInfo } from '../api/rooms';
import { LivePlayer } from '../components/player/live-player';
import { IconEye } from '../components/player/player-icons';
import { compact } from '../components/room-card';
import { matchLine, ReservationRows, ReserveButton, useWhen } from '../components/reservation-list';
import '../locales';
import '../live.css';

export interface LiveRoomSlots {
  /** Follow button for the anchor (social feature). */
  follow?: (anchor: RoomInfo['anchor']) => ReactNode;
  /** The side column: chat, gifts, ranking (chat and economy features). */
  side?: (room: RoomInfo) => ReactNode;
  /** Drawn over the picture: danmaku, gift effects. */
  overlay?: (room: RoomInfo) => ReactNode;
  /** Over the picture or the offline panel alike: the site-wide horn banner (chat feature). */
  banner?: ReactNode;
}

/** While the anchor is away: who, when they are back, and a promise to start by itself. */
function OfflinePanel({ room, banner }: { room: RoomInfo; banner?: ReactNode }) {
  const { t } = useTranslation('live');
  const when = useWhen();
  const next = room.reserve;
  return (
    <div className="player player--offline" data-testid="live-offline">
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
export function LiveRoomPage({ follow, side, overlay, banner }: LiveRoomSlots) {
  const { t } = useTranslation('live');
  const [params] = useSearchParams();
  const roomId = Number(params.get('id') ?? 0);
  const info = useRoomInfo(Number.isInteger(roomId) ? roomId : 0);
  const [theater, setTheater] = useState(false);
  const room = info.data;
  const live = room?.live.is_live === 1;
  const online = useOnlineCount(roomId, live);
  const schedule = useReservations({ room_id: roomId > 0 ? roomId : undefined, page: 1, limit: 5 });
  useDocumentTitle(room ? `${room.anchor.nickname} · ${room.anchor.title}` : undefined);

  if (!(roomId > 0) || info.isError) {
    return (
      <section className="page">
        <div className="card">
          <EmptyState icon={<IconTv size={36} />} title={t('room.notFound')} text={t('room.notFoundText')} action={<Link className="btn btn--primary btn--md" to={paths.anchor}><span>{t('strip.allAnchors')}</span></Link>} />
        </div>
      </section>
    );
  }
  if (!room) return <PageSpinner />;

  const viewers = online.data?.num ?? room.live.online;
  const upcoming = (schedule.data?.list ?? []).filter((r) => r.id !== room.reserve?.id || live);

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
              <span className="muted">{t('room.followers', { count: room.anchor.followers })}</span>
            </p>
          </div>
          <div className="room-head__actions">
            {live && (
              <span className="room-head__viewers" data-testid="room-viewers">
                <IconEye size={15} /> {compact(viewers)}
              </span>
            )}
            {follow?.(room.anchor)}
          </div>
        </header>

        {live ? (
          <LivePlayer
            levels={room.live.levels}
            ladder={room.live.ladder}
            onReconnect={() => void info.refetch()}
            theater={theater}
            onTheater={setTheater}
            poster={room.live.cover}
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

        <div className="room-info">
          <section className="card room-info__placard" aria-labelledby="placard-title">
            <h2 id="placard-title" className="card__title">
              {t('room.placard')}
            </h2>
            <p className="placard" data-testid="room-placard">
              {room.live.placard || <span className="muted">{t('room.noPlacard')}</span>}
            </p>
          </section>
          <section className="card room-info__schedule" aria-labelledby="schedule-title">
            <h2 id="schedule-title" className="card__title">
              {t('room.schedule')}
            </h2>
            {upcoming.length ? <ReservationRows list={upcoming} showAnchor={false} /> : <p className="muted">{t('room.noSchedule')}</p>}
          </section>
        </div>
      </div>
      {side && !theater && <aside className="live-room__side">{side(room)}</aside>}
    </section>
  );
}
