import { type NobleTier, nobleInfo } from '@livesports/contracts/economy';

const DAY_MS = 86_400_000;

export interface Membership {
  tier: NobleTier;
  expiresAt: Date;
}

/**
 * The membership after adding `days` of `tier` at `now`. Value is never lost:
 *   - nothing active → the tier from now;
 *   - the same tier → extended from its current expiry (renewal);
 *   - a higher tier → starts now, and the time left on the lower tier is converted at the
 *     ratio of the monthly prices and added;
 *   - a lower tier (only invite rewards do this; purchases are refused) → the days are converted
 *     into the current, higher tier the same way.
 * `monthPrice` gives the prices in force (the console may change them); the shipped ones otherwise.
 */
export function addNobleTime(current: Membership | null, tier: NobleTier, days: number, now: Date, monthPrice?: (t: NobleTier) => number): Membership {
  const price = monthPrice ?? ((t: NobleTier) => nobleInfo(t).price);
  const rank = (t: NobleTier) => nobleInfo(t).rank;
  const added = days * DAY_MS;
  if (!current || current.expiresAt <= now) return { tier, expiresAt: new Date(now.getTime() + added) };
  if (current.tier === tier) return { tier, expiresAt: new Date(current.expiresAt.getTime() + added) };
  if (rank(tier) > rank(current.tier)) {
    const left = current.expiresAt.getTime() - now.getTime();
    const carried = Math.floor((left * price(current.tier)) / price(tier));
    return { tier, expiresAt: new Date(now.getTime() + added + carried) };
  }
  const converted = Math.floor((added * price(tier)) / price(current.tier));
  return { tier: current.tier, expiresAt: new Date(current.expiresAt.getTime() + converted) };
}
