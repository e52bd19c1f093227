import { formatCoins, formatMoney } from '@livesports/contracts/economy';
import { currentLanguage } from '@/shared/i18n';

/** A gold-coin amount (tenths on the wire) with the coin mark; `signed` shows + for income. */
export function Coins({ value, signed, className, testId }: { value: number; signed?: boolean; className?: string; testId?: string }) {
  const sign = signed && value > 0 ? '+' : '';
  return (
    <span className={['coins', signed && value > 0 && 'coins--in', signed && value < 0 && 'coins--out', className].filter(Boolean).join(' ')} data-testid={testId}>
      <span className="coins__mark" aria-hidden />
      {sign}
      {formatCoins(value, currentLanguage())}
    </span>
  );
}

/** Money in cents of its currency, written the way a reader of the interface language expects. */
export function Money({ cents, currency }: { cents: number; currency: string }) {
  return <span className="money">{formatMoney(cents, currency, currentLanguage())}</span>;
}
