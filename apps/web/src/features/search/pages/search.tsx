import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconSearch } from '@/shared/ui/icons';
import { HotSearches } from '../components/hot-searches';
import { SearchBox } from '../components/search-box';

/** /search?name=…: shows the query; results (anchors, live rooms, matches) arrive with a later release. */
export function SearchPage() {
  const { t } = useTranslation('search');
  const [params] = useSearchParams();
  const name = (params.get('name') ?? '').trim();
  return (
    <section className="page search-page">
      <header className="page__head">
        <h1 className="page__title">{name ? t('resultsFor', { name }) : t('title')}</h1>
      </header>
      <div className="search-page__grid">
        <div className="card">
          <SearchBox key={name} initial={name} />
          <EmptyState icon={<IconSearch size={40} />} title={name ? t('pendingTitle') : t('startTitle')} text={name ? t('pendingText') : t('startText')} />
        </div>
        <HotSearches />
      </div>
    </section>
  );
}
