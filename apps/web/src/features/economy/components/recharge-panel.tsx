import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCoins } from '@livesports/contracts/economy';
import { currentLanguage } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { IconAlert, IconCheck } from '@/shared/ui/icons';
import { useChargeRules } from '../api/get-charge-rules';
import { useCreatePayUrl } from '../api/create-pay-url';
import { useRechargeOrder } from '../api/get-recharge-order';
import { afterMoneyMoved } from '../lib/refresh';
import { Coins, Money } from './coins';

/** The window a live room opens for the provider's checkout. */
const CHECKOUT_WINDOW = 'livesports-checkout';

/** The order the payer came back with from the provider's checkout, until it settles. */
function OrderResult({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('economy');
  const queryClient = useQueryClient();
  const order = useRechargeOrder(orderNo);
  const status = order.data?.status;
  useEffect(() => {
    if (status === 'paid') afterMoneyMoved(queryClient);
    // The checkout window a live room opened comes back here: once paid it closes itself, and the
    // room (which polls the same order) shows the new balance.
    if (status && status !== 'pending' && window.name === CHECKOUT_WINDOW && window.opener) {
      const id = window.setTimeout(() => window.close(), 1500);
      return () => window.clearTimeout(id);
    }
  }, [status, queryClient]);
  if (!order.data) return null;
  const o = order.data;
  return (
    <div className={`eco-banner eco-banner--${o.status}`} role="status" data-testid="recharge-result" data-status={o.status}>
      {o.status === 'pending' ? <Spinner size={16} /> : o.status === 'paid' ? <IconCheck /> : <IconAlert />}
      <span>
        {o.status === 'paid' && t('recharge.paid')}
        {o.status === 'pending' && t('recharge.pending')}
        {o.status === 'failed' && t('recharge.failed')}
      </span>
      {o.status === 'paid' && <Coins value={o.coins} signed />}
      <span className="muted eco-banner__no">{o.order_no}</span>
    </div>
  );
}

/** Where the payer pays: this page goes to the checkout (wallet), or a window opens over the room. */
export type RechargeMode = 'page' | 'popup';

/**
 * Top-up: pick a package, pay at the provider's checkout. From the wallet the page goes to the
 * checkout and comes back; in a live room (`mode="popup"`) the checkout opens in its own window
 * so the stream keeps playing, this panel waits for the order and calls `onPaid` once it is paid.
 */
export function RechargePanel({ orderNo, mode = 'page', onPaid }: { orderNo: string | null; mode?: RechargeMode; onPaid?: (coins: number) => void }) {
  const { t } = useTranslation('economy');
  const rules = useChargeRules();
  const [picked, setPicked] = useState<number | null>(null);
  const [waiting, setWaiting] = useState<{ orderNo: string; payUrl: string } | null>(null);
  const pay = useCreatePayUrl();
  const list = rules.data?.list ?? [];
  const chosen = list.find((r) => r.id === picked) ?? list[1] ?? list[0];

  function start() {
    if (!chosen) return;
    // The window opens inside the click (a popup opened after an await is blocked), then goes to the checkout.
    const win = mode === 'popup' ? window.open('', CHECKOUT_WINDOW, 'popup,width=480,height=720') : null;
    pay.mutate(
      { id: chosen.id, provider: rules.data?.providers[0] },
      {
        onSuccess: (data) => {
          if (mode === 'page') return window.location.assign(data.pay_url);
          if (win) win.location.href = data.pay_url;
          setWaiting({ orderNo: data.order_no, payUrl: data.pay_url });
        },
        onError: () => win?.close(),
      },
    );
  }

  if (waiting) return <AwaitPayment {...waiting} onPaid={onPaid} onBack={() => setWaiting(null)} />;

  return (
    <div className="eco-recharge" data-testid="recharge-panel">
      {orderNo && <OrderResult orderNo={orderNo} />}
      {rules.isLoading && <Spinner />}
      <div className="eco-packages" role="radiogroup" aria-label={t('recharge.choose')}>
        {list.map((r) => (
          <button
            key={r.id}
            type="button"
            role="radio"
            aria-checked={chosen?.id === r.id}
            className={chosen?.id === r.id ? 'eco-package is-active' : 'eco-package'}
            onClick={() => setPicked(r.id)}
            data-testid={`recharge-rule-${r.id}`}
          >
            {r.bonus > 0 && <span className="eco-package__bonus">{t('recharge.bonusTag')}</span>}
            {/* The big number is what arrives in the wallet; the bonus is part of it, said below. */}
            <span className="eco-package__coins">
              <Coins value={r.coins} />
            </span>
            {r.bonus > 0 && (
              <span className="eco-package__split" data-testid={`recharge-split-${r.id}`}>
                {t('recharge.split', { base: formatCoins(r.coins - r.bonus, currentLanguage()), bonus: formatCoins(r.bonus, currentLanguage()) })}
              </span>
            )}
            <span className="eco-package__price">
              <Money cents={r.money} currency={r.currency} />
            </span>
          </button>
        ))}
      </div>
      {chosen && (
        <div className="eco-recharge__pay">
          <div>
            <div className="eco-recharge__total">
              {t('recharge.total')} <Money cents={chosen.money} currency={chosen.currency} />
            </div>
            <p className="muted">{mode === 'popup' ? t('recharge.popupNote') : t('recharge.providerNote')}</p>
          </div>
          <Button size="lg" loading={pay.isPending || (mode === 'page' && pay.isSuccess)} onClick={start} data-testid="recharge-pay">
            {t('recharge.pay')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** While the checkout window is open: the order, polled until the provider settles it. */
function AwaitPayment({ orderNo, payUrl, onPaid, onBack }: { orderNo: string; payUrl: string; onPaid?: (coins: number) => void; onBack: () => void }) {
  const { t } = useTranslation('economy');
  const queryClient = useQueryClient();
  const order = useRechargeOrder(orderNo);
  const o = order.data;
  const done = useRef(false);
  useEffect(() => {
    if (o?.status !== 'paid' || done.current) return;
    done.current = true;
    afterMoneyMoved(queryClient);
    onPaid?.(o.coins);
  }, [o, queryClient, onPaid]);
  return (
    <div className="eco-await" role="status" data-testid="recharge-waiting" data-status={o?.status ?? 'pending'}>
      {o?.status === 'failed' ? (
        <>
          <IconAlert size={28} />
          <p>{t('recharge.failed')}</p>
          <Button variant="secondary" onClick={onBack} data-testid="recharge-again">
            {t('recharge.again')}
          </Button>
        </>
      ) : o?.status === 'paid' ? (
        <>
          <IconCheck size={28} />
          <p>
            {t('recharge.paid')} <Coins value={o.coins} signed />
          </p>
        </>
      ) : (
        <>
          <Spinner size={28} />
          <p>{t('recharge.inWindow')}</p>
          <p className="muted small">
            {t('recharge.windowHint')}{' '}
            <a href={payUrl} target={CHECKOUT_WINDOW} className="link-btn link-btn--accent" data-testid="recharge-reopen">
              {t('recharge.reopen')}
            </a>
          </p>
          <button type="button" className="link-btn" onClick={onBack}>
            {t('recharge.choose')}
          </button>
        </>
      )}
    </div>
  );
}
