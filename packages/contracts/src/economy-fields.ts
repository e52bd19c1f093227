import { z } from 'zod';

// The zod fields the money calls share (economy-gifts, -wallet, -withdrawal, -rank, chat calls). They
// live apart from economy.ts so that its rules and price lists load without zod: the live room shows
// prices and noble badges long before it validates anything.

// ── Shared fields ──

/**
 * Every paid call carries a key the client draws once per intended action (a UUID will do).
 * A repeat with the same key answers the first result and moves nothing.
 */
export const idempotencyKeyField = z.preprocess(
  (v) => (v == null ? '' : String(v)),
  z
    .string()
    .min(1, 'economy.key_missing')
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'economy.key_invalid'),
);

/** A positive whole number of tenths. */
export const amountField = (key: 'economy.amount_invalid' = 'economy.amount_invalid') =>
  z.preprocess((v) => (v === '' || v == null ? NaN : Number(v)), z.number({ error: key }).int(key).positive(key).max(1e12, key));

export const idField = (key: string) => z.preprocess((v) => (v === '' || v == null ? NaN : Number(v)), z.number({ error: key }).int(key).positive(key));

export const pageFields = {
  page: z.preprocess(
    (v) => (v === '' || v == null ? 1 : Number(v)),
    z.number({ error: 'common.input_error' }).int('common.input_error').min(1, 'common.input_error').max(10_000, 'common.input_error'),
  ),
  limit: z.preprocess((v) => (v === '' || v == null ? 20 : Number(v)), z.number({ error: 'common.input_error' }).int('common.input_error').min(1, 'common.input_error').max(50, 'common.input_error')),
};

/** A user as money screens show them. */
export const userBriefSchema = z.object({ id: z.number(), user_nickname: z.string(), avatar: z.string() });
export type UserBrief = z.infer<typeof userBriefSchema>;
