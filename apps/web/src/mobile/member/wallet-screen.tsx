import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MemberType } from '@/config/paths';
import { useWallet } from '@/features/economy/api/get-wallet';
import { Coins } from '@/features/economy/components/coins';
import { ConvertForm } from '@/features/economy/components/convert-form';
import { LedgerList } from '@/features/economy/components/ledger-list';
import { WealthBadge } from '@/features/economy/components/noble-badge';
import { RechargeOrders } from '@/features/economy/components/recharge-orders';
import { RechargePanel } from '@/features/economy/components/recharge-panel';
import { useAuthStore } from '@/shared/stores/auth';
import { mobileMemberPage } from './screens';

export const WALLET_TABS = ['recharge', 'consumption', 'orders', 'income', 'convert'] as const;
export type WalletTab = (typeof WALLET_TABS)[number];

/** The tab a wallet address opens: a recharge link or a payment coming back opens the top-up. */
export function walletTabOf(params: URLSearchParams): WalletTab {
  if (params.get('isRecharge') === 'true' || params.get('order')) return 'recharge';
  const tab = params.get('tab') as WalletTab | null;
  return tab && WALLET_TABS.includes(tab) ? tab : 'recharge';
}

/**
 * /m/member?type=1: the wallet on a phone — the balance on top, then the top-up (packages as a
 * grid, mobile.css), the coin ledger and the orders as tabs the thumb reaches. Same calls as the
 * desktop wallet; the tab stays in the address (?tab=) so a reload or a shared link reopens it.
 */
export function WalletScreen() {
  const { t } = useTranslation('economy');
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<WalletTab>(() => walletTabOf(params));
  const w = useWallet().data;
  const isAnchor = useAuthStore((s) => s.user?.is_anchor === 1);
  // Income is what an anchor's room earns: a fan never has any, so sees no income or conversion.
  const earns = isAnchor || (w?.income ?? 0) > 0 || (w?.withdrawing ?? 0) > 0;
  const tabs = WALLET_TABS.filter((k) => earns || (k !== 'income' && k !== 'convert'));
  const shown: WalletTab = tabs.includes(tab) ? tab : 'recharge';
  const choose = (next: WalletTab) => {
    setTab(next);
    const p = new URLSearchParams(params);
    p.delete('isRecharge');
    p.set('tab', next);
    setParams(p, { replace: true });
  };

  return (
    <div className="mm-stack" data-testid="wallet-panel">
      <div className="mm-card mm-balance">
        <div className="mm-balance__main">
          <span className="mm-balance__label">{t('wallet.coins')}</span>
          <strong className="mm-balance__value" data-testid="wallet-coins">
            <Coins value={w?.consumption ?? 0} />
          </strong>
        </div>
        {w && <WealthBadge level={w.wealth_level} />}
        {earns && (
          <div className="mm-balance__row" data-testid="wallet-income-card">
            <span>
              {t('wallet.income')}{' '}
              <strong data-testid="wallet-income">
                <Coins value={w?.income ?? 0} />
              </strong>
            </span>
            {isAnchor && (
              <Link className="mm-btn mm-btn--ghost" to={mobileMemberPage(MemberType.WITHDRAWAL)}>
                {t('wallet.withdraw')}
              </Link>
            )}
          </div>
        )}
        {earns && (w?.withdrawing ?? 0) > 0 && (
          <div className="mm-balance__row">
            <span>
              {t('wallet.withdrawing')} <Coins value={w?.withdrawing ?? 0} />
            </span>
          </div>
        )}
      </div>

      <div className="mm-tabs" role="tablist">
        {tabs.map((k) => (
          <button key={k} type="button" role="tab" aria-selected={shown === k} className={shown === k ? 'mm-tab is-active' : 'mm-tab'} onClick={() => choose(k)} data-testid={`wallet-tab-${k}`}>
            {t(`wallet.tabs.${k}`)}
          </button>
        ))}
      </div>
      <div className="mm-card mm-wallet-body">
        {shown === 'recharge' && <RechargePanel orderNo={params.get('order')} />}
        {shown === 'consumption' && <LedgerList wallet="consumption" />}
        {shown === 'income' && <LedgerList wallet="income" />}
        {shown === 'orders' && <RechargeOrders />}
        {shown === 'convert' && <ConvertForm income={w?.income ?? 0} />}
      </div>
    </div>
  );
}
