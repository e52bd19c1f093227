import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import './home-headlines.css';
import { articlePage } from '@/config/paths';
import { timeAgo } from '@/shared/lib/time-ago';
import { EmptyState } from '@/shared/ui/empty-state';
import { Spinner } from '@/shared/ui/spinner';
import { useArticles } from '../api/get-articles';

/** The home page's headlines section: the latest few, with their list-size covers. */
export function HomeHeadlines() {
  const { t } = useTranslation('news');
  const { data, isLoading } = useArticles({ limit: 5 });
  if (isLoading) return <Spinner />;
  if (!data?.list.length) return <EmptyState compact title={t('empty')} />;
  return (
    <ul className="home-headlines" data-testid="home-headlines">
      {data.list.map((a) => (
        <li key={a.id}>
          <Link to={articlePage(a.id)} className="home-headlines__item">
            {a.thumb ? <img src={a.thumb} alt="" loading="lazy" width={96} height={54} /> : <span className="home-headlines__noimg" aria-hidden />}
            <span className="home-headlines__text">
              <span className="home-headlines__title">{a.title}</span>
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
