import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

/** Shown to anyone who is not staff (api/admin/me answered 403), or inside the console for a page above the caller's role. */
export function ConsoleForbidden({ inside }: { inside?: boolean }) {
  const { t } = useTranslation('console');
  return (
    <section className={inside ? 'cs-status cs-status--inside' : 'cs-status'} data-testid="console-forbidden">
      <div className="cs-status__code">403</div>
      <h1 className="cs-status__title">{t('forbidden.title')}</h1>
      <p className="cs-status__text">{t(inside ? 'forbidden.page' : 'forbidden.text')}</p>
      {!inside && (
        <Link to={paths.home} className="cs-btn cs-btn--primary">
          {t('forbidden.home')}
        </Link>
      )}
    </section>
  );
}

/** Not signed in: the console asks for a login and comes back here afterwards. */
export function ConsoleSignIn() {
  const { t } = useTranslation('console');
  const { pathname, search } = useLocation();
  return (
    <section className="cs-status" data-testid="console-sign-in">
      <div className="cs-status__code">401</div>
      <h1 className="cs-status__title">{t('signIn.title')}</h1>
      <p className="cs-status__text">{t('signIn.text')}</p>
      <Link to={`${paths.login}?redirect=${encodeURIComponent(pathname + search)}`} className="cs-btn cs-btn--primary">
        {t('signIn.action')}
      </Link>
    </section>
  );
}
