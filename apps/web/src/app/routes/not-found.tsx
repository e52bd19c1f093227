import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

export function Component() {
  const { t } = useTranslation('layout');
  return (
    <section className="page status-page" data-testid="not-found">
      <div className="status-page__code">404</div>
      <h1 className="status-page__title">{t('status.notFoundTitle')}</h1>
      <p className="status-page__text">{t('status.notFoundText')}</p>
      <Link to={paths.home} className="btn btn--primary btn--md">
        {t('status.home')}
      </Link>
    </section>
  );
}
