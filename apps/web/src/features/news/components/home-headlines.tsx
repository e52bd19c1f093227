import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import './home-headlines.css';
import { articlePage } from '@/config/paths';
import { timeAgo } from '@/shared/lib/time-ago';
import { EmptyState } from '@/shared/ui/empty-state';
import { Spinner } from '@/shared/ui/spinner';
import { useArticles } from '../api/get-articles';
import { useFeatured } from '../api/get-featured';

const SHOWN = 5;

/** The home page's headlines section: those staff featured first, then the latest, with their list-size covers. */
export function HomeHeadlines() {
  const { t } = useTranslation('news');
  const { data, isLoading } = useArticles({ limit: SHOWN });
  const featured = useFeatured();
  if (isLoading || featured.isLoading) return <Spinner />;
  const top = featured.data?.list ?? [];
  const pinned = new Set(top.map((a) => a.id));
  const list = [...top, ...(data?.list ?? []).filter((a) => !pinned.has(a.id))].slice(0, Math.max(SHOWN, top.length));
  if (!list.length) return <EmptyState compact title={t('empty')} />;
  return (
    <ul className="home-headlines" data-testid="home-headlines">
      {list.map((a) => (
        <li key={a.id} data-featured={pinned.has(a.id) || undefined}>
          <Link to={articlePage(a.id)} className="home-headlines__item">
            {a.thumb ? <img src={a.thumb} alt="" loading="lazy" width={96} height={54} /> : <span className="home-headlines__noimg" aria-hidden />}
            <span className="home-headlines__text">
              <span className="home-headlines__title">
                {pinned.has(a.id) && <span className="home-headlines__badge">{t('featured')}</span>}
                {a.title}
              </span>
              <span className="home-headlines__meta">
                {a.classify_name} · {timeAgo(a.created_at)}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
