import { useTranslation } from 'react-i18next';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Button } from '@/shared/ui/button';
import { IconUser } from '@/shared/ui/icons';

/** A guest on /m/member…: what the centre holds and the two ways in (the login sheet comes back here). */
export function LoginPrompt() {
  const { t } = useTranslation('m-member');
  const openLogin = useLoginDialog((s) => s.openLogin);
  return (
    <div className="mm-login" data-testid="m-member-login">
      <span className="mm-login__icon">
        <IconUser size={36} />
      </span>
      <h1 className="mm-login__title">{t('login.title')}</h1>
      <p className="mm-login__text">{t('login.text')}</p>
      <Button size="lg" block onClick={() => openLogin('login')} data-testid="m-member-login-btn">
        {t('login.login')}
      </Button>
      <Button size="lg" block variant="secondary" onClick={() => openLogin('register')} data-testid="m-member-register-btn">
        {t('login.register')}
      </Button>
    </div>
  );
}
