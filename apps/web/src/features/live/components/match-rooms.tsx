import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconTv } from '@/shared/ui/icons';
import { useMatchRooms } from '../api/match-link';
import { RoomCard } from './room-card';
import '../locales';
import '../live.css';

/** On a match's page: "Watch live: N rooms", the live rooms covering it (nothing while there are none). */
export function MatchRooms({ matchId }: { matchId: number }) {
  const { t } = useTranslation('live');
  const rooms = useMatchRooms(matchId);
  const list = rooms.data?.list ?? [];
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  const shown = list.length > 0;
  // "Watch live" on a match row opens this page at #watch: scroll there once the rooms are in.
  useEffect(() => {
    if (shown && hash === '#watch') ref.current?.scrollIntoView({ block: 'start' });
  }, [shown, hash]);
  if (!shown) return null;
  return (
    <section ref={ref} className="card match-rooms" id="watch" aria-labelledby="match-rooms-title" data-testid="match-rooms">
      <h2 id="match-rooms-title" className="card__title match-rooms__head">
        <IconTv size={16} /> {t('matchRooms.title', { count: list.length })}
        <span className="muted small">{t('matchRooms.hint')}</span>
      </h2>
      <div className="room-grid">
        {list.map((r) => (
          <RoomCard key={r.room_id} room={r} />
        ))}
      </div>
    </section>
  );
}
