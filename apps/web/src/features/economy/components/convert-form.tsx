import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCoins, parseCoins } from '@livesports/contracts/economy';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { Input } from '@/shared/ui/input';
import { IconAlert } from '@/shared/ui/icons';
import { useConvertBalance } from '../api/convert-balance';
import { newKey } from '../lib/keys';
import { Coins } from './coins';
// Registers the server message catalogue (namespace 'msg') this file's texts use.
import '@/shared/i18n/messages';

/** Income → gold coins: one way, so it asks for an explicit confirmation first (spec §1). */
export function ConvertForm({ income }: { income: number }) {
  const { t } = useTranslation('economy');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [understood, setUnderstood] = useState(false);
  const [key, setKey] = useState(newKey);
  const convert = useConvertBalance((msg) => {
    toast.success(msg);
    setConfirming(null);
    setText('');
    setKey(newKey());
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const tenths = parseCoins(text);
    if (!tenths) return setError(t('msg:economy.amount_invalid'));
    if (tenths > income) return setError(t('msg:economy.income_insufficient'));
    setError(null);
    setUnderstood(false);
    setConfirming(tenths);
  }

  return (
    <form className="eco-form" onSubmit={onSubmit} noValidate data-testid="convert-form">
      <p className="muted">{t('convert.hint')}</p>
      <div className="eco-form__row">
        <Input
          label={t('convert.amount')}
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.target.value.replace(/[^\d.]/g, ''))}
          error={error}
          addon={
            <button type="button" className="link-btn link-btn--accent" onClick={() => setText(formatCoins(income).replace(/,/g, ''))}>
              {t('convert.all')}
            </button>
          }
          data-testid="convert-amount"
        />
        <div className="eco-form__aside">
          {t('convert.available')} <Coins value={income} />
        </div>
      </div>
      <div className="form-actions">
        <Button type="submit" disabled={!income} data-testid="convert-submit">
          {t('convert.submit')}
        </Button>
      </div>

      <Dialog open={confirming !== null} onOpenChange={(o) => !o && setConfirming(null)} title={t('convert.confirmTitle')} width={420} testId="convert-confirm">
        <div className="eco-confirm">
          <IconAlert size={28} />
          <p>{t('convert.confirmText', { coins: formatCoins(confirming ?? 0) })}</p>
        </div>
        <label className="check">
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} data-testid="convert-understood" />
          <span>{t('convert.understood')}</span>
        </label>
        <div className="form-actions eco-confirm__actions">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!understood} loading={convert.isPending} onClick={() => confirming && convert.mutate({ money: confirming, idempotency_key: key })} data-testid="convert-confirm-button">
            {t('convert.confirm')}
          </Button>
        </div>
      </Dialog>
    </form>
  );
}
