import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { anchorShare } from '@livesports/contracts/economy';
import { buyGuard, giftList, handselGift } from '@livesports/contracts/economy-gifts';
import { conversionBalance, getWallet } from '@livesports/contracts/economy-wallet';
import { call, testApp } from './helpers.ts';
import { key, quickUser, recharge } from './economy.helpers.ts';

// Many calls at once through the HTTP stack. On PostgreSQL they really overlap (a pool of
// connections, row locks decide); on PGlite transactions queue up, and the answers must be the same.

let app: FastifyInstance;
let gifts: Record<string, { id: number; price: number }>;
beforeAll(async () => {
  app = await testApp();
  gifts = Object.fromEntries((await call(app, giftList, {})).data.map((g: { code: string; id: number; price: number }) => [g.code, g]));
});
const wallet = async (token: string) => (await call(app, getWallet, {}, { token })).data;

describe('concurrency', () => {
  it('60 parallel sends from one wallet never overdraw it', async () => {
    const fan = await quickUser(app);
    const anchor = await quickUser(app, { anchor: true });
    await recharge(app, fan.token, 2); // 3000 tenths: room for exactly 15 beers of 200
    const beer = gifts.beer;
    const results = await Promise.all(Array.from({ length: 60 }, () => call(app, handselGift, { room_id: anchor.id, gift_id: beer.id, idempotency_key: key() }, { token: fan.token })));
    const ok = results.filter((r) => r.code === 200);
    const refused = results.filter((r) => r.code !== 200);
    expect(ok).toHaveLength(15);
    expect(refused.every((r) => r.msg === 'Not enough gold coins, please recharge')).toBe(true);
    // Every success saw a distinct balance on its way down to zero.
    expect(ok.map((r) => r.data.balance).sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i * 200));
    expect(await wallet(fan.token)).toMatchObject({ consumption: 0 });
    expect((await wallet(anchor.token)).income).toBe(15 * anchorShare(200));
    const report = await app.economy.audit([fan.id, anchor.id]);
    expect(report.drift).toEqual([]);
    expect(report.negative).toBe(0);
  });

  it('one key sent 20 times at once moves the money once', async () => {
    const fan = await quickUser(app);
    const anchor = await quickUser(app, { anchor: true });
    await recharge(app, fan.token, 2);
    const input = { room_id: anchor.id, gift_id: gifts.jersey.id, num: 1, idempotency_key: key() };
    const results = await Promise.all(Array.from({ length: 20 }, () => call(app, handselGift, input, { token: fan.token })));
    expect(results.every((r) => r.code === 200)).toBe(true);
    expect(new Set(results.map((r) => JSON.stringify(r.data))).size).toBe(1);
    expect((await wallet(fan.token)).consumption).toBe(3000 - 520);
  });

  it('fans giving and buying guards in rooms whose anchors give to each other, all at once: every call answers, no drift', async () => {
    // Fan sends lock the anchor's rows last, anchor sends and guards in (user id, kind) order:
    // whatever the interleaving, every call ends with a real answer and the books balance.
    const anchors = [await quickUser(app, { anchor: true }), await quickUser(app, { anchor: true })];
    const fans = [await quickUser(app), await quickUser(app), await quickUser(app)];
    for (const p of [...anchors, ...fans]) await recharge(app, p.token, 3);
    const calls = [];
    for (let i = 0; i < 60; i++) {
      const room = anchors[i % 2];
      if (i % 3 === 0) calls.push(call(app, handselGift, { room_id: anchors[(i + 1) % 2].id, gift_id: gifts.football.id, num: 1, idempotency_key: key() }, { token: room.token }));
      else if (i % 10 === 1) calls.push(call(app, buyGuard, { room_id: room.id, guard_id: 1, idempotency_key: key() }, { token: fans[i % 3].token }));
      else calls.push(call(app, handselGift, { room_id: room.id, gift_id: gifts.football.id, num: 1, idempotency_key: key() }, { token: fans[i % 3].token }));
    }
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.code !== 200 && r.msg !== 'Not enough gold coins, please recharge')).toEqual([]);
    const report = await app.economy.audit([...anchors, ...fans].map((p) => p.id));
    expect(report.drift).toEqual([]);
    expect(report.negative).toBe(0);
  });

  it('anchors gifting each other and converting at once: no deadlock, no drift', async () => {
    const anchors = [await quickUser(app, { anchor: true }), await quickUser(app, { anchor: true }), await quickUser(app, { anchor: true })];
    for (const a of anchors) await recharge(app, a.token, 3);
    const calls = [];
    for (let i = 0; i < 60; i++) {
      const from = anchors[i % 3];
      const to = anchors[(i + 1 + (i % 2)) % 3];
      calls.push(
        i % 4 === 3
          ? call(app, { ...conversionBalance, method: 'POST' }, { money: 50, confirm: true, idempotency_key: key() }, { token: from.token })
          : call(app, handselGift, { room_id: to.id, gift_id: gifts.beer.id, num: 2, idempotency_key: key() }, { token: from.token }),
      );
    }
    const results = await Promise.all(calls);
    const unexpected = results.filter((r) => r.code !== 200 && !['Your income balance is not enough', 'Not enough gold coins, please recharge'].includes(r.msg));
    expect(unexpected).toEqual([]);
    const report = await app.economy.audit(anchors.map((a) => a.id));
    expect(report.drift).toEqual([]);
    expect(report.negative).toBe(0);
    // Coins only move between the three and the platform: what they hold + the platform's cut = what they paid in.
    let held = 0;
    for (const a of anchors) {
      const w = await wallet(a.token);
      held += w.consumption + w.income;
    }
    const sends = results.filter((r, i) => r.code === 200 && i % 4 !== 3).length;
    const platformCut = 400 - anchorShare(400); // two beers of 200
    expect(held + sends * platformCut).toBe(3 * 6800);
  });
});
