import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import '@/shared/i18n/messages';
import '../locales';
import { Spinner } from '@/shared/ui/spinner';
import { IconAlert } from '@/shared/ui/icons';
import { loginThirdParty } from '../api/login';
import { useCompleteLogin } from '../hooks/use-complete-login';

/**
 * /loginWithTwitter: the social login's return address. The provider's answer (the query string)
 * goes to api/user/login as the token; then the person continues where the login started.
 */
export function LoginWithTwitterPage() {
  const { t } = useTranslation('auth');
  const completeLogin = useCompleteLogin();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; the provider's code is single-use
    started.current = true;
    const search = window.location.search;
    if (!search || search === '?') {
      setError(t('msg:auth.third_failed'));
      return;
    }
    loginThirdParty(search)
      .then(({ data, msg }) => completeLogin(data, msg, data.redirect || paths.home))
      .catch((err: Error) => setError(err.message || t('msg:auth.third_failed')));
  }, [completeLogin, t]);

  return (
    <section className="page page--narrow">
      <div className="card callback-card">
        {error ? (
          <>
            <IconAlert size={36} className="callback-card__icon callback-card__icon--error" />
            <h1 className="callback-card__title">{t('callback.failed')}</h1>
            <p className="callback-card__text" data-testid="third-login-error">
              {error}
            </p>
            <Link to={paths.home} className="btn btn--primary btn--md">
              {t('callback.home')}
            </Link>
          </>
        ) : (
          <>
            <Spinner size={32} />
            <p className="callback-card__text">{t('callback.working')}</p>
          </>
        )}
      </div>
    </section>
  );
}
