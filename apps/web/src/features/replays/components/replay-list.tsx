import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { replayPage } from '@/config/paths';
import { useReplayList } from '../api/replays';
import { clock } from '../lib';
import '../locales';
import '../replays.css';

/** A room's replays as cards (the room page, the anchor's persona); nothing when there are none. */
export function ReplayList({ roomId, limit = 8 }: { roomId: number; limit?: number }) {
  const { t, i18n } = useTranslation('replays');
  const list = useReplayList(roomId, 1, limit);
  if (!list.data?.list.length) return null;
  return (
    <section className="card replay-list" aria-labelledby="replay-list-title" data-testid="replay-list">
      <h2 id="replay-list-title" className="card__title">
        {t('list.title')} <span className="muted small">{t('list.count', { count: list.data.total })}</span>
      </h2>
      <ul className="replay-grid">
        {list.data.list.map((r) => (
          <li key={r.id}>
            <Link to={replayPage(r.room_id, r.id)} className="replay-card" data-testid="replay-card">
              <span className="replay-card__thumb">
                {r.poster ? <img src={r.poster} alt="" loading="lazy" /> : <span className="replay-card__blank" />}
                <span className="replay-card__dur">{clock(r.duration)}</span>
              </span>
              <span className="replay-card__title">{r.title}</span>
              <span className="replay-card__meta muted small">{new Date(r.start_time).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
