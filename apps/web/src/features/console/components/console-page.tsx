import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';

/** One console page: its title row (with optional actions on the right) and its body. */
export function ConsolePageFrame({ titleKey, actions, children, testId }: { titleKey: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  const { t } = useTranslation('console');
  useDocumentTitle(`${t(titleKey)} · ${t('title')}`);
  return (
    <section className="cs-page" data-testid={testId}>
      <div className="cs-page__head">
        <h1 className="cs-page__title">{t(titleKey)}</h1>
        {actions && <div className="cs-page__actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** Dates and times in the console, in the reader's language: to the second, or compact (month, day, hour, minute) for list rows. */
export function useConsoleTime(compact = false) {
  const { i18n } = useTranslation();
  const fmt = new Intl.DateTimeFormat(
    i18n.language === 'zh' ? 'zh-CN' : i18n.language,
    compact ? { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false } : { dateStyle: 'short', timeStyle: 'medium' },
  );
  return (iso: string) => fmt.format(new Date(iso));
}

/** Previous / next for console lists (dense: no page numbers). */
export function ConsolePager({ page, total, limit, onChange }: { page: number; total: number; limit: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('console');
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <div className="cs-pager">
      <span className="cs-pager__info">{t('pager.info', { page, pages, count: total })}</span>
      <button type="button" className="cs-btn" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('pager.prev')}
      </button>
      <button type="button" className="cs-btn" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t('pager.next')}
      </button>
    </div>
  );
}
