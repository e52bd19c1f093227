import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RoomCard as Room } from '@livesports/contracts/live';
import { livePage } from '@/config/paths';
import { Avatar } from '@/shared/ui/avatar';
import { IconBall, IconBasketball, IconGamepad, IconGrid } from '@/shared/ui/icons';
import { Picture } from '@/shared/ui/picture';
import { IconEye } from './player/player-icons';

export const TYPE_ICONS: Record<number, React.ReactNode> = {
  1: <IconBall size={28} />,
  2: <IconBasketball size={28} />,
  3: <IconGamepad size={28} />,
  4: <IconGrid size={28} />,
};

/** Compact viewer counts: 1234 → 1.2k. */
export const compact = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(0)}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n));

/** A room tile: cover (or a drawn one), live badge with viewers, anchor, title. `priority`: the first tile of a page, loaded at once. */
export function RoomCard({ room, priority }: { room: Room; priority?: boolean }) {
  const { t } = useTranslation('live');
  const live = room.is_live === 1;
  // The anchor's own cover, else a still of the live picture; the drawn one until the still exists.
  const picture = room.cover || room.thumb;
  return (
    <Link to={livePage(room.room_id)} className={['room-card', live && 'room-card--live'].filter(Boolean).join(' ')} data-testid={`room-card-${room.room_id}`}>
      <div className={`room-card__cover room-card__cover--t${room.type}`}>
        <Picture src={picture} priority={priority} fallback={<span className="room-card__art">{TYPE_ICONS[room.type]}</span>} />
        {live ? (
          <span className="room-card__live">
            <i className="live-dot" aria-hidden /> {t('card.live')}
          </span>
        ) : (
          <span className="room-card__off">{t('card.offline')}</span>
        )}
        {live && (
          <span className="room-card__viewers" title={t('card.viewers')}>
            <IconEye size={13} /> {compact(room.online)}
          </span>
        )}
        <span className="room-card__type">{t(`types.${room.type}`)}</span>
      </div>
      <div className="room-card__body">
        <Avatar src={room.avatar} alt={room.nickname} size={32} />
        <div className="room-card__text">
          <p className="room-card__title" title={room.title}>
            {room.title}
          </p>
          <p className="room-card__anchor">
            <span>{room.nickname}</span>
            <span className="room-card__lv">LV{room.level}</span>
          </p>
        </div>
      </div>
    </Link>
  );
}
