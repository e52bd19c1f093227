import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@/shared/stores/auth';
import '../locales';
import '../economy.css';
import { AdminWithdrawals } from './admin-withdrawals';
import { PayoutAccounts } from './payout-accounts';
import { WithdrawForm } from './withdraw-form';
import { WithdrawalRecords } from './withdrawal-records';

const TABS = ['apply', 'accounts', 'records', 'review'] as const;
type Tab = (typeof TABS)[number];

/** /member?type=4: withdrawal from the income wallet, payout accounts, records; review for administrators. */
export function WithdrawalPanel() {
  const { t } = useTranslation('economy');
  const isAdmin = useAuthStore((s) => s.user?.is_admin === 1);
  const [tab, setTab] = useState<Tab>('apply');
  const tabs = TABS.filter((k) => k !== 'review' || isAdmin);
  return (
    <div className="card" data-testid="withdrawal-panel">
      <div className="tabs" role="tablist">
        {tabs.map((k) => (
          <button key={k} type="button" role="tab" aria-selected={tab === k} className={tab === k ? 'tabs__tab is-active' : 'tabs__tab'} onClick={() => setTab(k)} data-testid={`withdraw-tab-${k}`}>
            {t(`withdraw.tabs.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'apply' && <WithdrawForm onNeedAccount={() => setTab('accounts')} onDone={() => setTab('records')} />}
      {tab === 'accounts' && <PayoutAccounts />}
      {tab === 'records' && <WithdrawalRecords />}
      {tab === 'review' && isAdmin && <AdminWithdrawals />}
    </div>
  );
}
