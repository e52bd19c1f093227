import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

export function Component() {
  const { t } = useTranslation('layout');
  return (
    <section className="page status-page" data-testid="forbidden">
      <div className="status-page__code">403</div>
      <h1 className="status-page__title">{t('status.forbiddenTitle')}</h1>
      <p className="status-page__text">{t('status.forbiddenText')}</p>
      <Link to={paths.home} className="btn btn--primary btn--md">
        {t('status.home')}
      </Link>
    </section>
  );
}
