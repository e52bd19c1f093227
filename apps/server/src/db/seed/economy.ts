import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { count, inArray, sql } from 'drizzle-orm';
import { users } from '../schema/account.ts';
import { giftSends } from '../schema/economy.ts';
import { createAccountRepo } from '../../modules/account/repo.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { shortCode } from '../../platform/crypto.ts';
import { DEMO_ANCHORS } from './live.ts';

// Demo money for a fresh `npm start`: fans who recharged through the sandbox provider and sent
// gifts to the demo anchors over the last two weeks, a few guards and nobles, so the wallet,
// the anchors' income and the /rank charts have something real to show. Every coin goes
// through the same services and ledger as a user's would; only the timestamps are moved back.

export const DEMO_FANS = [
  { key: 'fan1', nickname: '红魔球迷阿杰', avatar: '/avatars/2.svg' },
  { key: 'fan2', nickname: 'Lucía_10', avatar: '/avatars/4.svg' },
  { key: 'goalgetter', nickname: 'GoalGetter', avatar: '/avatars/6.svg' },
  { key: 'dunkmaster', nickname: 'DunkMaster', avatar: '/avatars/8.svg' },
  { key: 'tifosi', nickname: 'Tifosi_Roma', avatar: '/avatars/10.svg' },
  { key: 'xiaolong', nickname: '小龙看球', avatar: '/avatars/12.svg' },
];

/** A demo fan's sign-in address (other demo parts find the fans by it). */
export const demoFanEmail = (key: string) => `demo.${key}@livesports.invalid`;

/** A small deterministic generator, so every fresh demo looks the same. */
function prng(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

export async function seedEconomy(app: FastifyInstance) {
  const db = app.database.db;
  const eco = app.economy;
  const [{ n }] = await db.select({ n: count() }).from(giftSends);
  if (n > 0) return;
  const anchorRows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ANCHORS.map((a) => a.email),
      ),
    );
  if (!anchorRows.length) return;
  const anchors: AuthUser[] = anchorRows.map((a) => ({ id: a.id, isAnchor: true, isAdmin: false, isModerator: false, sessionId: 0 }));

  const accounts = createAccountRepo(db);
  const fans: AuthUser[] = [];
  for (const f of DEMO_FANS) {
    const email = demoFanEmail(f.key);
    const u = (await accounts.findByEmail(email)) ?? (await accounts.createUser({ email, passwordHash: null, nickname: f.nickname, avatar: f.avatar, inviteCode: shortCode() }));
    fans.push({ id: u.id, isAnchor: false, isAdmin: false, isModerator: false, sessionId: 0 });
  }

  const day = 86_400_000;
  const now = Date.now();
  /** Moves everything the demo wrote since `since` back to `at` (spread over the hour after it). */
  const backdate = async (since: Date, at: Date) => {
    const t = sql`${at.toISOString()}::timestamptz + (random() * interval '1 hour')`;
    await db.execute(sql`update ledger_entries set created_at = ${t} where created_at >= ${since.toISOString()}::timestamptz`);
    await db.execute(sql`update gift_sends set created_at = ${t} where created_at >= ${since.toISOString()}::timestamptz`);
    await db.execute(sql`update ledger_ops set created_at = ${t} where created_at >= ${since.toISOString()}::timestamptz`);
    await db.execute(sql`update recharge_orders set created_at = ${t}, paid_at = ${t} where created_at >= ${since.toISOString()}::timestamptz`);
  };

  // Two weeks ago every fan bought coins through the sandbox checkout.
  let since = new Date();
  for (const [i, fan] of fans.entries()) {
    for (const rule of i % 2 ? [4, 5] : [5, 6]) {
      const order = await eco.recharge.createOrder(fan, { id: rule, provider: 'sandbox' });
      const note = await eco.recharge.sandboxNotification(order.order_no, 'paid');
      await eco.recharge.notify('sandbox', note.headers, note.body);
    }
  }
  await backdate(since, new Date(now - 14 * day));

  const gifts = await eco.gifts.list('en');
  const rand = prng(7);
  for (let d = 13; d >= 0; d--) {
    since = new Date();
    const sends = 4 + Math.floor(rand() * 6);
    for (let s = 0; s < sends; s++) {
      const fan = fans[Math.floor(rand() * fans.length)];
      // The first anchors are the popular ones.
      const anchor = anchors[Math.min(anchors.length - 1, Math.floor(rand() * rand() * anchors.length))];
      const gift = gifts[Math.floor(rand() * rand() * gifts.length)];
      const num = [1, 1, 1, 10, 66][Math.floor(rand() * 5)];
      await eco.gifts.send(fan, { room_id: anchor.id, gift_id: gift.id, num, from_backpack: false, idempotency_key: randomUUID() }).catch(() => undefined);
    }
    await backdate(since, new Date(now - d * day - 3 * 3600_000));
  }

  since = new Date();
  await eco.guards.buy(fans[0], { room_id: anchors[0].id, guard_id: 2, idempotency_key: randomUUID() }).catch(() => undefined);
  await eco.guards.buy(fans[2], { room_id: anchors[0].id, guard_id: 1, idempotency_key: randomUUID() }).catch(() => undefined);
  await eco.guards.buy(fans[1], { room_id: anchors[Math.min(2, anchors.length - 1)].id, guard_id: 1, idempotency_key: randomUUID() }).catch(() => undefined);
  await eco.nobles.buy(fans[0], { tier: 'duke', months: 1, idempotency_key: randomUUID() }).catch(() => undefined);
  await eco.nobles.buy(fans[3], { tier: 'knight', months: 1, idempotency_key: randomUUID() }).catch(() => undefined);
  await backdate(since, new Date(now - 2 * day));
  app.log.info('economy demo data loaded');
}
