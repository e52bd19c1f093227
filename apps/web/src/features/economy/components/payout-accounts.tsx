import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { IconCard, IconPhone } from '@/shared/ui/icons';
import { useAliPay, useBankCard, useBindAliPay, useBindBankCard, useHasPayPassword } from '../api/payout-accounts';
// Registers the server message catalogue (namespace 'msg') this file's texts use.
import '@/shared/i18n/messages';

/**
 * Bank card (spec: Bank_card/bind, getInfo) and Alipay (bindAliPay, getAliPayInfo) binding.
 * Binding an account (the first one too) asks for the payment password when the user has one (the server checks it).
 */
export function PayoutAccounts() {
  const { t } = useTranslation('economy');
  const bank = useBankCard();
  const alipay = useAliPay();
  const hasPayPassword = useHasPayPassword().data === true;
  const [editing, setEditing] = useState<'bank' | 'alipay' | null>(null);
  return (
    <div className="eco-accounts">
      <section className="eco-account">
        <header>
          <IconCard />
          <strong>{t('accounts.bank')}</strong>
        </header>
        {bank.data && editing !== 'bank' ? (
          <div className="eco-account__bound" data-testid="bank-bound">
            <span className="eco-account__number">{bank.data.card_no}</span>
            <span className="muted">
              {bank.data.bank_name} {bank.data.branch} · {bank.data.name}
            </span>
            <Button variant="secondary" size="sm" onClick={() => setEditing('bank')}>
              {t('accounts.change')}
            </Button>
          </div>
        ) : (
          <BankForm askPassword={hasPayPassword} rebind={!!bank.data} onDone={() => setEditing(null)} />
        )}
      </section>
      <section className="eco-account">
        <header>
          <IconPhone />
          <strong>{t('accounts.alipay')}</strong>
        </header>
        {alipay.data && editing !== 'alipay' ? (
          <div className="eco-account__bound" data-testid="alipay-bound">
            <span className="eco-account__number">{alipay.data.account}</span>
            <span className="muted">{alipay.data.name}</span>
            <Button variant="secondary" size="sm" onClick={() => setEditing('alipay')}>
              {t('accounts.change')}
            </Button>
          </div>
        ) : (
          <AliPayForm askPassword={hasPayPassword} rebind={!!alipay.data} onDone={() => setEditing(null)} />
        )}
      </section>
    </div>
  );
}

/** The payment password asked when binding an account. */
function RebindPassword({ value, onChange, error, testId }: { value: string; onChange: (v: string) => void; error?: string; testId: string }) {
  const { t } = useTranslation('economy');
  return (
    <Input
      label={t('accounts.payPassword')}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      error={error}
      data-testid={testId}
    />
  );
}

function BankForm({ askPassword, rebind, onDone }: { askPassword: boolean; rebind: boolean; onDone: () => void }) {
  const { t } = useTranslation('economy');
  const [v, setV] = useState({ name: '', card_no: '', bank_name: '', branch: '' });
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof typeof v | 'password', string>>>({});
  const bind = useBindBankCard((msg) => {
    toast.success(msg);
    onDone();
  });
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const errs: typeof errors = {};
    if (!v.name.trim()) errs.name = t('msg:economy.holder_empty');
    const digits = v.card_no.replace(/[\s-]/g, '');
    if (!digits) errs.card_no = t('msg:economy.card_empty');
    else if (!/^\d{12,19}$/.test(digits)) errs.card_no = t('msg:economy.card_invalid');
    if (!v.bank_name.trim()) errs.bank_name = t('msg:economy.bank_empty');
    if (askPassword && !password) errs.password = t(rebind ? 'msg:economy.rebind_password_empty' : 'msg:economy.bind_password_empty');
    setErrors(errs);
    if (!Object.keys(errs).length) bind.mutate(askPassword ? { ...v, pay_password: password } : v);
  }
  const set = (k: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement>) => setV({ ...v, [k]: e.target.value });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="bank-form">
      <div className="form-grid">
        <Input label={t('accounts.holder')} value={v.name} onChange={set('name')} error={errors.name} maxLength={30} data-testid="bank-name" />
        <Input label={t('accounts.cardNo')} inputMode="numeric" value={v.card_no} onChange={set('card_no')} error={errors.card_no} maxLength={23} data-testid="bank-card-no" />
        <Input label={t('accounts.bankName')} value={v.bank_name} onChange={set('bank_name')} error={errors.bank_name} maxLength={40} data-testid="bank-bank-name" />
        <Input label={t('accounts.branch')} value={v.branch} onChange={set('branch')} maxLength={60} />
        {askPassword && <RebindPassword value={password} onChange={setPassword} error={errors.password} testId="bank-pay-password" />}
      </div>
      {askPassword && <p className="muted eco-note">{t('accounts.passwordHint')}</p>}
      <Button type="submit" loading={bind.isPending} data-testid="bank-submit">
        {t('accounts.bind')}
      </Button>
    </form>
  );
}

function AliPayForm({ askPassword, rebind, onDone }: { askPassword: boolean; rebind: boolean; onDone: () => void }) {
  const { t } = useTranslation('economy');
  const [name, setName] = useState('');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; account?: string; password?: string }>({});
  const bind = useBindAliPay((msg) => {
    toast.success(msg);
    onDone();
  });
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const errs: typeof errors = {};
    if (!name.trim()) errs.name = t('msg:economy.holder_empty');
    if (!account.trim()) errs.account = t('msg:economy.alipay_empty');
    else if (!/^(\+?\d{6,15}|[^\s@]+@[^\s@]+\.[^\s@]+)$/.test(account.trim())) errs.account = t('msg:economy.alipay_invalid');
    if (askPassword && !password) errs.password = t(rebind ? 'msg:economy.rebind_password_empty' : 'msg:economy.bind_password_empty');
    setErrors(errs);
    if (!Object.keys(errs).length) bind.mutate(askPassword ? { name, account, pay_password: password } : { name, account });
  }
  return (
    <form onSubmit={onSubmit} noValidate data-testid="alipay-form">
      <div className="form-grid">
        <Input label={t('accounts.holder')} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} maxLength={30} data-testid="alipay-name" />
        <Input label={t('accounts.alipayAccount')} value={account} onChange={(e) => setAccount(e.target.value)} error={errors.account} maxLength={100} data-testid="alipay-account" />
        {askPassword && <RebindPassword value={password} onChange={setPassword} error={errors.password} testId="alipay-pay-password" />}
      </div>
      {askPassword && <p className="muted eco-note">{t('accounts.passwordHint')}</p>}
      <Button type="submit" loading={bind.isPending} data-testid="alipay-submit">
        {t('accounts.bind')}
      </Button>
    </form>
  );
}
