import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HORN_TEXT_MAX } from '@livesports/contracts/chat-constants';
import type { Horn } from '@livesports/contracts/chat';
import { formatCoins } from '@livesports/contracts/economy';
import { paths } from '@/config/paths';
import { ApiError } from '@/shared/api/client';
import { currentLanguage } from '@/shared/i18n';
import { tMsg } from '@/shared/i18n/messages';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { Spinner } from '@/shared/ui/spinner';
import { useHornList, useMyNoble, useSendHorn } from '../api/horns';
import { useChatStore } from '../api/im-client';
import { useDanmaku } from '../lib/danmaku-store';
import { HORN_SHOW_MS, formatWhen, hornCost, hornFresh, hornRoomLink, nobleColor } from '../lib/manage';
import '../locales-manage';
import '../manage.css';

// Site-wide horns: the banner over the player that shows the newest one for a few seconds, and
// the button and dialog that send one (100 coins, or one of an emperor's free ones).

const IconHorn = ({ size = 16 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="M3 10v4a1 1 0 0 0 1 1h3l6 4V5L7 9H4a1 1 0 0 0-1 1z" />
    <path d="M17 8a5 5 0 0 1 0 8" />
  </svg>
);

const rechargePath = `${paths.member}?type=1&isRecharge=true`;

/** One key per intended send (a retry of the same send reuses it, so it is never paid twice). */
function newKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The newest horn, scrolled once across a slim bar for HORN_SHOW_MS. The parent places it (absolute,
 * at the top of the player, or under the top strip when the viewer keeps it clear). A horn already in the store when the page opens shows only while fresh.
 */
export function HornBanner() {
  const { t } = useTranslation('chat-manage');
  const horns = useChatStore((s) => s.horns);
  const groupId = useChatStore((s) => s.groupId);
  const [params] = useSearchParams();
  const current = groupId || Number(params.get('id')) || 0;
  const newest = horns.length ? horns[horns.length - 1] : null;
  const [shown, setShown] = useState<Horn | null>(() => (newest && hornFresh(newest, Date.now()) ? newest : null));
  const handled = useRef<number | null>(newest?.id ?? null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The same "keep the top clear" setting as the danmaku: below the scoreboard and LIVE badge.
  const { avoidTop } = useDanmaku();

  useEffect(() => {
    if (shown) {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setShown(null), HORN_SHOW_MS);
    }
  }, [shown]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!newest || newest.id === handled.current) return;
    handled.current = newest.id;
    setShown(newest);
  }, [newest]);

  if (!shown) return null;
  const link = hornRoomLink(shown, current);
  const color = nobleColor(shown.noble);
  return (
    <div className={avoidTop ? 'horn-banner horn-banner--clear-top' : 'horn-banner'} data-testid="horn-banner" role="status">
      <span className="horn-banner__icon">
        <IconHorn size={14} />
        <span className="sr-only">{t('horn.banner')}</span>
      </span>
      <div className="horn-banner__track">
        <p key={shown.id} className="horn-banner__run" style={{ animationDuration: `${HORN_SHOW_MS}ms` }}>
          <b className="horn-banner__nick" style={color ? { color } : undefined}>
            {shown.user.nick}
          </b>
          <span className="horn-banner__sep">:</span>
          <span className="horn-banner__text">{shown.text}</span>
        </p>
      </div>
      {link && (
        <Link to={link} className="horn-banner__go" data-testid="horn-banner-link">
          {t('horn.goRoom')}
        </Link>
      )}
    </div>
  );
}

/** "Horn" button for the chat input row; guests get the login dialog instead. */
export function HornButton({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat-manage');
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="horn-btn" data-testid="horn-open" onClick={() => (islogin ? setOpen(true) : openLogin('login'))}>
        <IconHorn size={14} />
        <span>{t('horn.button')}</span>
      </button>
      {islogin && (
        <Dialog open={open} onOpenChange={setOpen} title={t('horn.title')} description={t('horn.desc')} width={480} testId="horn-dialog" className="horn-dialog">
          <HornForm roomId={roomId} />
        </Dialog>
      )}
    </>
  );
}

function HornForm({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat-manage');
  const balance = useAuthStore((s) => s.user?.balance);
  const noble = useMyNoble();
  const send = useSendHorn();
  const recent = useHornList();
  const [text, setText] = useState('');
  const [linkRoom, setLinkRoom] = useState(true);
  const [error, setError] = useState('');
  const [result, setResult] = useState<{ free: boolean; balance: number; left: number } | null>(null);
  const key = useRef<string | null>(null);
  const fieldId = useId();
  const lang = currentLanguage();

  const count = [...text.trim()].length;
  const over = count > HORN_TEXT_MAX;
  const cost = hornCost(noble.data);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!count || over || send.isPending) return;
    key.current ??= newKey();
    setError('');
    setResult(null);
    try {
      const res = await send.mutateAsync({ text: text.trim(), room_id: linkRoom && roomId > 0 ? roomId : undefined, idempotency_key: key.current });
      key.current = null;
      setText('');
      setResult({ free: res.free, balance: res.balance, left: res.free_horns_left });
    } catch (err) {
      // A business refusal (no coins, bad text) is final for this key; a lost answer may be retried with it.
      if (err instanceof ApiError && err.kind === 'business') key.current = null;
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };

  const lowBalance = error !== '' && error === tMsg('economy.balance_insufficient');
  return (
    <div className="horn-form">
      <form onSubmit={submit}>
        <label htmlFor={fieldId} className="horn-form__label">
          {t('horn.label')}
        </label>
        <div className="horn-form__field">
          <input
            id={fieldId}
            className="horn-form__input"
            data-testid="horn-input"
            value={text}
            maxLength={HORN_TEXT_MAX * 2}
            placeholder={t('horn.placeholder')}
            autoComplete="off"
            aria-invalid={over || undefined}
            onChange={(e) => {
              setText(e.target.value);
              key.current = null;
              setError('');
            }}
          />
          <span className={over ? 'horn-form__count horn-form__count--over' : 'horn-form__count'} data-testid="horn-count">
            {count}/{HORN_TEXT_MAX}
          </span>
        </div>
        <label className="horn-form__check">
          <input type="checkbox" checked={linkRoom} onChange={(e) => setLinkRoom(e.target.checked)} />
          {t('horn.linkRoom')}
        </label>
        <div className="horn-form__foot">
          <span className="horn-form__cost" data-testid="horn-cost">
            {t('horn.cost')}:{' '}
            {noble.isPending && noble.fetchStatus !== 'idle' ? (
              <Spinner size={12} />
            ) : cost.free ? (
              <b className="horn-form__free">{t('horn.free', { count: cost.left })}</b>
            ) : (
              <b>{t('horn.price', { coins: formatCoins(cost.price) })}</b>
            )}
            {balance !== undefined && !result && <span className="horn-form__balance"> · {t('horn.balance', { coins: formatCoins(balance) })}</span>}
          </span>
          <Button type="submit" size="sm" loading={send.isPending} disabled={!count || over} data-testid="horn-send">
            {t('horn.send')}
          </Button>
        </div>
        {result && (
          <p className="horn-form__ok" role="status" data-testid="horn-sent">
            {result.free ? t('horn.sentFree', { count: result.left, coins: formatCoins(result.balance) }) : t('horn.sent', { coins: formatCoins(result.balance) })}
          </p>
        )}
        {error && (
          <p className="manage__error" role="alert" data-testid="horn-error">
            {error}{' '}
            {lowBalance && (
              <Link to={rechargePath} className="manage__link">
                {t('horn.recharge')}
              </Link>
            )}
          </p>
        )}
      </form>
      <section className="horn-recent" aria-labelledby={`${fieldId}-recent`}>
        <h3 id={`${fieldId}-recent`} className="horn-recent__title">
          {t('horn.recent')}
        </h3>
        {recent.isPending ? (
          <Spinner size={14} />
        ) : !recent.data?.length ? (
          <p className="manage__state">{t('horn.recentEmpty')}</p>
        ) : (
          <ul className="horn-recent__list" data-testid="horn-recent">
            {recent.data.map((h) => {
              const color = nobleColor(h.noble);
              return (
                <li key={h.id} className="horn-recent__row">
                  <b className="horn-recent__nick" style={color ? { color } : undefined}>
                    {h.user.nick}
                  </b>
                  <span className="horn-recent__text">{h.text}</span>
                  <time className="horn-recent__time" dateTime={new Date(h.time * 1000).toISOString()}>
                    {formatWhen(new Date(h.time * 1000).toISOString(), lang)}
                  </time>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
