import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tMsg } from '@/shared/i18n/messages';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { PAY_PASSWORD_RE, useSetPaymentPassword } from '../api/payment-password';

type Errors = Partial<Record<'old' | 'password' | 'confirm', string>>;

/** Validation of the payment password form (spec §5, §8). Exported for tests. */
export function validatePaymentPassword(v: { hasOld: boolean; old: string; password: string; confirm: string }): Errors {
  const e: Errors = {};
  if (v.hasOld && !v.old) e.old = tMsg('member.pay_password_old_empty');
  if (!PAY_PASSWORD_RE.test(v.password)) e.password = tMsg('member.pay_password_rule');
  if (!v.confirm) e.confirm = tMsg('auth.same_password');
  else if (v.confirm !== v.password) e.confirm = tMsg('auth.passwords_mismatch');
  return e;
}

/** Set or change the payment password (api/Member/paymentPassword). */
export function PaymentPasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('member');
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useSetPaymentPassword((msg) => {
    toast.success(msg || t('msg:member.pay_password_set'));
    setOld('');
    setPassword('');
    setConfirm('');
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const errs = validatePaymentPassword({ hasOld: hasPassword, old, password, confirm });
    setErrors(errs);
    if (Object.keys(errs).length) return;
    mutation.mutate({ password, confirm_password: confirm, old_password: hasPassword ? old : undefined });
  }

  const digits = (s: string) => s.replace(/\D/g, '');
  return (
    <form className="pay-form" onSubmit={onSubmit} noValidate>
      <p className="muted">{hasPassword ? t('pay.changeHint') : t('pay.setHint')}</p>
      <div className="form-grid form-grid--3">
        {hasPassword && (
          <Input label={t('pay.old')} type="password" inputMode="numeric" autoComplete="off" value={old} onChange={(e) => setOld(digits(e.target.value))} error={errors.old} data-testid="pay-old" />
        )}
        <Input
          label={t('pay.new')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(digits(e.target.value))}
          error={errors.password}
          data-testid="pay-password"
        />
        <Input
          label={t('pay.confirm')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={confirm}
          onChange={(e) => setConfirm(digits(e.target.value))}
          error={errors.confirm}
          data-testid="pay-confirm"
        />
      </div>
      <div className="form-actions">
        <Button type="submit" loading={mutation.isPending} data-testid="pay-save">
          {hasPassword ? t('pay.change') : t('pay.set')}
        </Button>
      </div>
    </form>
  );
}
