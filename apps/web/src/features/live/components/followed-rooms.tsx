import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconHeart } from '@/shared/ui/icons';
import { useRoomList } from '../api/rooms';
import '../locales';
import '../live.css';
import { RoomCard } from './room-card';

/** The rooms of the anchors someone follows (ids from the social feature), live ones first. */
export function FollowedRooms({ anchorIds, loading }: { anchorIds: number[]; loading?: boolean }) {
  const { t } = useTranslation('live');
  const uids = anchorIds.slice(0, 100).join(',');
  const rooms = useRoomList({ type: 0, page: 1, limit: 50, uids }, anchorIds.length > 0);
  if (loading || (anchorIds.length > 0 && rooms.isPending)) {
    return (
      <div className="room-grid room-grid--wide">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="skeleton skeleton--room" />
        ))}
      </div>
    );
  }
  const list = anchorIds.length ? (rooms.data?.list ?? []) : [];
  if (!list.length) return <EmptyState icon={<IconHeart size={32} />} title={t('attention.noneTitle')} text={t('attention.noneText')} />;
  return (
    <div className="room-grid room-grid--wide" data-testid="followed-rooms">
      {list.map((r) => (
        <RoomCard key={r.room_id} room={r} />
      ))}
    </div>
  );
}
