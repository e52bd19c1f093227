import { z } from 'zod';
import { defineCall } from './call.ts';
import { LEDGER_KINDS, WALLET_KINDS } from './economy.ts';
import { amountField, idField, idempotencyKeyField, pageFields } from './economy-fields.ts';

// Wallets, recharge, the ledger views and conversion. Amounts in tenths of a coin.

export const walletSchema = z.object({
  consumption: z.number(),
  income: z.number(),
  /** Income held by withdrawals in progress (already taken from `income`). */
  withdrawing: z.number(),
  wealth_exp: z.number(),
  wealth_level: z.number(),
});
export type Wallet = z.infer<typeof walletSchema>;

/** Both wallets and the wealth level of the caller. */
export const getWallet = defineCall({ method: 'GET', path: 'api/Balance/wallet', auth: true, input: z.object({}), data: walletSchema });

export const chargeRuleSchema = z.object({ id: z.number(), coins: z.number(), bonus: z.number(), money: z.number(), currency: z.string() });

/** Recharge packages. */
export const chargeRules = defineCall({
  method: 'POST',
  path: 'api/chargerules/getList',
  writes: false,
  auth: false,
  input: z.object({}),
  /** `currency`: what the configured provider charges in; every package is priced in it. */
  data: z.object({ list: z.array(chargeRuleSchema), currency: z.string(), providers: z.array(z.string()) }),
});

/** Creates a recharge order and answers the payment provider's checkout address. */
export const payUrl = defineCall({
  method: 'GET',
  path: 'api/chargerules/payUrl',
  writes: true,
  also: 'POST',
  auth: true,
  input: z.object({
    id: idField('economy.rule_unknown'),
    /** Which provider adapter; the embedded default is the sandbox. */
    provider: z.preprocess((v) => (v == null || v === '' ? 'sandbox' : v), z.string().max(20, 'economy.provider_unknown')),
  }),
  data: z.object({ order_no: z.string(), pay_url: z.string() }),
});

export const RechargeStatus = ['pending', 'paid', 'failed'] as const;
export const rechargeOrderSchema = z.object({
  order_no: z.string(),
  status: z.enum(RechargeStatus),
  coins: z.number(),
  money: z.number(),
  currency: z.string(),
  provider: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type RechargeOrder = z.infer<typeof rechargeOrderSchema>;

/** One recharge order of the caller (the checkout return page polls it). */
export const rechargeOrder = defineCall({
  method: 'GET',
  path: 'api/chargerules/getOrder',
  auth: true,
  input: z.object({ order_no: z.string().min(1, 'economy.order_unknown').max(40, 'economy.order_unknown') }),
  data: rechargeOrderSchema,
});

/** The caller's recharge orders, newest first. */
export const rechargeOrders = defineCall({
  method: 'GET',
  path: 'api/chargerules/orderList',
  auth: true,
  input: z.object(pageFields),
  data: z.object({ list: z.array(rechargeOrderSchema), total: z.number() }),
});

export const ledgerLineSchema = z.object({
  id: z.number(),
  kind: z.enum(LEDGER_KINDS),
  /** Localized name of the kind. */
  type_name: z.string(),
  wallet: z.enum(WALLET_KINDS),
  /** Signed: positive into the wallet, negative out of it. */
  amount: z.number(),
  balance_after: z.number(),
  /** Localized one-line description ("Rocket ×3 → Anchor"). */
  title: z.string(),
  created_at: z.string(),
});
export type LedgerLine = z.infer<typeof ledgerLineSchema>;

/** Consumption and income details, read from the ledger. */
export const orderList = defineCall({
  method: 'GET',
  path: 'api/Order/getList',
  auth: true,
  input: z.object({
    wallet: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.enum(WALLET_KINDS, { error: 'economy.wallet_unknown' }).optional()),
    type: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.enum(LEDGER_KINDS, { error: 'economy.type_unknown' }).optional()),
    ...pageFields,
  }),
  data: z.object({ list: z.array(ledgerLineSchema), total: z.number() }),
});

export const orderTypes = defineCall({
  method: 'GET',
  path: 'api/Order/getTypeList',
  auth: false,
  input: z.object({}),
  data: z.array(z.object({ type: z.enum(LEDGER_KINDS), name: z.string() })),
});

const confirmField = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.literal(true, { error: 'economy.convert_confirm' }));

/** Income → consumption, one way; the caller must confirm explicitly. */
export const conversionBalance = defineCall({
  method: 'GET',
  path: 'api/Balance/conversionBalance',
  writes: true,
  also: 'POST',
  auth: true,
  input: z.object({ money: amountField(), confirm: confirmField, idempotency_key: idempotencyKeyField }),
  data: z.object({ consumption: z.number(), income: z.number() }),
});

/** Where a provider posts its signed notifications (not a JSON-envelope call for browsers). */
export const PAYMENT_WEBHOOK_PATH = '/api/payment/notify/:provider';
/** The embedded sandbox provider's hosted checkout page. */
export const SANDBOX_CHECKOUT_PATH = '/sandbox-pay/checkout/:order_no';
