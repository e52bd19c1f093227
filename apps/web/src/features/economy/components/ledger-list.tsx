import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/shared/i18n';
import type { LedgerKind, WalletKind } from '@livesports/contracts/economy';
import { EmptyState } from '@/shared/ui/empty-state';
import { Pager } from '@/shared/ui/pager';
import { Spinner } from '@/shared/ui/spinner';
import { IconHistory } from '@/shared/ui/icons';
import { useLedger, useLedgerTypes } from '../api/get-ledger';
import { Coins } from './coins';

const LIMIT = 15;
/** A moment in the interface language's format. */
export const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/** Consumption or income details: one line per operation, read from the ledger. */
export function LedgerList({ wallet }: { wallet: WalletKind }) {
  const { t } = useTranslation('economy');
  const [page, setPage] = useState(1);
  const [type, setType] = useState<LedgerKind | ''>('');
  const types = useLedgerTypes();
  const ledger = useLedger({ wallet, type: type || undefined, page, limit: LIMIT });
  const rows = ledger.data?.list ?? [];
  return (
    <div className="eco-ledger" data-testid={`ledger-${wallet}`}>
      <div className="eco-toolbar">
        <label className="eco-select">
          <span className="sr-only">{t('ledger.filter')}</span>
          <select
            value={type}
            onChange={(e) => {
              setType(e.target.value as LedgerKind | '');
              setPage(1);
            }}
          >
            <option value="">{t('ledger.all')}</option>
            {types.data?.map((k) => (
              <option key={k.type} value={k.type}>
                {k.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {ledger.isLoading ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <EmptyState compact icon={<IconHistory size={32} />} title={t('ledger.emptyTitle')} text={t(`ledger.empty.${wallet}`)} />
      ) : (
        <div className="eco-table" role="table" aria-label={t(`wallet.tabs.${wallet}`)}>
          <div className="eco-table__head" role="row">
            <span role="columnheader">{t('ledger.time')}</span>
            <span role="columnheader">{t('ledger.what')}</span>
            <span role="columnheader" className="num">
              {t('ledger.amount')}
            </span>
            <span role="columnheader" className="num">
              {t('ledger.after')}
            </span>
          </div>
          {rows.map((r) => (
            <div key={`${r.id}-${r.wallet}`} className="eco-table__row" role="row" data-testid="ledger-row">
              <span role="cell" className="muted">
                {when(r.created_at)}
              </span>
              <span role="cell" className="eco-ledger__what">
                <span className={`eco-kind eco-kind--${r.kind}`}>{r.type_name}</span>
                <span className="eco-ledger__title">{r.title}</span>
              </span>
              <span role="cell" className="num">
                <Coins value={r.amount} signed />
              </span>
              <span role="cell" className="num muted">
                <Coins value={r.balance_after} />
              </span>
            </div>
          ))}
        </div>
      )}
      {ledger.data && <Pager page={page} total={ledger.data.total} limit={LIMIT} onChange={setPage} labels={{ prev: t('pager.prev'), next: t('pager.next'), page: (n) => t('pager.page', { n }) }} />}
    </div>
  );
}
