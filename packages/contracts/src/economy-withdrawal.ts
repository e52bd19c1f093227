import { z } from 'zod';
import { defineCall } from './call.ts';
import { WITHDRAW_MAX, WITHDRAW_MIN } from './economy.ts';
import { amountField, idField, idempotencyKeyField, pageFields, userBriefSchema } from './economy-fields.ts';

// Payout accounts (bank card, Alipay), withdrawals from the income wallet and their review.

const text = (min: string, max: number, maxKey: string) => z.preprocess((v) => (v == null ? '' : String(v).trim()), z.string().min(1, min).max(max, maxKey));
/** Asked when replacing a bound account and the user has a payment password (the server says when it is missing). */
const rebindPassword = z.preprocess((v) => (v == null || v === '' ? undefined : String(v)), z.string().max(64, 'economy.pay_password_wrong').optional());

export const bankCardSchema = z.object({
  name: z.string(),
  bank_name: z.string(),
  branch: z.string(),
  /** Masked: only the last four digits are shown. */
  card_no: z.string(),
});
export const aliPaySchema = z.object({ name: z.string(), account: z.string() });

export const bindBankCard = defineCall({
  method: 'GET',
  path: 'api/Bank_card/bind',
  writes: true,
  also: 'POST',
  auth: true,
  input: z.object({
    name: text('economy.holder_empty', 30, 'economy.holder_long'),
    card_no: z.preprocess(
      (v) => (v == null ? '' : String(v).replace(/[\s-]/g, '')),
      z
        .string()
        .min(1, 'economy.card_empty')
        .regex(/^\d{12,19}$/, 'economy.card_invalid'),
    ),
    bank_name: text('economy.bank_empty', 40, 'economy.bank_long'),
    branch: z.preprocess((v) => (v == null ? '' : String(v).trim()), z.string().max(60, 'economy.bank_long')),
    pay_password: rebindPassword,
  }),
  data: bankCardSchema,
});

export const bankCardInfo = defineCall({ method: 'GET', path: 'api/Bank_card/getInfo', auth: true, input: z.object({}), data: bankCardSchema.nullable() });

export const bindAliPay = defineCall({
  method: 'GET',
  path: 'api/Bank_card/bindAliPay',
  writes: true,
  also: 'POST',
  auth: true,
  input: z.object({
    name: text('economy.holder_empty', 30, 'economy.holder_long'),
    // Alipay logs in with a phone number or an e-mail address.
    account: z.preprocess(
      (v) => (v == null ? '' : String(v).trim()),
      z
        .string()
        .min(1, 'economy.alipay_empty')
        .max(100, 'economy.alipay_invalid')
        .regex(/^(\+?\d{6,15}|[^\s@]+@[^\s@]+\.[^\s@]+)$/, 'economy.alipay_invalid'),
    ),
    pay_password: rebindPassword,
  }),
  data: aliPaySchema,
});

export const aliPayInfo = defineCall({ method: 'GET', path: 'api/Bank_card/getAliPayInfo', auth: true, input: z.object({}), data: aliPaySchema.nullable() });

export const withdrawalSchema = z.object({
  id: z.number(),
  /** 1 bank card, 2 Alipay. */
  type: z.number(),
  /** Coins taken from the income wallet, in tenths. */
  money: z.number(),
  /** What is paid out, in cents. */
  payout: z.number(),
  /** Where it goes, masked. */
  account: z.string(),
  /** 0 in progress, 1 payment completed, 2 application rejected. */
  status: z.number(),
  status_name: z.string(),
  reason: z.string(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const applyForWithdrawal = defineCall({
  method: 'GET',
  path: 'api/Balance/applyForWithdrawal',
  writes: true,
  also: 'POST',
  auth: true,
  input: z.object({
    type: z.preprocess((v) => (v === '' || v == null ? NaN : Number(v)), z.union([z.literal(1), z.literal(2)], { error: 'economy.method_empty' })),
    money: amountField().pipe(z.number().min(WITHDRAW_MIN, 'economy.withdraw_min').max(WITHDRAW_MAX, 'economy.withdraw_max')),
    pay_password: z.preprocess((v) => (v == null ? '' : String(v)), z.string().min(1, 'economy.pay_password_empty').max(64, 'economy.pay_password_wrong')),
    idempotency_key: idempotencyKeyField,
  }),
  data: withdrawalSchema.extend({ income: z.number() }),
});

export const withdrawalList = defineCall({
  method: 'GET',
  path: 'api/Balance/withdrawalList',
  auth: true,
  input: z.object(pageFields),
  data: z.object({ list: z.array(withdrawalSchema), total: z.number() }),
});

// ── Administrator review ──

export const adminWithdrawalSchema = withdrawalSchema.extend({ user: userBriefSchema, holder: z.string(), full_account: z.string(), bank_name: z.string() });

export const adminWithdrawals = defineCall({
  method: 'GET',
  path: 'api/admin/withdrawal/list',
  auth: true,
  role: 'admin',
  input: z.object({
    status: z.preprocess((v) => (v === '' || v == null ? undefined : Number(v)), z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'common.input_error' }).optional()),
    /** One user's withdrawals only (the console shows an applicant's history beside the request). */
    user_id: z.preprocess((v) => (v === '' || v == null ? undefined : Number(v)), z.number({ error: 'common.input_error' }).int('common.input_error').positive('common.input_error').optional()),
    /** Newest first (default) or oldest first (the console's queue: first come, first served). */
    order: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.enum(['newest', 'oldest'], { error: 'common.input_error' }).optional()),
    ...pageFields,
  }),
  data: z.object({ list: z.array(adminWithdrawalSchema), total: z.number() }),
});

export const approveWithdrawal = defineCall({
  method: 'POST',
  path: 'api/admin/withdrawal/approve',
  auth: true,
  role: 'admin',
  input: z.object({ id: idField('economy.withdrawal_unknown') }),
  data: withdrawalSchema,
});

export const rejectWithdrawal = defineCall({
  method: 'POST',
  path: 'api/admin/withdrawal/reject',
  auth: true,
  role: 'admin',
  input: z.object({
    id: idField('economy.withdrawal_unknown'),
    reason: z.preprocess((v) => (v == null ? '' : String(v).trim()), z.string().min(1, 'economy.reason_empty').max(200, 'economy.reason_long')),
  }),
  data: withdrawalSchema,
});

/** The books added up (administrators): wallet balances against the ledger, holds, pool, provider money. */
export const economyAudit = defineCall({
  method: 'GET',
  path: 'api/admin/economy/audit',
  auth: true,
  role: 'admin',
  input: z.object({}),
  data: z.object({
    ok: z.boolean(),
    wallets: z.number(),
    balance_total: z.number(),
    ledger_total: z.number(),
    drift: z.array(z.object({ user_id: z.number(), kind: z.string(), balance: z.number(), ledger: z.number() })),
    negative: z.number(),
    hold: z.object({ ledger: z.number(), pending: z.number() }),
    pool: z.object({ ledger: z.number(), granted: z.number(), cap: z.number() }),
    external: z.object({ ledger: z.number(), paid_orders: z.number() }),
  }),
});
