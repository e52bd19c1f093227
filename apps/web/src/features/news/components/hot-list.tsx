import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import { articlePage } from '@/config/paths';
import { IconFire } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { useArticles } from '../api/get-articles';

/** The hot list: most read headlines of the last month. */
export function HotList() {
  const { t } = useTranslation('news');
  const { data, isLoading } = useArticles({ hot: 1, limit: 10 });
  return (
    <section className="card hot-list" data-testid="news-hot">
      <h2 className="card__title">
        <IconFire size={16} /> {t('hot')}
      </h2>
      {isLoading ? (
        <Spinner />
      ) : (
        <ol>
          {data?.list.map((a, i) => (
            <li key={a.id}>
              <span className={i < 3 ? 'hot-list__rank is-top' : 'hot-list__rank'}>{i + 1}</span>
              <Link to={articlePage(a.id)}>{a.title}</Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
