import { useTranslation } from 'react-i18next';
import { useCategories } from '../api/get-categories';

/** All + the headline categories, as tabs. */
export function CategoryTabs({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation('news');
  const { data } = useCategories();
  const tabs = [{ id: undefined as number | undefined, name: t('all') }, ...(data ?? []).map((c) => ({ id: c.id as number | undefined, name: c.name }))];
  return (
    <div className="tabs" role="tablist" aria-label={t('categories')}>
      {tabs.map((tab) => (
        <button key={tab.id ?? 0} type="button" role="tab" aria-selected={tab.id === value} className={tab.id === value ? 'tabs__tab is-active' : 'tabs__tab'} onClick={() => onChange(tab.id)}>
          {tab.name}
        </button>
      ))}
    </div>
  );
}
