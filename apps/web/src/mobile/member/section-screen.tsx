import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconChevronLeft } from '@/shared/ui/icons';
import { mobileMe } from './screens';

/** The ">" at the end of a row that opens a screen. */
export function Chevron() {
  return (
    <svg className="mm-chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="m9 6 6 6-6 6" />
    </svg>
  );
}

/** One member section as its own phone screen: a back bar (to the "me" page) over the section. */
export function SectionScreen({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('m-member');
  return (
    <section className="mm-screen">
      <header className="mm-bar">
        <Link to={mobileMe} className="mm-bar__back" aria-label={t('back')} data-testid="m-member-back">
          <IconChevronLeft size={22} />
        </Link>
        <h1 className="mm-bar__title" data-testid="m-member-title">
          {title}
        </h1>
      </header>
      <div className="mm-screen__body">{children}</div>
    </section>
  );
}
