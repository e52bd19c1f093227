import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH, CODE_RESEND_SECONDS, codeField, emailField, passwordField } from '@livesports/contracts/account';
import { requestRaw } from '@/shared/api/client';
import { tMsg } from '@/shared/i18n/messages';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { useAppStore } from '@/shared/stores/app';
import { useLoginDialog, type LoginMode } from '@/shared/stores/login-dialog';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { IconLock, IconMail, IconShield, IconGift } from '@/shared/ui/icons';
import { codeTypeFor, requestCode } from '../api/get-code';
import { forgotPassword } from '../api/forgot-password';
import { loginWithPassword } from '../api/login';
import { register } from '../api/register';
import { startGoogleLogin } from '../api/start-google-login';
import { readRemembered, saveRemembered } from '../hooks/remembered-account';
import { useCompleteLogin } from '../hooks/use-complete-login';
import type { SliderCaptchaComponent } from './captcha-types';

type FieldName = 'mobile' | 'password' | 'code';
type Errors = Partial<Record<FieldName, string>>;

/** First issue of a contract field schema, localized; null when the value is fine. */
function check(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : tMsg(r.error?.issues[0]?.message);
}

export interface LoginFormProps {
  mode: LoginMode;
  onModeChange: (mode: LoginMode) => void;
  Captcha?: SliderCaptchaComponent;
  /** Where to go after login when nothing was saved (mobile site: /m). */
  fallback?: string;
}

/**
 * The three forms of the login dialog (spec §2, §4, §5): password login, register, forgot password.
 * Fields are checked with the contracts' zod schemas, so the messages are the server's, localized.
 */
export function LoginForm({ mode, onModeChange, Captcha, fallback }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const { t: tAll } = useTranslation();
  const system = useAppStore((s) => s.system);
  const completeLogin = useCompleteLogin();
  const countdown = useCountdown();

  const remembered = useRef(readRemembered());
  const [mobile, setMobile] = useState(remembered.current?.mobile ?? '');
  const [password, setPassword] = useState(remembered.current?.password ?? '');
  const [code, setCode] = useState('');
  const [invite, setInvite] = useState(() => useLoginDialog.getState().invite);
  const [remember, setRemember] = useState(!!remembered.current);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [codeBusy, setCodeBusy] = useState(false);
  const [captchaOpen, setCaptchaOpen] = useState(false);

  const needsCaptcha = mode !== 'forgot' && (system?.captcha ?? true);
  const google = system?.third_login?.includes('google') ?? false;

  // Switching mode keeps the e-mail, drops the rest (a remembered password stays for login).
  useEffect(() => {
    setErrors({});
    setCode('');
    setCaptchaOpen(false);
    if (mode !== 'login') setPassword('');
    else if (remembered.current) setPassword(remembered.current.password);
  }, [mode]);

  function validate(): Errors {
    const e: Errors = {};
    const m = check(emailField, mobile);
    if (m) e.mobile = m;
    const p = check(passwordField, password);
    if (p) e.password = p;
    if (mode !== 'login') {
      const c = check(codeField, code);
      if (c) e.code = c;
    }
    return e;
  }

  async function send(ticket?: string) {
    setBusy(true);
    try {
      const email = emailField.parse(mobile);
      if (mode === 'login') {
        const { data, msg } = await loginWithPassword({ mobile: email, password, ticket });
        saveRemembered(remember ? { mobile: email, password } : null);
        remembered.current = remember ? { mobile: email, password } : null;
        completeLogin(data, msg, undefined, fallback);
      } else if (mode === 'register') {
        const { msg } = await register({ mobile: email, code: code.trim(), password, invite: invite.trim() || undefined, ticket });
        toast.success(msg || t('msg:auth.register_success'));
        setMobile(email);
        onModeChange('login');
      } else {
        const { msg } = await forgotPassword({ mobile: email, code: code.trim(), password });
        toast.success(msg || t('msg:auth.password_modified'));
        setMobile(email);
        onModeChange('login');
      }
    } catch (err) {
      // The API client has already shown the message (spec §8: dialog failures are only logged).
      console.warn(`${mode} failed`, err);
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    if (busy) return;
    const e = validate();
    setErrors(e);
    if (Object.keys(e).length) return;
    if (needsCaptcha && Captcha) setCaptchaOpen(true);
    else void send();
  }

  async function onGetCode() {
    const m = check(emailField, mobile);
    setErrors((prev) => ({ ...prev, mobile: m ?? undefined }));
    if (m || countdown.running || codeBusy) return;
    setCodeBusy(true);
    try {
      const { msg } = await requestCode(emailField.parse(mobile), codeTypeFor(mode));
      toast.success(msg || t('msg:auth.code_sent'));
      countdown.start(CODE_RESEND_SECONDS);
    } catch (err) {
      console.warn('code request failed', err);
    } finally {
      setCodeBusy(false);
    }
  }

  async function onGoogle() {
    try {
      const { oauth_url } = await startGoogleLogin(useLoginDialog.getState().redirect || window.location.pathname + window.location.search);
      window.location.assign(oauth_url);
    } catch (err) {
      console.warn('google login failed', err);
    }
  }

  const submitLabel = mode === 'login' ? t('submit.login') : mode === 'register' ? t('submit.register') : t('submit.forgot');

  return (
    <div className="login-form">
      <form onSubmit={onSubmit} noValidate>
        <Input
          label={t('fields.email')}
          icon={<IconMail />}
          type="email"
          inputMode="email"
          autoComplete="username"
          placeholder={t('placeholders.email')}
          value={mobile}
          maxLength={100}
          onChange={(e) => setMobile(e.target.value)}
          error={errors.mobile}
          data-testid="login-email"
        />
        {mode !== 'login' && (
          <Input
            label={t('fields.code')}
            icon={<IconShield />}
            inputMode="text"
            autoComplete="one-time-code"
            placeholder={t('placeholders.code')}
            value={code}
            maxLength={CODE_LENGTH}
            onChange={(e) => setCode(e.target.value)}
            error={errors.code}
            data-testid="login-code"
            addon={
              <button type="button" className="code-btn" onClick={onGetCode} disabled={countdown.running || codeBusy} data-testid="login-code-btn">
                {countdown.running ? t('code.wait', { seconds: countdown.seconds }) : t('code.get')}
              </button>
            }
          />
        )}
        <Input
          label={mode === 'forgot' ? t('fields.newPassword') : t('fields.password')}
          icon={<IconLock />}
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          placeholder={t('placeholders.password')}
          value={password}
          maxLength={12}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          data-testid="login-password"
        />
        {mode === 'register' && (
          <Input
            label={t('fields.invite')}
            icon={<IconGift />}
            placeholder={t('placeholders.invite')}
            value={invite}
            maxLength={32}
            onChange={(e) => setInvite(e.target.value)}
            data-testid="login-invite"
          />
        )}
        {mode === 'login' && (
          <div className="login-form__row">
            <label className="check">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} data-testid="login-remember" />
              <span>{t('remember')}</span>
            </label>
            <button type="button" className="link-btn" onClick={() => onModeChange('forgot')} data-testid="login-to-forgot">
              {t('links.forgot')}
            </button>
          </div>
        )}
        <Button type="submit" block size="lg" loading={busy} data-testid="login-submit">
          {submitLabel}
        </Button>
      </form>

      {google && mode !== 'forgot' && (
        <>
          <div className="login-form__or">
            <span>{t('or')}</span>
          </div>
          <Button variant="outline" block onClick={onGoogle} data-testid="google-login" icon={<GoogleG />}>
            {t('google')}
          </Button>
        </>
      )}

      <p className="login-form__switch">
        {mode === 'login' ? (
          <>
            {t('links.noAccount')}{' '}
            <button type="button" className="link-btn link-btn--accent" onClick={() => onModeChange('register')} data-testid="login-to-register">
              {t('links.register')}
            </button>
          </>
        ) : (
          <>
            {mode === 'register' ? t('links.haveAccount') : t('links.remembered')}{' '}
            <button type="button" className="link-btn link-btn--accent" onClick={() => onModeChange('login')} data-testid="login-to-login">
              {t('links.login')}
            </button>
          </>
        )}
      </p>
      {mode === 'register' && <p className="login-form__terms">{t('terms')}</p>}

      {captchaOpen && Captcha && (
        <div className="captcha-layer" role="dialog" aria-label={t('captcha')}>
          <div className="captcha-layer__box">
            <Captcha
              request={requestRaw}
              t={(key: string) => tAll(key)}
              onSuccess={(ticket) => {
                setCaptchaOpen(false);
                void send(ticket);
              }}
              onClose={() => setCaptchaOpen(false)}
            />
          </div>
        </div>
      )}
    </div>
  );
}

function GoogleG() {
  return (
    <svg width="16" height="16" viewBox="0 0 48 48" aria-hidden>
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}
