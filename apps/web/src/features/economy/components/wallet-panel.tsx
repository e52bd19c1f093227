import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WEALTH_LEVEL_COINS, TENTHS } from '@livesports/contracts/economy';
import { MemberType, memberPage } from '@/config/paths';
import { useAuthStore } from '@/shared/stores/auth';
import { Button } from '@/shared/ui/button';
import { useWallet } from '../api/get-wallet';
import '../locales';
import '../economy.css';
import { Coins } from './coins';
import { ConvertForm } from './convert-form';
import { LedgerList } from './ledger-list';
import { RechargeOrders } from './recharge-orders';
import { RechargePanel } from './recharge-panel';

const TABS = ['recharge', 'consumption', 'income', 'orders', 'convert'] as const;
type Tab = (typeof TABS)[number];

/** Progress to the next wealth level (spec §9: 1 coin spent = 1 point). */
function WealthMeter({ exp, level }: { exp: number; level: number }) {
  const { t } = useTranslation('economy');
  const from = WEALTH_LEVEL_COINS[level - 1] * TENTHS;
  const to = WEALTH_LEVEL_COINS[level] !== undefined ? WEALTH_LEVEL_COINS[level] * TENTHS : null;
  const pct = to ? Math.min(100, Math.round(((exp - from) / (to - from)) * 100)) : 100;
  return (
    <div className="eco-meter" aria-label={t('wallet.wealthLevel', { level })}>
      <div className="eco-meter__bar">
        <span style={{ width: `${pct}%` }} />
      </div>
      <span className="muted">{to ? t('wallet.toNext', { coins: Math.ceil((to - exp) / TENTHS), level: level + 1 }) : t('wallet.topLevel')}</span>
    </div>
  );
}

/** /member?type=1: the wallet. `isRecharge=true` opens top-up; `order=` shows a payment coming back. */
export function WalletPanel() {
  const { t } = useTranslation('economy');
  const [params, setParams] = useSearchParams();
  const wallet = useWallet();
  const initial: Tab = params.get('isRecharge') === 'true' || params.get('order') ? 'recharge' : ((params.get('tab') as Tab) ?? 'recharge');
  const [tab, setTab] = useState<Tab>(TABS.includes(initial) ? initial : 'recharge');
  useEffect(() => {
    if (params.get('isRecharge') === 'true') setTab('recharge');
  }, [params]);

  const choose = (next: Tab) => {
    setTab(next);
    const p = new URLSearchParams(params);
    p.delete('isRecharge');
    p.set('tab', next);
    setParams(p, { replace: true });
  };
  const w = wallet.data;
  // Income is what an anchor's room earns: a fan never has any, so they see no income, conversion
  // or withdrawal parts (a former anchor with income left still does).
  const isAnchor = useAuthStore((s) => s.user?.is_anchor === 1);
  const earns = isAnchor || (w?.income ?? 0) > 0 || (w?.withdrawing ?? 0) > 0;
  const tabs = TABS.filter((k) => earns || (k !== 'income' && k !== 'convert'));
  const shown: Tab = tabs.includes(tab) ? tab : 'recharge';

  return (
    <div className="eco-wallet" data-testid="wallet-panel">
      <div className="eco-balances">
        <div className="eco-balance eco-balance--coins">
          <span className="eco-balance__label">{t('wallet.coins')}</span>
          <strong className="eco-balance__value" data-testid="wallet-coins">
            <Coins value={w?.consumption ?? 0} />
          </strong>
          <Button size="sm" onClick={() => choose('recharge')} data-testid="wallet-recharge">
            {t('wallet.recharge')}
          </Button>
        </div>
        {earns && (
          <div className="eco-balance" data-testid="wallet-income-card">
            <span className="eco-balance__label">{t('wallet.income')}</span>
            <strong className="eco-balance__value" data-testid="wallet-income">
              <Coins value={w?.income ?? 0} />
            </strong>
            <div className="eco-balance__actions">
              <Button size="sm" variant="secondary" onClick={() => choose('convert')} disabled={!w?.income}>
                {t('wallet.convert')}
              </Button>
              {isAnchor && (
                <Link className="btn btn--ghost btn--sm" to={memberPage(MemberType.WITHDRAWAL)}>
                  {t('wallet.withdraw')}
                </Link>
              )}
            </div>
          </div>
        )}
        {earns && (
          <div className="eco-balance">
            <span className="eco-balance__label">{t('wallet.withdrawing')}</span>
            <strong className="eco-balance__value">
              <Coins value={w?.withdrawing ?? 0} />
            </strong>
            <span className="muted">{t('wallet.withdrawingHint')}</span>
          </div>
        )}
        <div className="eco-balance">
          <span className="eco-balance__label">{t('wallet.wealth')}</span>
          <strong className="eco-balance__value">
            <span className={`eco-level eco-level--${w?.wealth_level ?? 1}`} data-testid="wallet-level">
              L{w?.wealth_level ?? 1}
            </span>
          </strong>
          {w && <WealthMeter exp={w.wealth_exp} level={w.wealth_level} />}
        </div>
      </div>

      <div className="card">
        <div className="tabs" role="tablist">
          {tabs.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={shown === k}
              className={shown === k ? 'tabs__tab is-active' : 'tabs__tab'}
              onClick={() => choose(k)}
              data-testid={`wallet-tab-${k}`}
            >
              {t(`wallet.tabs.${k}`)}
            </button>
          ))}
        </div>
        {shown === 'recharge' && <RechargePanel orderNo={params.get('order')} />}
        {shown === 'consumption' && <LedgerList wallet="consumption" />}
        {shown === 'income' && <LedgerList wallet="income" />}
        {shown === 'orders' && <RechargeOrders />}
        {shown === 'convert' && <ConvertForm income={w?.income ?? 0} />}
      </div>
    </div>
  );
}
