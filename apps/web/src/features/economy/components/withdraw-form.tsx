import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WITHDRAW_MAX, WITHDRAW_MIN, formatCoins, parseCoins } from '@livesports/contracts/economy';
import { currentLanguage } from '@/shared/i18n';
import { MemberType, memberPage } from '@/config/paths';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { useWallet } from '../api/get-wallet';
import { useAliPay, useBankCard } from '../api/payout-accounts';
import { useApplyWithdrawal } from '../api/withdrawals';
import { newKey } from '../lib/keys';
import { Coins } from './coins';
// Registers the server message catalogue (namespace 'msg') this file's texts use.
import '@/shared/i18n/messages';

type Errors = Partial<Record<'method' | 'money' | 'password', string>>;

/** Spec §5: a chosen method with a bound account, an amount and the payment password. Exported for tests. */
export function validateWithdrawal(v: { method: 1 | 2 | null; bound: boolean; text: string; income: number; password: string }, t: (k: string) => string): Errors {
  const e: Errors = {};
  const tenths = parseCoins(v.text);
  if (!v.method) e.method = t('msg:economy.method_empty');
  else if (!v.bound) e.method = t(v.method === 1 ? 'msg:economy.bank_unbound' : 'msg:economy.alipay_unbound');
  if (!tenths) e.money = t('msg:economy.amount_invalid');
  else if (tenths < WITHDRAW_MIN) e.money = t('msg:economy.withdraw_min');
  else if (tenths > WITHDRAW_MAX) e.money = t('msg:economy.withdraw_max');
  else if (tenths > v.income) e.money = t('msg:economy.income_insufficient');
  if (!v.password) e.password = t('msg:economy.pay_password_empty');
  return e;
}

export function WithdrawForm({ onNeedAccount, onDone }: { onNeedAccount: () => void; onDone: () => void }) {
  const { t } = useTranslation('economy');
  const wallet = useWallet();
  const bank = useBankCard();
  const alipay = useAliPay();
  const [method, setMethod] = useState<1 | 2 | null>(null);
  const [text, setText] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [key, setKey] = useState(newKey);
  const apply = useApplyWithdrawal((msg) => {
    toast.success(msg);
    setText('');
    setPassword('');
    setKey(newKey());
    onDone();
  });
  const income = wallet.data?.income ?? 0;
  const bound = method === 1 ? !!bank.data : method === 2 ? !!alipay.data : false;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const errs = validateWithdrawal({ method, bound, text, income, password }, t);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    apply.mutate({ type: method!, money: parseCoins(text)!, pay_password: password, idempotency_key: key });
  }

  const methods = [
    { id: 1 as const, label: t('withdraw.bank'), detail: bank.data ? `${bank.data.bank_name} ${bank.data.card_no}` : null },
    { id: 2 as const, label: t('withdraw.alipay'), detail: alipay.data ? alipay.data.account : null },
  ];
  return (
    <form className="eco-form" onSubmit={onSubmit} noValidate data-testid="withdraw-form">
      <div className="eco-withdraw__head">
        <span className="muted">{t('withdraw.available')}</span>
        <strong>
          <Coins value={income} />
        </strong>
        <span className="muted">{t('withdraw.rules', { min: formatCoins(WITHDRAW_MIN, currentLanguage()), max: formatCoins(WITHDRAW_MAX, currentLanguage()) })}</span>
      </div>
      <div className="field">
        <span className="field__label">{t('withdraw.method')}</span>
        <div className="eco-methods" role="radiogroup">
          {methods.map((m) => (
            <button
              key={m.id}
              type="button"
              role="radio"
              aria-checked={method === m.id}
              className={method === m.id ? 'eco-method is-active' : 'eco-method'}
              onClick={() => setMethod(m.id)}
              data-testid={`withdraw-method-${m.id}`}
            >
              <strong>{m.label}</strong>
              <span className="muted">{m.detail ?? t('withdraw.unbound')}</span>
            </button>
          ))}
        </div>
        {errors.method && (
          <p className="field__error" role="alert">
            {errors.method}{' '}
            {method && !bound && (
              <button type="button" className="link-btn link-btn--accent" onClick={onNeedAccount}>
                {t('withdraw.bindNow')}
              </button>
            )}
          </p>
        )}
      </div>
      <div className="form-grid">
        <Input label={t('withdraw.amount')} inputMode="decimal" value={text} onChange={(e) => setText(e.target.value.replace(/[^\d.]/g, ''))} error={errors.money} data-testid="withdraw-amount" />
        <Input
          label={t('withdraw.password')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value.replace(/\D/g, ''))}
          error={errors.password}
          data-testid="withdraw-password"
        />
      </div>
      <p className="muted eco-note">
        {t('withdraw.passwordHint')} <Link to={memberPage(MemberType.PAYMENT_PASSWORD)}>{t('withdraw.setPassword')}</Link>
      </p>
      <div className="form-actions">
        <Button type="submit" loading={apply.isPending} data-testid="withdraw-submit">
          {t('withdraw.submit')}
        </Button>
      </div>
    </form>
  );
}
