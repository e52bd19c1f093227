import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiftEffect } from '@livesports/contracts/economy';
import type { GiftEvent } from '@livesports/contracts/economy-gifts';
import type { Lang } from '@livesports/contracts/messages';
import '../locales';
import '../economy.css';
import { NobleBadge, WealthBadge } from './noble-badge';

/**
 * Gift effects and chat lines for a live room. A room page feeds every gift event it hears (the
 * IM custom message type 100, and the sender's own sends) to `play`; the layer shows them over
 * the player: small gifts float in a lane at the side, big ones (`fullscreen`) take the stage.
 */

export interface GiftShow {
  key: string;
  event: GiftEvent;
}

const DURATION: Record<GiftEffect, number> = { float: 2600, bounce: 2800, spin: 3000, burst: 3400, fullscreen: 4200 };
const MAX_LANE = 4;

export const giftName = (event: GiftEvent, lang: string) => event.gift.names[(['zh', 'en', 'es'].includes(lang) ? lang : 'en') as Lang];

/** Queue of effects on screen; a combo of the same sender and gift replaces its earlier show. */
export function useGiftEffects() {
  const [shows, setShows] = useState<GiftShow[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const play = useCallback((event: GiftEvent) => {
    const key = `${event.sender.id}:${event.gift.id}:${event.room_id}`;
    setShows((prev) => [...prev.filter((s) => s.key !== key), { key, event }].slice(-12));
    const old = timers.current.get(key);
    if (old) clearTimeout(old);
    timers.current.set(
      key,
      setTimeout(() => {
        timers.current.delete(key);
        setShows((prev) => prev.filter((s) => s.key !== key));
      }, DURATION[event.gift.animation] ?? 3000),
    );
  }, []);
  return { shows, play };
}

/** The overlay: put it inside the player's positioned box. */
export function GiftEffectLayer({ shows }: { shows: GiftShow[] }) {
  const { i18n } = useTranslation();
  const big = shows.filter((s) => s.event.gift.animation === 'fullscreen').at(-1);
  const lane = shows.filter((s) => s.event.gift.animation !== 'fullscreen').slice(-MAX_LANE);
  return (
    <div className="gift-layer" aria-live="polite" data-testid="gift-layer">
      <ul className="gift-lane">
        {lane.map(({ key, event }) => (
          <li key={`${key}:${event.combo}`} className={`gift-toast gift-toast--${event.gift.animation}`} data-testid="gift-toast">
            <img className="gift-toast__avatar" src={event.sender.avatar} alt="" />
            <span className="gift-toast__text">
              <strong>{event.sender.user_nickname}</strong>
              <span>{giftName(event, i18n.language)}</span>
            </span>
            <img className="gift-toast__gift" src={event.gift.image} alt="" />
            <span className="gift-toast__combo" key={event.combo}>
              ×{event.combo}
            </span>
          </li>
        ))}
      </ul>
      {big && (
        <div key={`${big.key}:${big.event.combo}`} className="gift-stage" data-testid="gift-stage">
          <img src={big.event.gift.image} alt="" />
          <p>
            <strong>{big.event.sender.user_nickname}</strong> · {giftName(big.event, i18n.language)} ×{big.event.combo}
          </p>
        </div>
      )}
    </div>
  );
}

/** One gift as a chat line: badges, who, what, how many. */
export function GiftChatLine({ event }: { event: GiftEvent }) {
  const { t, i18n } = useTranslation('economy');
  return (
    <div className="gift-line" data-testid="gift-line">
      <WealthBadge level={event.sender.wealth_level} />
      {event.sender.noble && <NobleBadge tier={event.sender.noble} />}
      <strong className="gift-line__name">{event.sender.user_nickname}</strong>
      <span>{t('gift.sentLine', { gift: giftName(event, i18n.language), num: event.num })}</span>
      <img src={event.gift.image} alt="" width={20} height={20} />
      {event.combo > event.num && <span className="gift-line__combo">{t('gift.combo', { n: event.combo })}</span>}
    </div>
  );
}
