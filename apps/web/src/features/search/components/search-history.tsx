import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import { searchPage } from '@/config/paths';
import { IconClose, IconHistory } from '@/shared/ui/icons';
import { clearHistory, removeHistory, useHistory } from '../api/history';

/** Words searched in this browser, newest first; each can be removed, or all cleared. */
export function SearchHistory() {
  const { t } = useTranslation('search');
  const words = useHistory();
  if (!words.length) return null;
  return (
    <section className="card search-history" data-testid="search-history">
      <h2 className="hot__title">
        <IconHistory /> {t('history.title')}
        <button type="button" className="link-btn search-history__clear" onClick={clearHistory}>
          {t('history.clear')}
        </button>
      </h2>
      <ul className="search-history__list">
        {words.map((w) => (
          <li key={w} className="chip search-history__chip">
            <Link to={searchPage(w)} title={w} data-testid="history-word">
              {w}
            </Link>
            <button type="button" onClick={() => removeHistory(w)} aria-label={t('history.remove', { name: w })}>
              <IconClose size={12} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
