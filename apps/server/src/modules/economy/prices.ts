import {
  type ChargeRule,
  GUARD_PLANS,
  type GuardPlan,
  NOBLES,
  NOBLE_TIERS,
  type NobleTier,
  type NobleTierInfo,
  PAYMENT_CURRENCIES,
  type PaymentCurrency,
  chargeRulesIn,
} from '@livesports/contracts/economy';
import type { PriceBook } from '@livesports/contracts/console-catalog';

/** Where the console keeps price changes (the system settings table, JSON). */
export const PRICES_KEY = 'economy.prices';

/** The price lists as shipped (contracts/economy.ts): what applies until an administrator changes them. */
export function defaultPriceBook(): PriceBook {
  const byCurrency = Object.fromEntries(PAYMENT_CURRENCIES.map((c) => [c, chargeRulesIn(c)])) as Record<PaymentCurrency, ChargeRule[]>;
  return {
    recharge: byCurrency.CNY.map((r) => ({
      id: r.id,
      coins: r.coins,
      bonus: r.bonus,
      price: Object.fromEntries(PAYMENT_CURRENCIES.map((c) => [c, byCurrency[c].find((x) => x.id === r.id)!.money])) as Record<PaymentCurrency, number>,
      active: 1 as const,
    })),
    nobles: NOBLES.map((n) => ({ tier: n.tier, price: n.price })),
    guards: GUARD_PLANS.map((g) => ({ id: g.id, level: g.level, days: g.days, price: g.price })),
  };
}

/** The stored changes over the defaults; anything unreadable falls back to the defaults. */
export function mergePriceBook(stored: unknown): PriceBook {
  const book = defaultPriceBook();
  if (!stored || typeof stored !== 'object') return book;
  const s = stored as Partial<PriceBook>;
  if (Array.isArray(s.recharge) && s.recharge.length) book.recharge = s.recharge;
  if (Array.isArray(s.nobles)) for (const n of s.nobles) if (NOBLE_TIERS.includes(n.tier) && n.price > 0) book.nobles.find((x) => x.tier === n.tier)!.price = n.price;
  if (Array.isArray(s.guards))
    for (const g of s.guards) {
      const plan = book.guards.find((x) => x.id === g.id);
      if (plan && g.price > 0) plan.price = g.price;
    }
  return book;
}

/**
 * Prices as they stand now: the stored book (read through the system settings cache, which an
 * administrator's save drops in every process), over the shipped defaults.
 */
export interface Prices {
  book(): Promise<PriceBook>;
  /** Packages on sale, priced in one currency. */
  rules(currency: PaymentCurrency): Promise<ChargeRule[]>;
  noble(tier: NobleTier): Promise<NobleTierInfo>;
  nobles(): Promise<NobleTierInfo[]>;
  guard(id: number): Promise<GuardPlan | undefined>;
  guards(): Promise<GuardPlan[]>;
}

export function createPrices(stored: () => Promise<unknown>): Prices {
  const book = async () => mergePriceBook(await stored());
  const nobles = async () => {
    const b = await book();
    return NOBLES.map((n) => ({ ...n, price: b.nobles.find((x) => x.tier === n.tier)?.price ?? n.price }));
  };
  const guards = async () => {
    const b = await book();
    return GUARD_PLANS.map((g) => ({ ...g, price: b.guards.find((x) => x.id === g.id)?.price ?? g.price }));
  };
  return {
    book,
    async rules(currency) {
      return (await book()).recharge.filter((r) => r.active === 1).map((r) => ({ id: r.id, coins: r.coins, bonus: r.bonus, money: r.price[currency], currency }));
    },
    nobles,
    noble: async (tier) => (await nobles()).find((n) => n.tier === tier)!,
    guards,
    guard: async (id) => (await guards()).find((g) => g.id === id),
  };
}
