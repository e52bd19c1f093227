import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentPassword } from '@livesports/contracts/account';
import { payUrl } from '@livesports/contracts/economy-wallet';
import { users } from '../src/db/schema/account.ts';
import { randomToken, sha256 } from '../src/platform/crypto.ts';
import { createAccountRepo } from '../src/modules/account/repo.ts';
import { call } from './helpers.ts';

/** A fresh idempotency key, as a client draws one per intended action. */
export const key = () => randomUUID();

/** Rooms do not exist yet: a room is its anchor's user id, and an anchor is a user with is_anchor 1. */
export async function makeAnchor(app: FastifyInstance, id: number) {
  await app.database.db.update(users).set({ isAnchor: 1 }).where(eq(users.id, id));
}

export async function makeAdmin(app: FastifyInstance, id: number) {
  await app.database.db.update(users).set({ isAdmin: 1 }).where(eq(users.id, id));
}

let counter = 0;
/**
 * A logged-in user made straight through the account repo (wallets included, as every user gets
 * them) with a session token: registration through the API (mail, captcha, argon2) is covered by
 * the account tests and costs about a second per user here.
 */
export async function quickUser(app: FastifyInstance, values: { invitedBy?: number; anchor?: boolean; admin?: boolean } = {}) {
  const n = `${process.pid.toString(36)}${Date.now().toString(36)}${(counter++).toString(36)}`;
  const repo = createAccountRepo(app.database.db);
  const row = await repo.createUser({
    email: `quick.${n}@example.com`,
    passwordHash: null,
    nickname: `fan${n}`.slice(-20),
    inviteCode: n.toUpperCase().slice(-16),
    invitedBy: values.invitedBy ?? null,
    isAnchor: values.anchor ? 1 : 0,
    isAdmin: values.admin ? 1 : 0,
  });
  const token = randomToken(32);
  await repo.createSession({ userId: row.id, tokenHash: sha256(token), deviceType: 'pc', expiresAt: new Date(Date.now() + 86_400_000) });
  return { id: row.id, token, nickname: row.nickname };
}

/** Pays a recharge order the way a person does: payUrl, then the sandbox checkout's pay button. */
export async function recharge(app: FastifyInstance, token: string, ruleId = 2) {
  const order = await call(app, payUrl, { id: ruleId }, { token });
  if (order.code !== 200) throw new Error(`payUrl: ${order.msg}`);
  const res = await app.inject({ method: 'POST', url: order.data.pay_url, payload: { action: 'pay' } });
  if (res.statusCode !== 303) throw new Error(`sandbox pay: ${res.statusCode} ${res.body}`);
  return order.data.order_no as string;
}

export async function setPayPassword(app: FastifyInstance, token: string, password = '246810') {
  const res = await call(app, paymentPassword, { password, confirm_password: password }, { token });
  if (res.code !== 200) throw new Error(`paymentPassword: ${res.msg}`);
  return password;
}
