import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconBuild } from './icons';

export interface EmptyStateProps {
  title?: ReactNode;
  /** Defaults to the spec's under-development text ('开发中...'), localized. */
  text?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}

export function EmptyState({ title, text, icon, action, compact }: EmptyStateProps) {
  const { t } = useTranslation('common');
  return (
    <div className={['empty', compact && 'empty--compact'].filter(Boolean).join(' ')} data-testid="empty-state">
      <div className="empty__icon" aria-hidden>
        {icon ?? <IconBuild />}
      </div>
      {title && <h3 className="empty__title">{title}</h3>}
      <p className="empty__text">{text ?? t('underDevelopment')}</p>
      {action && <div className="empty__action">{action}</div>}
    </div>
  );
}

/** A whole page that a later release fills: the title and an honest "under development" state. */
export function ComingSoonPage({ title, hint, children }: { title: ReactNode; hint?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <section className="page coming-soon">
      <header className="page__head">
        <h1 className="page__title">{title}</h1>
      </header>
      <div className="card">
        <EmptyState title={t('comingSoon.title')} text={hint ?? t('comingSoon.text')} />
        {children}
      </div>
    </section>
  );
}
