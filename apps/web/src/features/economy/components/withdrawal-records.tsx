import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/ui/empty-state';
import { Pager } from '@/shared/ui/pager';
import { Spinner } from '@/shared/ui/spinner';
import { IconCard } from '@/shared/ui/icons';
import { useWithdrawals } from '../api/withdrawals';
import { Coins, Money } from './coins';
import { when } from './ledger-list';

const LIMIT = 10;

/** api/Balance/withdrawalList: in progress → payment completed or application rejected (with the reason). */
export function WithdrawalRecords() {
  const { t } = useTranslation('economy');
  const [page, setPage] = useState(1);
  const list = useWithdrawals(page, LIMIT);
  if (list.isLoading) return <Spinner />;
  const rows = list.data?.list ?? [];
  if (!rows.length) return <EmptyState compact icon={<IconCard size={32} />} title={t('records.emptyTitle')} text={t('records.empty')} />;
  return (
    <div className="eco-ledger" data-testid="withdrawal-records">
      <div className="eco-table eco-table--withdrawals" role="table">
        <div className="eco-table__head" role="row">
          <span role="columnheader">{t('ledger.time')}</span>
          <span role="columnheader">{t('records.to')}</span>
          <span role="columnheader" className="num">
            {t('records.amount')}
          </span>
          <span role="columnheader" className="num">
            {t('records.payout')}
          </span>
          <span role="columnheader">{t('records.status')}</span>
        </div>
        {rows.map((w) => (
          <div key={w.id} className="eco-table__row" role="row" data-testid="withdrawal-row" data-status={w.status}>
            <span role="cell" className="muted">
              {when(w.created_at)}
            </span>
            <span role="cell">
              {w.type === 1 ? t('withdraw.bank') : t('withdraw.alipay')} <span className="muted">{w.account}</span>
            </span>
            <span role="cell" className="num">
              <Coins value={w.money} />
            </span>
            <span role="cell" className="num">
              <Money cents={w.payout} currency="CNY" />
            </span>
            <span role="cell">
              <span className={`eco-status eco-status--w${w.status}`}>{w.status_name}</span>
              {w.reason && <span className="muted eco-reason"> · {w.reason}</span>}
            </span>
          </div>
        ))}
      </div>
      <Pager page={page} total={list.data?.total ?? 0} limit={LIMIT} onChange={setPage} labels={{ prev: t('pager.prev'), next: t('pager.next'), page: (n) => t('pager.page', { n }) }} />
    </div>
  );
}
