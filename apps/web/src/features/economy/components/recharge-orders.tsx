import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/ui/empty-state';
import { Pager } from '@/shared/ui/pager';
import { Spinner } from '@/shared/ui/spinner';
import { IconWallet } from '@/shared/ui/icons';
import { useRechargeOrders } from '../api/get-recharge-order';
import { Coins, Money } from './coins';
import { when } from './ledger-list';

const LIMIT = 10;

/** The caller's recharge orders with their payment state. */
export function RechargeOrders() {
  const { t } = useTranslation('economy');
  const [page, setPage] = useState(1);
  const orders = useRechargeOrders(page, LIMIT);
  if (orders.isLoading) return <Spinner />;
  const list = orders.data?.list ?? [];
  if (!list.length) return <EmptyState compact icon={<IconWallet size={32} />} title={t('orders.emptyTitle')} text={t('orders.empty')} />;
  return (
    <div className="eco-ledger">
      <div className="eco-table eco-table--orders" role="table">
        <div className="eco-table__head" role="row">
          <span role="columnheader">{t('ledger.time')}</span>
          <span role="columnheader">{t('orders.number')}</span>
          <span role="columnheader" className="num">
            {t('orders.coins')}
          </span>
          <span role="columnheader" className="num">
            {t('orders.money')}
          </span>
          <span role="columnheader">{t('orders.status')}</span>
        </div>
        {list.map((o) => (
          <div key={o.order_no} className="eco-table__row" role="row">
            <span role="cell" className="muted">
              {when(o.created_at)}
            </span>
            <span role="cell" className="mono">
              {o.order_no}
            </span>
            <span role="cell" className="num">
              <Coins value={o.coins} />
            </span>
            <span role="cell" className="num">
              <Money cents={o.money} currency={o.currency} />
            </span>
            <span role="cell">
              <span className={`eco-status eco-status--${o.status}`}>{t(`orders.statuses.${o.status}`)}</span>
            </span>
          </div>
        ))}
      </div>
      <Pager page={page} total={orders.data?.total ?? 0} limit={LIMIT} onChange={setPage} labels={{ prev: t('pager.prev'), next: t('pager.next'), page: (n) => t('pager.page', { n }) }} />
    </div>
  );
}
