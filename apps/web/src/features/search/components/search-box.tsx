import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import { searchPage } from '@/config/paths';
import { IconSearch } from '@/shared/ui/icons';

/** The search field; submitting goes to /search?name=… */
export function SearchBox({ initial = '', compact, linkTo = searchPage }: { initial?: string; compact?: boolean; linkTo?: (name: string) => string }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const q = value.trim();
    if (q) navigate(linkTo(q));
  }
  return (
    <form role="search" className={compact ? 'search-box search-box--compact' : 'search-box'} onSubmit={onSubmit}>
      <input type="search" value={value} onChange={(e) => setValue(e.target.value)} placeholder={t('placeholder')} aria-label={t('placeholder')} maxLength={50} data-testid="search-input" />
      <button type="submit" aria-label={t('submit')}>
        <IconSearch />
      </button>
    </form>
  );
}
