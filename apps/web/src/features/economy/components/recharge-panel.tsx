import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { IconAlert, IconCheck } from '@/shared/ui/icons';
import { useChargeRules } from '../api/get-charge-rules';
import { useCreatePayUrl } from '../api/create-pay-url';
import { useRechargeOrder } from '../api/get-recharge-order';
import { afterMoneyMoved } from '../lib/refresh';
import { Coins, Money } from './coins';

/** The order the payer came back with from the provider's checkout, until it settles. */
function OrderResult({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('economy');
  const queryClient = useQueryClient();
  const order = useRechargeOrder(orderNo);
  const status = order.data?.status;
  useEffect(() => {
    if (status === 'paid') afterMoneyMoved(queryClient);
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

/** Top-up: pick a package, pay at the provider's checkout, come back to the wallet. */
export function RechargePanel({ orderNo }: { orderNo: string | null }) {
  const { t } = useTranslation('economy');
  const rules = useChargeRules();
  const [picked, setPicked] = useState<number | null>(null);
  const pay = useCreatePayUrl();
  const list = rules.data?.list ?? [];
  const chosen = list.find((r) => r.id === picked) ?? list[1] ?? list[0];

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
            {r.bonus > 0 && <span className="eco-package__bonus">{t('recharge.bonus', { coins: r.bonus / 10 })}</span>}
            <span className="eco-package__coins">
              <Coins value={r.coins} />
            </span>
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
            <p className="muted">{t('recharge.providerNote')}</p>
          </div>
          <Button size="lg" loading={pay.isPending || pay.isSuccess} onClick={() => pay.mutate({ id: chosen.id, provider: rules.data?.providers[0] })} data-testid="recharge-pay">
            {t('recharge.pay')}
          </Button>
        </div>
      )}
    </div>
  );
}
