import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import { searchPage } from '@/config/paths';
import { IconFire } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { useHot } from '../api/get-hot';

/** Hot search words from api/universal/getHot (real data), each a link to the search page. */
export function HotSearches({ variant = 'card', linkTo = searchPage }: { variant?: 'card' | 'plain'; linkTo?: (name: string) => string }) {
  const { t } = useTranslation('search');
  const { data, isLoading, isError } = useHot();
  const words = data?.keywords ?? [];
  return (
    <section className={variant === 'card' ? 'card hot' : 'hot hot--plain'} data-testid="hot-searches">
      <h2 className="hot__title">
        <IconFire /> {t('hot.title')}
      </h2>
      {isLoading ? (
        <div className="hot__loading" aria-busy="true">
          <Spinner />
        </div>
      ) : isError ? (
        <p className="muted">{t('hot.failed')}</p>
      ) : words.length === 0 ? (
        <p className="muted">{t('hot.empty')}</p>
      ) : (
        <ol className="hot__list">
          {words.map((w, i) => (
            <li key={w.name}>
              <Link to={linkTo(w.name)} className="hot__item" data-testid="hot-word">
                <span className={`hot__rank hot__rank--${i < 3 ? 'top' : 'n'}`}>{i + 1}</span>
                <span className="hot__name" title={w.name}>
                  {w.name}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
