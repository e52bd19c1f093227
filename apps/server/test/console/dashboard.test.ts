import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as consoleCalls from '@livesports/contracts/console';
import { giftList, handselGift } from '@livesports/contracts/economy-gifts';
import { call, testApp } from '../helpers.ts';
import { key, quickUser, recharge } from '../economy.helpers.ts';
import { staff } from './console.helpers.ts';

describe('console dashboard: api/admin/dashboard', () => {
  let app: FastifyInstance;
  let s: Awaited<ReturnType<typeof staff>>;
  beforeAll(async () => {
    app = await testApp();
    s = await staff(app);
  });
  const today = async (token: string) => {
    const res = await call(app, consoleCalls.dashboard, {}, { token });
    expect(res.code).toBe(200);
    return { ...res.data, today: res.data.days.at(-1) };
  };

  it('counts today from the ledger: a recharge, a gift and its platform share; 30 UTC days, oldest first', async () => {
    const before = await today(s.admin.token);
    expect(before.money).toBe(true);
    expect(before.days).toHaveLength(30);
    expect(before.today.day).toBe(new Date().toISOString().slice(0, 10));
    expect(before.days[0].day < before.today.day).toBe(true);
    expect(before.now).toMatchObject({ live_rooms: expect.any(Number), viewers: expect.any(Number), matches_live: expect.any(Number), chat_per_minute: expect.any(Number) });
    expect(before.now.sockets).toMatchObject({ score: expect.any(Number), im: expect.any(Number) });

    const fan = await quickUser(app);
    const anchor = await quickUser(app, { anchor: true });
    await recharge(app, fan.token, 4);
    const rocket = (await call(app, giftList, {})).data.find((g: { code: string }) => g.code === 'rocket');
    expect((await call(app, handselGift, { room_id: anchor.id, gift_id: rocket.id, idempotency_key: key() }, { token: fan.token })).code).toBe(200);

    const after = await today(s.admin.token);
    expect(after.today.signups - before.today.signups).toBe(2);
    expect(after.today.active_users - before.today.active_users).toBe(2);
    expect(after.today.recharge_orders - before.today.recharge_orders).toBe(1);
    expect(after.today.recharge_coins - before.today.recharge_coins).toBeGreaterThan(0);
    expect(after.today.gift_sends - before.today.gift_sends).toBe(1);
    const giftCoins = after.today.gift_coins - before.today.gift_coins;
    expect(giftCoins).toBe(rocket.price);
    // The platform keeps what the anchor does not get (half, rounded to the tenth).
    expect(after.today.revenue - before.today.revenue).toBe(giftCoins - Math.floor(giftCoins / 2));
  });

  it('gives moderators rooms and people, no money; refuses viewers (403) and nobody (700)', async () => {
    const mod = await today(s.moderator.token);
    expect(mod.money).toBe(false);
    expect(mod.today).toMatchObject({ signups: expect.any(Number), active_users: expect.any(Number), recharge_coins: null, gift_coins: null, revenue: null, withdrawals_paid: null });
    expect(mod.now.live_rooms).toEqual(expect.any(Number));
    const viewer = await call(app, consoleCalls.dashboard, {}, { token: s.viewer.token, lang: 'en' });
    expect({ status: viewer.status, msg: viewer.msg }).toEqual({ status: 403, msg: 'You do not have permission to do this' });
    expect((await call(app, consoleCalls.dashboard, {})).code).toBe(700);
  });
});
