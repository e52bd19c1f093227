import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import '../matches.css';
import { paths } from '@/config/paths';
import { useRecommend } from '../api/queries';
import { useLiveRows } from './match-list';
import { MatchCard } from './match-card';

/** /main: hot matches, live ones first, scores moving with the socket. */
export function HotMatches() {
  const { t } = useTranslation('matches');
  const { data, isLoading } = useRecommend(0, 12);
  const rows = useLiveRows(data);
  if (isLoading) return <div className="match-strip match-strip--loading" aria-busy />;
  if (!rows.length)
    return (
      <p className="match-strip__empty">
        {t('home.empty')} <Link to={paths.schedule}>{t('home.all')} ›</Link>
      </p>
    );
  return (
    <div className="match-strip" data-testid="hot-matches">
      {rows.map((r) => (
        <MatchCard key={r.id} row={r} />
      ))}
    </div>
  );
}
