// The gold-coin economy: rules and price lists shared by server and web (spec §1, §6, §9).
// Every amount is an integer in tenths of a gold coin (the spec's minimum unit is 0.1):
// `price: 660` is 66.0 coins. Prices of money (what a recharge costs) are in cents.

/** Tenths per gold coin. */
export const TENTHS = 10;

/**
 * "12.5" for 125 tenths; whole coins lose the ".0". Written for the reader's language when one is
 * given (2,000.5 in English, 2000,5 and 13.000 in Spanish): a Spanish reader takes "2,000" for two.
 */
export function formatCoins(tenths: number, lang?: string): string {
  if (lang) {
    const locale = (MONEY_LOCALES as Record<string, string>)[lang] ?? lang;
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(tenths / TENTHS);
  }
  const sign = tenths < 0 ? '-' : '';
  const abs = Math.abs(tenths);
  const whole = Math.floor(abs / TENTHS);
  const frac = abs % TENTHS;
  return `${sign}${whole.toLocaleString('en-US')}${frac ? `.${frac}` : ''}`;
}

/** Parses what a person types ("12", "12.5") into tenths; null when it is not a valid amount. */
export function parseCoins(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:\.(\d))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * TENTHS + Number(m[2] ?? 0);
}

/** The anchor's share of a gift or guard, in percent; the rest is the platform's. */
export const ANCHOR_SHARE_PERCENT = 50;
/** Anchor's share of an amount, rounded down to the tenth (the platform keeps the remainder). */
export const anchorShare = (total: number) => Math.floor((total * ANCHOR_SHARE_PERCENT) / 100);

/** Sends of one gift to one room within this window count as one combo. */
export const COMBO_WINDOW_MS = 5_000;
/** Quick counts offered by the gift panel; any count from 1 to GIFT_MAX_NUM may be sent. */
export const GIFT_COUNTS = [1, 10, 66, 99, 188, 520, 1314] as const;
export const GIFT_MAX_NUM = 9999;

/** Gift effects the web knows how to play (the catalogue's `animation`). */
export const GIFT_EFFECTS = ['float', 'bounce', 'spin', 'burst', 'fullscreen'] as const;
export type GiftEffect = (typeof GIFT_EFFECTS)[number];

// ── Wealth levels (spec §9: 1 coin spent = 1 wealth experience point, kept in tenths) ──

/** Experience (in coins) where each wealth level starts: L1 … L8. */
export const WEALTH_LEVEL_COINS = [0, 100, 500, 2_000, 5_000, 20_000, 50_000, 200_000] as const;
export function wealthLevel(expTenths: number): number {
  let level = 1;
  for (let i = 0; i < WEALTH_LEVEL_COINS.length; i++) if (expTenths >= WEALTH_LEVEL_COINS[i] * TENTHS) level = i + 1;
  return level;
}

// ── Nobles (spec §6 ranks, §9 priced per month, emperor 30 free ad danmaku) ──

export const NOBLE_TIERS = ['knight', 'viscount', 'marquis', 'duke', 'emperor'] as const;
export type NobleTier = (typeof NOBLE_TIERS)[number];
export const NOBLE_MONTH_DAYS = 30;
export const NOBLE_MAX_MONTHS = 12;

export interface NobleTierInfo {
  tier: NobleTier;
  /** 1 (knight) … 5 (emperor). */
  rank: number;
  /** Price of one month (30 days), in tenths. */
  price: number;
  /** Badge and name colour in chat. */
  color: string;
  /** Colour of the holder's danmaku. */
  danmaku_color: string;
  /** Entrance effect played when the holder enters a room. */
  entrance: 'glow' | 'sparkle' | 'banner' | 'crown' | 'dragon';
  /** Free ad danmaku (horns) per calendar month. */
  free_horns: number;
}

export const NOBLES: readonly NobleTierInfo[] = [
  { tier: 'knight', rank: 1, price: 660, color: '#6fb7ff', danmaku_color: '#8fd0ff', entrance: 'glow', free_horns: 0 },
  { tier: 'viscount', rank: 2, price: 2_880, color: '#5fe0a8', danmaku_color: '#7dffc4', entrance: 'sparkle', free_horns: 0 },
  { tier: 'marquis', rank: 3, price: 8_880, color: '#c38bff', danmaku_color: '#d9b0ff', entrance: 'banner', free_horns: 0 },
  { tier: 'duke', rank: 4, price: 28_880, color: '#ffb648', danmaku_color: '#ffd37a', entrance: 'crown', free_horns: 0 },
  { tier: 'emperor', rank: 5, price: 88_880, color: '#ff5d5d', danmaku_color: '#ff8a3d', entrance: 'dragon', free_horns: 30 },
];
export const nobleInfo = (tier: NobleTier) => NOBLES.find((n) => n.tier === tier)!;

// ── Guards of a room ──

export interface GuardPlan {
  id: number;
  /** 1 bronze (week), 2 silver (month), 3 gold (year): the badge shown in the room's chat. */
  level: number;
  days: number;
  /** Price in tenths. */
  price: number;
  color: string;
}
export const GUARD_PLANS: readonly GuardPlan[] = [
  { id: 1, level: 1, days: 7, price: 580, color: '#d08a4e' },
  { id: 2, level: 2, days: 30, price: 1_980, color: '#b9c7d6' },
  { id: 3, level: 3, days: 365, price: 18_880, color: '#ffcc33' },
];
export const guardPlan = (id: number) => GUARD_PLANS.find((p) => p.id === id);

// ── Recharge packages (api/chargerules/getList) ──

/** Currencies a payment provider may take (PAYMENT_CURRENCY); prices below exist in each. */
export const PAYMENT_CURRENCIES = ['CNY', 'USD', 'EUR'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

export interface ChargeRule {
  id: number;
  /** Coins credited, in tenths, bonus included: the tile's big number is what arrives. */
  coins: number;
  /** Bonus part of `coins`, in tenths (shown as "includes N bonus"). */
  bonus: number;
  /** What it costs, in the smallest unit (cents) of `currency`. */
  money: number;
  currency: PaymentCurrency;
}

/**
 * The packages and their price in each currency, in cents. Prices are local price points (as app
 * stores set them), not a conversion: 6 CNY, 0.99 USD and 0.99 EUR all buy 60 coins.
 */
const PACKAGES: ReadonlyArray<{ id: number; coins: number; bonus: number; price: Record<PaymentCurrency, number> }> = [
  { id: 1, coins: 600, bonus: 0, price: { CNY: 600, USD: 99, EUR: 99 } },
  { id: 2, coins: 3_000, bonus: 0, price: { CNY: 3_000, USD: 499, EUR: 499 } },
  { id: 3, coins: 6_800, bonus: 0, price: { CNY: 6_800, USD: 999, EUR: 999 } },
  { id: 4, coins: 20_000, bonus: 200, price: { CNY: 19_800, USD: 2_999, EUR: 2_799 } },
  { id: 5, coins: 66_000, bonus: 1_200, price: { CNY: 64_800, USD: 8_999, EUR: 8_499 } },
  { id: 6, coins: 130_000, bonus: 3_200, price: { CNY: 126_800, USD: 17_999, EUR: 16_999 } },
];

/** The locale whose conventions a reader of each interface language expects (digits, symbol place). */
export const MONEY_LOCALES = { zh: 'zh-CN', en: 'en-US', es: 'es-ES' } as const;

/**
 * Money in the smallest unit of its currency, written for the reader's language: ¥6.00 in
 * Chinese, CN¥6.00 in English, 6,00 CN¥ in Spanish (Intl knows each currency's digits and sign).
 */
export function formatMoney(minor: number, currency: string, lang: keyof typeof MONEY_LOCALES | string): string {
  const locale = MONEY_LOCALES[lang as keyof typeof MONEY_LOCALES] ?? lang;
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** The packages priced in one currency (the configured provider's). */
export const chargeRulesIn = (currency: PaymentCurrency): ChargeRule[] => PACKAGES.map((p) => ({ id: p.id, coins: p.coins, bonus: p.bonus, money: p.price[currency], currency }));
/** The packages in yuan (the embedded default). */
export const CHARGE_RULES: readonly ChargeRule[] = chargeRulesIn('CNY');
export const chargeRule = (id: number, currency: PaymentCurrency = 'CNY') => chargeRulesIn(currency).find((r) => r.id === id);

// ── Withdrawal ──

/** Smallest and largest single withdrawal, in tenths. */
export const WITHDRAW_MIN = 100;
export const WITHDRAW_MAX = 500_000;
/** Payout money per coin: 10 coins = 1 CNY, so cents = tenths. */
export const withdrawCents = (tenths: number) => tenths;
/** Wrong payment passwords before withdrawals lock, and for how long. */
export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_LOCK_MINUTES = 15;
/** Withdrawal status (product-family convention): 0 in progress, 1 payment completed, 2 rejected. */
export const WithdrawStatus = { IN_PROGRESS: 0, PAID: 1, REJECTED: 2 } as const;
/** Withdrawal method: 1 bank card, 2 Alipay. */
export const WithdrawMethod = { BANK: 1, ALIPAY: 2 } as const;

// ── Invites (spec §9) ──

/** Friends invited → noble tier granted for NOBLE_MONTH_DAYS. */
export const INVITE_TIERS: ReadonlyArray<{ friends: number; tier: NobleTier }> = [
  { friends: 1, tier: 'knight' },
  { friends: 3, tier: 'viscount' },
  { friends: 5, tier: 'marquis' },
  { friends: 20, tier: 'duke' },
  { friends: 50, tier: 'emperor' },
];
/** The pool shared among invited friends: at most 1,000,000 coins in all. */
export const INVITE_POOL_CAP = 1_000_000 * TENTHS;
/** What each invited friend receives from the pool while it lasts, in tenths. */
export const INVITEE_BONUS = 100;
/** Backpack gift the inviter receives per invited friend (catalogue code). */
export const INVITE_GIFT_CODE = 'cheer';
/** Backpack gift of the daily check-in activity. */
export const CHECKIN_GIFT_CODE = 'like';
export const CHECKIN_GIFT_NUM = 5;

// ── Ledger ──

/** What a ledger movement was for; the Order calls filter on these. */
export const LEDGER_KINDS = ['recharge', 'gift', 'guard', 'noble', 'withdraw', 'withdraw_return', 'convert', 'invite_bonus', 'horn'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const WALLET_KINDS = ['consumption', 'income'] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];
