import { useTranslation } from 'react-i18next';
import { type NobleTier, nobleInfo } from '@livesports/contracts/economy';
// Registers the server message catalogue (namespace 'msg') this file's texts use.
import '@/shared/i18n/messages';

/** The noble rank badge shown beside a name (chat, leaderboards). */
export function NobleBadge({ tier, size = 'sm' }: { tier: NobleTier; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('economy');
  const info = nobleInfo(tier);
  return (
    <span className={`eco-noble eco-noble--${size}`} style={{ '--noble': info.color } as React.CSSProperties} title={t(`msg:economy.noble_${tier}`)}>
      <svg viewBox="0 0 16 16" aria-hidden width="12" height="12">
        <path d="M2 12 1 4l4 3 3-5 3 5 4-3-1 8Z" fill="currentColor" />
      </svg>
      {t(`msg:economy.noble_${tier}`)}
    </span>
  );
}

/** Wealth level chip (L1–L8). */
export function WealthBadge({ level }: { level: number }) {
  return <span className={`eco-level eco-level--${level}`}>L{level}</span>;
}

/** Guard badge of a room (1 bronze, 2 silver, 3 gold). */
export function GuardBadge({ level }: { level: number }) {
  const { t } = useTranslation('economy');
  if (!level) return null;
  return (
    <span className={`eco-guard eco-guard--${level}`} title={t(`msg:economy.guard_${level}`)}>
      <svg viewBox="0 0 16 16" aria-hidden width="11" height="11">
        <path d="M8 1 2 3.5v4C2 11 4.6 14 8 15c3.4-1 6-4 6-7.5v-4Z" fill="currentColor" />
      </svg>
    </span>
  );
}
