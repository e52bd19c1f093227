import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

// Money is integers in tenths of a gold coin everywhere in these tables.

/**
 * Two wallets per user: consumption (coins to spend) and income (anchor earnings).
 * Amounts are integers in tenths of a gold coin; the check constraint is the last line of
 * defence that a balance never goes negative.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['consumption', 'income'] }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), check('wallets_balance_nonnegative', sql`${t.balance} >= 0`)],
);

/**
 * One money operation (a recharge, a gift send, a withdrawal…): what it was, who asked, the
 * client's idempotency key and the answer it got, so a repeat returns that answer and moves
 * nothing. Its movements are the ledger entries that point at it.
 */
export const ledgerOps = pgTable(
  'ledger_ops',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id').notNull(),
    /** Client key for paid calls; `recharge:<order>` for provider credits (one credit per order). */
    idemKey: text('idem_key'),
    /** Hash of the request the key was first used with: a key reused for another request is refused. */
    fingerprint: text('fingerprint'),
    /** What the first call answered. */
    result: jsonb('result'),
    /** Facts for statements (gift, count, the other party's name…), frozen at the time. */
    meta: jsonb('meta').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_ops_idem_uq').on(t.userId, t.idemKey)],
);

/**
 * Double entry, one row per movement: `amount` leaves the `from` account and enters the `to`
 * account. A user account is (user id, consumption | income); a system account has no user
 * (external = money from payment providers, platform = revenue, payout = paid out,
 * withdraw_hold = withdrawals in review, invite_pool = the shared invite pool).
 * For every wallet: balance = Σ amounts in − Σ amounts out.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    opId: bigint('op_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerOps.id),
    kind: text('kind').notNull(),
    fromUserId: integer('from_user_id'),
    fromAccount: text('from_account').notNull(),
    toUserId: integer('to_user_id'),
    toAccount: text('to_account').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Wallet balances right after this movement (null for system accounts). */
    fromBalanceAfter: bigint('from_balance_after', { mode: 'number' }),
    toBalanceAfter: bigint('to_balance_after', { mode: 'number' }),
    /** The room (anchor user id) of gifts and guards: leaderboards group on it. */
    roomId: integer('room_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_amount_positive', sql`${t.amount} > 0`),
    check('ledger_user_side', sql`(${t.fromUserId} is null) = (${t.fromAccount} not in ('consumption','income')) and (${t.toUserId} is null) = (${t.toAccount} not in ('consumption','income'))`),
    index('ledger_from_user_idx').on(t.fromUserId, t.id),
    index('ledger_to_user_idx').on(t.toUserId, t.id),
    index('ledger_kind_time_idx').on(t.kind, t.createdAt),
    index('ledger_room_time_idx').on(t.roomId, t.createdAt),
    index('ledger_op_idx').on(t.opId),
  ],
);

/** The gift catalogue (price in tenths; image under the web's public folder). */
export const gifts = pgTable(
  'gifts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    nameEs: text('name_es').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    image: text('image').notNull(),
    animation: text('animation').notNull().default('float'),
    sort: integer('sort').notNull().default(0),
    active: smallint('active').notNull().default(1),
  },
  (t) => [uniqueIndex('gifts_code_uq').on(t.code), check('gifts_price_positive', sql`${t.price} > 0`)],
);

/** Every gift sent (wallet or backpack): combos, room history, broadcast records. */
export const giftSends = pgTable(
  'gift_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    opId: bigint('op_id', { mode: 'number' }).references(() => ledgerOps.id),
    senderId: integer('sender_id').notNull(),
    roomId: integer('room_id').notNull(),
    giftId: integer('gift_id').notNull(),
    num: integer('num').notNull(),
    /** Coins spent (0 from the backpack). */
    total: bigint('total', { mode: 'number' }).notNull(),
    source: text('source', { enum: ['wallet', 'backpack'] }).notNull(),
    combo: integer('combo').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gift_sends_combo_idx').on(t.senderId, t.roomId, t.giftId, t.createdAt), index('gift_sends_room_idx').on(t.roomId, t.createdAt)],
);

/** Gifts held in a backpack (from activities and invites). */
export const backpackItems = pgTable(
  'backpack_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    giftId: integer('gift_id')
      .notNull()
      .references(() => gifts.id),
    num: integer('num').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.giftId] }), check('backpack_num_nonnegative', sql`${t.num} >= 0`)],
);

/** Recharge orders: created by payUrl, paid by the provider's signed notification. */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ruleId: integer('rule_id').notNull(),
    coins: bigint('coins', { mode: 'number' }).notNull(),
    /** Price in cents of `currency`. */
    money: bigint('money', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    providerRef: text('provider_ref'),
    opId: bigint('op_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recharge_orders_no_uq').on(t.orderNo), index('recharge_orders_user_idx').on(t.userId, t.id)],
);

/** Provider notifications already handled, by their event id: a redelivery is acknowledged, not applied. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderNo: text('order_no').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Guards of a room: one row per (user, room), renewed by extending `expires_at`. */
export const roomGuards = pgTable(
  'room_guards',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: integer('room_id').notNull(),
    level: smallint('level').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roomId] }), index('room_guards_room_idx').on(t.roomId, t.expiresAt)],
);

/** Noble membership: one tier at a time, with its expiry and this month's free horns. */
export const nobleMemberships = pgTable('noble_memberships', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tier: text('tier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** YYYY-MM (UTC) the horn count belongs to. */
  hornMonth: text('horn_month').notNull().default(''),
  hornsUsed: integer('horns_used').notNull().default(0),
});

/** Where withdrawals are paid: one bank card and one Alipay account per user. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['bank', 'alipay'] }).notNull(),
    holder: text('holder').notNull(),
    account: text('account').notNull(),
    bankName: text('bank_name').notNull().default(''),
    branch: text('branch').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** Withdrawals: 0 in progress → 1 payment completed | 2 rejected (the money returns). */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: smallint('method').notNull(),
    money: bigint('money', { mode: 'number' }).notNull(),
    payout: bigint('payout', { mode: 'number' }).notNull(),
    holder: text('holder').notNull(),
    account: text('account').notNull(),
    bankName: text('bank_name').notNull().default(''),
    status: smallint('status').notNull().default(0),
    reason: text('reason').notNull().default(''),
    opId: bigint('op_id', { mode: 'number' }),
    reviewedBy: integer('reviewed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('withdrawals_user_idx').on(t.userId, t.id), index('withdrawals_status_idx').on(t.status, t.id), check('withdrawals_money_positive', sql`${t.money} > 0`)],
);

/** Wrong payment passwords in a row, and the lock they caused. */
export const payPasswordAttempts = pgTable('pay_password_attempts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** The shared invite pool: what was granted can never pass the cap (check constraint). */
export const invitePool = pgTable(
  'invite_pool',
  {
    id: smallint('id').primaryKey(),
    cap: bigint('cap', { mode: 'number' }).notNull(),
    granted: bigint('granted', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('invite_pool_within_cap', sql`${t.granted} >= 0 and ${t.granted} <= ${t.cap}`)],
);

/** Invite rewards already given: `tier:<noble>`, `friend:<user id>` (backpack gift) or `bonus`. */
export const inviteRewards = pgTable(
  'invite_rewards',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reward: text('reward').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reward] })],
);

/** Daily check-ins (UTC day). */
export const checkIns = pgTable(
  'check_ins',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
