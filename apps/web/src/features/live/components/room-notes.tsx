import { useTranslation } from 'react-i18next';
import type { RoomInfo } from '@livesports/contracts/live';
import { useReservations } from '../api/reservations';
import { ReservationRows } from './reservation-list';

/** The room's announcement and its coming broadcasts (the desktop room's cards, the phone room's "info" tab). */
export function RoomNotes({ room, live }: { room: RoomInfo; live: boolean }) {
  const { t } = useTranslation('live');
  const roomId = room.anchor.uid;
  const schedule = useReservations({ room_id: roomId > 0 ? roomId : undefined, page: 1, limit: 5 });
  const upcoming = (schedule.data?.list ?? []).filter((r) => r.id !== room.reserve?.id || live);
  return (
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
  );
}
