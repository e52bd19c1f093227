import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordField } from '@livesports/contracts/account';
import { tMsg } from '@/shared/i18n/messages';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { useChangePassword } from '../api/change-password';

type Errors = Partial<Record<'old' | 'password' | 'confirm', string>>;

/** Validation of the login password form, with the same rules and messages as the server. */
export function validateLoginPassword(v: { hasOld: boolean; old: string; password: string; confirm: string }): Errors {
  const e: Errors = {};
  if (v.hasOld && !v.old) e.old = tMsg('member.old_password_empty');
  const rule = passwordField.safeParse(v.password);
  if (!rule.success) e.password = tMsg(rule.error.issues[0].message);
  if (!v.confirm) e.confirm = tMsg('auth.same_password');
  else if (v.confirm !== v.password) e.confirm = tMsg('auth.passwords_mismatch');
  return e;
}

/** Password management: change the login password (other devices are logged out). */
export function LoginPasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('member');
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useChangePassword((msg) => {
    toast.success(msg || t('msg:auth.password_modified'));
    setOld('');
    setPassword('');
    setConfirm('');
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const errs = validateLoginPassword({ hasOld: hasPassword, old, password, confirm });
    setErrors(errs);
    if (Object.keys(errs).length) return;
    mutation.mutate({ old_password: hasPassword ? old : undefined, password, confirm_password: confirm });
  }

  return (
    <form className="pay-form" onSubmit={onSubmit} noValidate>
      <p className="muted">{t('loginPassword.hint')}</p>
      <div className="form-grid form-grid--3">
        {hasPassword && (
          <Input
            label={t('loginPassword.old')}
            type="password"
            autoComplete="current-password"
            value={old}
            onChange={(e) => setOld(e.target.value)}
            error={errors.old}
            data-testid="login-password-old"
          />
        )}
        <Input
          label={t('loginPassword.new')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          data-testid="login-password-new"
        />
        <Input
          label={t('loginPassword.confirm')}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
          data-testid="login-password-confirm"
        />
      </div>
      <div className="form-actions">
        <Button type="submit" loading={mutation.isPending} data-testid="login-password-save">
          {t('loginPassword.save')}
        </Button>
      </div>
    </form>
  );
}
