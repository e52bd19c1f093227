import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOBLE_MAX_MONTHS, type NobleTier, formatCoins, nobleInfo } from '@livesports/contracts/economy';
import { currentLanguage } from '@/shared/i18n';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { Spinner } from '@/shared/ui/spinner';
import { useWallet } from '../api/get-wallet';
import { useBuyNoble, useNobles } from '../api/nobles';
import { newKey } from '../lib/keys';
import '../locales';
import '../economy.css';
import { Coins } from './coins';
import { NobleBadge } from './noble-badge';
// Registers the server message catalogue (namespace 'msg') this file's texts use.
import '@/shared/i18n/messages';

const PERKS = ['badge', 'danmaku', 'entrance', 'horns'] as const;

/** /member?type=6: noble membership, priced per month; renewals extend, upgrades carry the value over. */
export function NoblePanel() {
  const { t } = useTranslation('economy');
  const nobles = useNobles();
  const wallet = useWallet();
  const [buying, setBuying] = useState<NobleTier | null>(null);
  const [months, setMonths] = useState(1);
  const [key, setKey] = useState(newKey);
  const buy = useBuyNoble((msg) => {
    toast.success(msg);
    setBuying(null);
    setKey(newKey());
  });
  if (nobles.isLoading || !nobles.data) return <Spinner />;
  const mine = nobles.data.mine;
  const mineRank = mine ? nobleInfo(mine.tier).rank : 0;
  const open = (tier: NobleTier) => {
    setMonths(1);
    setKey(newKey());
    setBuying(tier);
  };
  // The price in force comes from the server (the console may change it); the shipped list is the fallback.
  const monthPrice = (tier: NobleTier) => nobles.data.tiers.find((n) => n.tier === tier)?.price ?? nobleInfo(tier).price;
  const price = buying ? monthPrice(buying) * months : 0;
  const balance = wallet.data?.consumption ?? 0;

  return (
    <div className="eco-stack" data-testid="noble-panel">
      <div className="card eco-noble-mine">
        {mine ? (
          <>
            <NobleBadge tier={mine.tier} size="md" />
            <div>
              <strong>{t('noble.active', { name: t(`msg:economy.noble_${mine.tier}`) })}</strong>
              <p className="muted">
                {t('noble.until', { date: new Date(mine.expires_at).toLocaleDateString() })}
                {mine.tier === 'emperor' && ` · ${t('noble.hornsLeft', { n: mine.free_horns_left })}`}
              </p>
            </div>
          </>
        ) : (
          <p className="muted">{t('noble.none')}</p>
        )}
      </div>
      <div className="eco-tiers">
        {nobles.data.tiers.map((tier) => {
          const lower = tier.rank < mineRank;
          return (
            <article key={tier.tier} className={`eco-tier${mine?.tier === tier.tier ? ' is-mine' : ''}`} style={{ '--noble': tier.color } as React.CSSProperties} data-testid={`noble-${tier.tier}`}>
              <header>
                <NobleBadge tier={tier.tier} size="md" />
                <span className="eco-tier__price">
                  <Coins value={tier.price} />
                  <small>{t('noble.perMonth')}</small>
                </span>
              </header>
              <ul className="eco-tier__perks">
                {PERKS.filter((p) => p !== 'horns' || tier.free_horns > 0).map((p) => (
                  <li key={p}>
                    {t(`noble.perks.${p}`, { n: tier.free_horns, effect: t(`noble.entrances.${tier.entrance}`) })}
                    {p === 'danmaku' && <span className="eco-swatch" style={{ '--swatch': tier.danmaku_color } as React.CSSProperties} aria-hidden />}
                  </li>
                ))}
              </ul>
              <Button block variant={mine?.tier === tier.tier ? 'secondary' : 'primary'} disabled={lower} onClick={() => open(tier.tier)} data-testid={`noble-buy-${tier.tier}`}>
                {lower ? t('noble.lower') : mine?.tier === tier.tier ? t('noble.renew') : mineRank ? t('noble.upgrade') : t('noble.open')}
              </Button>
            </article>
          );
        })}
      </div>

      <Dialog
        open={buying !== null}
        onOpenChange={(o) => !o && setBuying(null)}
        title={buying ? t('noble.buyTitle', { name: t(`msg:economy.noble_${buying}`) }) : ''}
        width={420}
        testId="noble-dialog"
      >
        <div className="field">
          <span className="field__label">{t('noble.months')}</span>
          <div className="eco-seg" role="radiogroup">
            {[1, 3, 6, NOBLE_MAX_MONTHS].map((m) => (
              <button key={m} type="button" role="radio" aria-checked={months === m} className={months === m ? 'is-active' : undefined} onClick={() => setMonths(m)}>
                {t('noble.monthsN', { n: m })}
              </button>
            ))}
          </div>
        </div>
        <p className="eco-buy-total">
          {t('noble.total')} <Coins value={price} /> <span className="muted">· {t('noble.balance', { coins: formatCoins(balance, currentLanguage()) })}</span>
        </p>
        {mine && buying && nobleInfo(buying).rank > mineRank && <p className="muted eco-note">{t('noble.upgradeNote')}</p>}
        <div className="form-actions">
          <Button variant="secondary" onClick={() => setBuying(null)}>
            {t('common.cancel')}
          </Button>
          <Button loading={buy.isPending} disabled={price > balance} onClick={() => buying && buy.mutate({ tier: buying, months, idempotency_key: key })} data-testid="noble-confirm">
            {price > balance ? t('noble.notEnough') : t('noble.pay')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
