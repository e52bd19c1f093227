import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ANCHOR_TYPES, type AnchorType, anchorList } from '@/config/paths';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconTv } from '@/shared/ui/icons';
import { Pager } from '@/shared/ui/pager';
import { useRoomList } from '../api/rooms';
import { RoomCard } from '../components/room-card';
import '../locales';
import '../live.css';

const LIMIT = 24;

/** /anchor?type=0..4: every anchor's room by category, live ones first. */
export function AnchorListPage() {
  const { t } = useTranslation('live');
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('type') ?? 0);
  const type = (ANCHOR_TYPES as readonly number[]).includes(raw) ? (raw as AnchorType) : 0;
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const rooms = useRoomList({ type, page, limit: LIMIT });
  const liveCount = rooms.data?.list.filter((r) => r.is_live).length ?? 0;

  return (
    <section className="page anchors" data-testid="anchor-list">
      <header className="page__head">
        <h1 className="page__title">{t(`anchors.title${type}`)}</h1>
        {rooms.data && <span className="page__sub">{t('anchors.summary', { count: rooms.data.total, live: liveCount })}</span>}
      </header>
      <nav className="live-tabs" aria-label={t('anchors.categories')}>
        {ANCHOR_TYPES.map((ty) => (
          <Link
            key={ty}
            to={anchorList(ty)}
            className={['live-tab', ty === type && 'is-active'].filter(Boolean).join(' ')}
            aria-current={ty === type ? 'page' : undefined}
            data-testid={`anchor-tab-${ty}`}
          >
            {t(`types.${ty}`)}
          </Link>
        ))}
      </nav>
      {rooms.isPending ? (
        <div className="room-grid room-grid--wide">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="skeleton skeleton--room" />
          ))}
        </div>
      ) : rooms.data?.list.length ? (
        <div className="room-grid room-grid--wide">
          {rooms.data.list.map((r) => (
            <RoomCard key={r.room_id} room={r} />
          ))}
        </div>
      ) : (
        <div className="card">
          <EmptyState icon={<IconTv size={36} />} title={t('anchors.emptyTitle')} text={t('anchors.emptyText')} />
        </div>
      )}
      <Pager
        page={page}
        total={rooms.data?.total ?? 0}
        limit={LIMIT}
        onChange={(p) => setParams((prev) => (prev.set('page', String(p)), prev))}
        labels={{ prev: t('pager.prev'), next: t('pager.next'), page: (n) => t('pager.page', { n }) }}
      />
    </section>
  );
}
