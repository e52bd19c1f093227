import { useTranslation } from 'react-i18next';
import '../locales';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Dialog } from '@/shared/ui/dialog';
import type { SliderCaptchaComponent } from './captcha-types';
import { LoginForm } from './login-form';

/** The login dialog (spec §2): 500 px wide, full width on small screens; a full sheet on the mobile site. */
export function LoginDialog({ Captcha, variant = 'modal', fallback }: { Captcha?: SliderCaptchaComponent; variant?: 'modal' | 'sheet'; fallback?: string }) {
  const { t } = useTranslation('auth');
  const open = useLoginDialog((s) => s.open);
  const mode = useLoginDialog((s) => s.mode);
  const setMode = useLoginDialog((s) => s.setMode);
  const close = useLoginDialog((s) => s.close);
  const title = mode === 'login' ? t('title.login') : mode === 'register' ? t('title.register') : t('title.forgot');
  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()} title={title} description={t(`subtitle.${mode}`)} width={500} testId="login-dialog" variant={variant} closeLabel={t('common:close')}>
      <div className="login-tabs" role="tablist">
        <button type="button" role="tab" aria-selected={mode === 'login'} className={mode === 'login' ? 'is-active' : ''} onClick={() => setMode('login')}>
          {t('title.login')}
        </button>
        <button type="button" role="tab" aria-selected={mode === 'register'} className={mode === 'register' ? 'is-active' : ''} onClick={() => setMode('register')}>
          {t('title.register')}
        </button>
      </div>
      <LoginForm key={open ? 'open' : 'closed'} mode={mode} onModeChange={setMode} Captcha={Captcha} fallback={fallback} />
    </Dialog>
  );
}
