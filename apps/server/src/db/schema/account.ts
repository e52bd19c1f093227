import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased e-mail; the spec's "mobile" field. Null for accounts made by third-party login without e-mail. */
    email: text('email'),
    /** argon2id; null when the account only logs in through a third party. */
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull().default(''),
    signature: text('signature').notNull().default(''),
    sex: smallint('sex').notNull().default(0),
    isAnchor: smallint('is_anchor').notNull().default(0),
    isAdmin: smallint('is_admin').notNull().default(0),
    /** Console moderator (content and rooms); administrators are moderators whatever this says. */
    isModerator: smallint('is_moderator').notNull().default(0),
    /** Anchor experience (LV + exp in the header). */
    anchorExp: integer('anchor_exp').notNull().default(0),
    /** Wealth experience: 1 gold coin spent = 1 point, kept in tenths like money. */
    wealthExp: bigint('wealth_exp', { mode: 'number' }).notNull().default(0),
    status: smallint('status').notNull().default(1),
    inviteCode: text('invite_code').notNull(),
    invitedBy: integer('invited_by'),
    paymentPasswordHash: text('payment_password_hash'),
    googleSub: text('google_sub'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_nickname_uq').on(sql`lower(${t.nickname})`),
    uniqueIndex('users_invite_code_uq').on(t.inviteCode),
    uniqueIndex('users_google_sub_uq').on(t.googleSub),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    deviceType: text('device_type').notNull().default('pc'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** 1 register, 2 other (forgot password…), as the getCode call's type. */
    purpose: smallint('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_codes_lookup_idx').on(t.email, t.purpose, t.createdAt)],
);

/** Pending OpenID Connect logins: state → PKCE verifier and nonce, single use. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirect: text('redirect').notNull().default('/main'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Wrong passwords per account (by address, whatever the client's IP): each login is numbered here
 * before the password is checked; from the fifth a growing lock (1, 2, 4… up to 60 minutes)
 * refuses logins to this account until it ends. A right password clears the row.
 */
export const loginAttempts = pgTable('login_attempts', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
