import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconTv } from '@/shared/ui/icons';
import { useLiveList, useRoomList } from '../api/rooms';
import '../locales';
import '../live.css';
import { RoomCard } from './room-card';

/**
 * The home page's live rooms: what is on air now, most watched first; when nothing is, the
 * anchors to follow (their rooms, offline), so the strip is never a dead end.
 */
export function LiveStrip({ limit = 8 }: { limit?: number }) {
  const { t } = useTranslation('live');
  const live = useLiveList({ type: 0, page: 1, limit });
  // Asked for at once, not after the live list says it is empty: waiting for that answer first put
  // the offline cards (and their covers, the phone home's largest paint) a round trip later.
  const fallback = useRoomList({ type: 0, page: 1, limit: 4 }, !live.data?.total);
  if (live.isPending) {
    return (
      <div className="room-grid" aria-busy>
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="skeleton skeleton--room" />
        ))}
      </div>
    );
  }
  const rooms = live.data?.list ?? [];
  if (rooms.length === 0) {
    const anchors = fallback.data?.list ?? [];
    return (
      <div data-testid="live-strip-empty">
        <EmptyState
          compact
          icon={<IconTv size={28} />}
          title={t('strip.noneTitle')}
          text={t('strip.noneText')}
          action={
            <Link to={paths.anchor} className="btn btn--secondary btn--sm">
              <span>{t('strip.allAnchors')}</span>
            </Link>
          }
        />
        {anchors.length > 0 && (
          <div className="room-grid">
            {anchors.map((r, i) => (
              <RoomCard key={r.room_id} room={r} priority={i === 0} />
            ))}
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="room-grid" data-testid="live-strip">
      {rooms.map((r, i) => (
        <RoomCard key={r.room_id} room={r} priority={i === 0} />
      ))}
    </div>
  );
}
