import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GIFT_COUNTS, COMBO_WINDOW_MS, formatCoins } from '@livesports/contracts/economy';
import { currentLanguage } from '@/shared/i18n';
import type { Gift, GiftEvent, SendGiftResult } from '@livesports/contracts/economy-gifts';
import { ApiError } from '@/shared/api/client';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { useBackpack, useGifts } from '../api/get-gifts';
import { useWallet } from '../api/get-wallet';
import { useSendGift } from '../api/send-gift';
import { newKey } from '../lib/keys';
import '../locales';
import '../economy.css';
import { Coins } from './coins';
import { RechargeDialog } from './recharge-dialog';
// Registers the server message catalogue (namespace 'msg') this file's texts use.
import '@/shared/i18n/messages';
import { ImCustomType } from '@livesports/contracts/chat-constants';

export interface GiftPanelProps {
  /** The room: its anchor's user id. */
  roomId: number;
  /** Called after each successful send with an event shaped like the room's gift message (type 100), to play at once. */
  onSent?: (event: GiftEvent, result: SendGiftResult) => void;
  compact?: boolean;
  /** Beside the balance (the room puts its guard button there). */
  extra?: ReactNode;
  /**
   * Where recharge goes instead of the dialog over the room. The phone's sheet sends the fan to the
   * mobile wallet: a checkout popup from a bottom sheet is lost behind the tab on most phones.
   */
  rechargeHref?: string;
}

/** A picked gift re-reads the catalogue when the copy shown is older than this. */
const GIFTS_RECHECK_MS = 5_000;

/**
 * The live room's gift panel: catalogue and backpack, a count, send; then a combo button that
 * sends the same gift again (each press its own idempotency key) while the combo window is open.
 */
export function GiftPanel({ roomId, onSent, compact, extra, rechargeHref }: GiftPanelProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('economy');
  const user = useAuthStore((s) => s.user);
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const gifts = useGifts();
  const bag = useBackpack(islogin);
  const wallet = useWallet(islogin);
  const [source, setSource] = useState<'wallet' | 'backpack'>('wallet');
  const [picked, setPicked] = useState<number | null>(null);
  const [num, setNum] = useState(1);
  const [combo, setCombo] = useState<{ giftId: number; count: number; until: number } | null>(null);
  // Recharge opens over the room (the stream keeps playing) and comes back here with the balance.
  const [recharging, setRechargingOpen] = useState(false);
  const setRecharging = (open: boolean) => (open && rechargeHref ? navigate(rechargeHref) : setRechargingOpen(open));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const list: Array<Gift & { num?: number }> = source === 'wallet' ? (gifts.data ?? []) : (bag.data ?? []);
  const gift = list.find((g) => g.id === picked) ?? null;
  const send = useSendGift((result, input) => {
    const g = list.find((x) => x.id === input.gift_id) ?? gift;
    setCombo({ giftId: input.gift_id, count: result.combo, until: Date.now() + COMBO_WINDOW_MS });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCombo(null), COMBO_WINDOW_MS);
    if (g && user && onSent) {
      onSent(
        {
          type: ImCustomType.GIFT,
          room_id: roomId,
          sender: { id: user.id, user_nickname: user.user_nickname, avatar: user.avatar, wealth_level: result.wealth_level, noble: null },
          gift: { id: g.id, code: g.code, image: g.image, animation: g.animation, price: g.price, names: { zh: g.name, en: g.name, es: g.name } },
          num: result.num,
          combo: result.combo,
          total: result.total,
          at: new Date().toISOString(),
        },
        result,
      );
    }
  });

  function fire(giftId: number, count: number) {
    if (!islogin) return openLogin('login');
    // Spec §5/§8: anchors cannot gift themselves (the server says the same).
    if (user?.id === roomId) return toast.error(t('msg:economy.self_gift'));
    send.mutate({ room_id: roomId, gift_id: giftId, num: count, from_backpack: source === 'backpack', idempotency_key: newKey() }, { onError: (e) => e instanceof ApiError || toast.error(String(e)) });
  }

  const cost = gift && source === 'wallet' ? gift.price * num : 0;
  const balance = wallet.data?.consumption ?? user?.balance ?? 0;
  const short = islogin && source === 'wallet' && cost > balance;
  const comboActive = combo && combo.until > Date.now();

  return (
    <section className={compact ? 'gift-panel gift-panel--compact' : 'gift-panel'} data-testid="gift-panel" aria-label={t('gift.panel')}>
      <header className="gift-panel__head">
        <div className="eco-seg" role="tablist">
          {(['wallet', 'backpack'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={source === s}
              className={source === s ? 'is-active' : undefined}
              onClick={() => (setSource(s), setPicked(null))}
              data-testid={`gift-source-${s}`}
            >
              {t(`gift.source.${s}`)}
            </button>
          ))}
        </div>
        {islogin ? (
          <span className="gift-panel__balance">
            <Coins value={balance} testId="gift-balance" />
            <button type="button" className="link-btn link-btn--accent" onClick={() => setRecharging(true)} data-testid="gift-open-recharge">
              {t('gift.recharge')}
            </button>
          </span>
        ) : (
          <button type="button" className="link-btn link-btn--accent" onClick={() => openLogin('login')}>
            {t('gift.loginToSend')}
          </button>
        )}
        {extra}
      </header>

      {gifts.isLoading ? (
        <Spinner />
      ) : list.length === 0 ? (
        <p className="muted gift-panel__empty">{source === 'backpack' ? t('backpack.emptyTitle') : '—'}</p>
      ) : (
        <ul className="gift-grid" role="listbox" aria-label={t('gift.choose')}>
          {list.map((g) => (
            <li key={g.id}>
              <button
                type="button"
                role="option"
                aria-selected={picked === g.id}
                className={picked === g.id ? 'gift-cell is-active' : 'gift-cell'}
                onClick={() => {
                  setPicked(g.id);
                  // Prices and the catalogue change in the console: picking a gift checks the list again (at most every few seconds).
                  if (source === 'wallet' && Date.now() - gifts.dataUpdatedAt > GIFTS_RECHECK_MS) void gifts.refetch();
                }}
                data-testid={`gift-${g.code}`}
              >
                <img src={g.image} alt="" width={40} height={40} />
                <span className="gift-cell__name">{g.name}</span>
                <span className="gift-cell__price">{source === 'backpack' ? `×${g.num}` : formatCoins(g.price, currentLanguage())}</span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <footer className="gift-panel__foot">
        <label className="eco-select gift-panel__num">
          <span className="sr-only">{t('gift.count')}</span>
          <select value={num} onChange={(e) => setNum(Number(e.target.value))} data-testid="gift-num">
            {GIFT_COUNTS.map((n) => (
              <option key={n} value={n}>
                ×{n}
              </option>
            ))}
          </select>
        </label>
        <span className="gift-panel__cost">{gift && source === 'wallet' ? <Coins value={cost} /> : null}</span>
        {comboActive && combo ? (
          <button type="button" className="gift-combo" onClick={() => fire(combo.giftId, num)} disabled={send.isPending} data-testid="gift-combo">
            <span>{t('gift.comboButton')}</span>
            <strong>×{combo.count}</strong>
          </button>
        ) : short ? (
          <Button onClick={() => setRecharging(true)} data-testid="gift-recharge" title={t('gift.notEnoughHint')}>
            {t('gift.notEnough')}
          </Button>
        ) : (
          <Button disabled={!gift} loading={send.isPending} onClick={() => gift && fire(gift.id, num)} data-testid="gift-send">
            {t('gift.send')}
          </Button>
        )}
      </footer>
      {islogin && <RechargeDialog open={recharging} onOpenChange={setRecharging} />}
    </section>
  );
}
