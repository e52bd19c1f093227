import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { INVITEE_BONUS } from '@livesports/contracts/economy';
import * as api from '@livesports/contracts/economy-rank';
import { buyGuard, buyNoble, giftList, handselGift, nobleInfoCall, userGiftList } from '@livesports/contracts/economy-gifts';
import { getWallet, orderList } from '@livesports/contracts/economy-wallet';
import { invitePool } from '../src/db/schema/economy.ts';
import { eq } from 'drizzle-orm';
import { call, testApp } from './helpers.ts';
import { key, quickUser, recharge } from './economy.helpers.ts';

let app: FastifyInstance;
let gifts: Record<string, number>;
beforeAll(async () => {
  app = await testApp();
  gifts = Object.fromEntries((await call(app, giftList, {})).data.map((g: { code: string; id: number }) => [g.code, g.id]));
});

const send = (token: string, room: number, code: string, num = 1) => call(app, handselGift, { room_id: room, gift_id: gifts[code], num, idempotency_key: key() }, { token });

describe('leaderboards api/Rank/getList and api/Live_streaming/roomRanking', () => {
  it('ranks anchors by coins received and fans by coins given, from the ledger', async () => {
    const [a1, a2] = [await quickUser(app, { anchor: true }), await quickUser(app, { anchor: true })];
    const [f1, f2] = [await quickUser(app), await quickUser(app)];
    await recharge(app, f1.token, 6);
    await recharge(app, f2.token, 6);
    await recharge(app, f2.token, 6);
    // Large enough to be on boards that other test files also write to.
    expect((await send(f1.token, a1.id, 'rocket', 8)).code).toBe(200); // 105,120
    expect((await send(f2.token, a1.id, 'rocket', 6)).code).toBe(200); // 78,840
    expect((await send(f2.token, a2.id, 'rocket', 8)).code).toBe(200); // 105,120
    expect((await call(app, buyGuard, { room_id: a2.id, guard_id: 3, idempotency_key: key() }, { token: f1.token })).code).toBe(200); // 18,880

    const pop = await call(app, api.leaderboard, { board: 'popularity', period: 'week' });
    expect(pop.code).toBe(200);
    const rowOf = (list: api.RankRow[], id: number) => list.find((r) => r.user.id === id);
    expect(rowOf(pop.data.list, a1.id)?.value).toBe(183_960);
    expect(rowOf(pop.data.list, a2.id)?.value).toBe(124_000);
    expect(rowOf(pop.data.list, a1.id)!.rank).toBeLessThan(rowOf(pop.data.list, a2.id)!.rank);
    expect(rowOf(pop.data.list, a1.id)?.user).toMatchObject({ is_anchor: 1, user_nickname: a1.nickname });

    const gen = await call(app, api.leaderboard, { board: 'generosity', period: 'all' });
    expect(rowOf(gen.data.list, f2.id)?.value).toBe(183_960);
    expect(rowOf(gen.data.list, f1.id)?.value).toBe(124_000);
    expect(rowOf(gen.data.list, f2.id)?.user.wealth_level).toBe(5);

    // The chart: one point per day, today's includes these sends.
    expect(pop.data.series).toHaveLength(7);
    expect(pop.data.series.at(-1).day).toBe(new Date().toISOString().slice(0, 10));
    expect(pop.data.series.at(-1).value).toBeGreaterThanOrEqual(183_960 + 124_000);
    expect((await call(app, api.leaderboard, { board: 'popularity', period: 'month' })).data.series).toHaveLength(30);

    const room = await call(app, api.roomRanking, { room_id: a1.id, type: 'day' });
    expect(room.data.map((r: api.RankRow) => [r.rank, r.user.id, r.value])).toEqual([
      [1, f1.id, 105_120],
      [2, f2.id, 78_840],
    ]);
    const room2 = await call(app, api.roomRanking, { room_id: a2.id });
    expect(room2.data.map((r: api.RankRow) => [r.user.id, r.value])).toEqual([
      [f2.id, 105_120],
      [f1.id, 18_880],
    ]);
  });

  it('checks board and period', async () => {
    expect((await call(app, api.leaderboard, { board: 'wealth' })).msg).toBe('Unknown leaderboard');
    expect((await call(app, api.leaderboard, { period: 'year' }, { lang: 'zh' })).msg).toBe('未知周期');
    expect((await call(app, api.roomRanking, {})).msg).toBe('This live room does not exist');
    expect((await call(app, api.roomRanking, { room_id: 1, type: 'decade' })).msg).toBe('Unknown period');
    expect((await call(app, api.roomRanking, { room_id: 999_999_999 })).data).toEqual([]);
  });
});

describe('invites: api/Invite/getInfo and claim', () => {
  it('rewards the inviter with noble tiers and backpack gifts, and the friend with a bonus from the pool', async () => {
    const inviter = await quickUser(app);
    const friends = [];
    for (let i = 0; i < 3; i++) friends.push(await quickUser(app, { invitedBy: inviter.id }));

    const info = await call(app, api.inviteInfo, {}, { token: inviter.token });
    expect(info.data).toMatchObject({ friends: 3, gifts_unclaimed: 3, bonus: null });
    expect(info.data.invite_url).toMatch(new RegExp(`/login\\?invite=${info.data.invite_code}$`));
    expect(info.data.tiers.map((t: { tier: string; reached: boolean; claimed: boolean }) => [t.tier, t.reached, t.claimed])).toEqual([
      ['knight', true, false],
      ['viscount', true, false],
      ['marquis', false, false],
      ['duke', false, false],
      ['emperor', false, false],
    ]);
    expect(info.data.recent.map((f: { id: number }) => f.id)).toEqual(friends.map((f) => f.id).reverse());

    const claim = await call(app, api.inviteClaim, {}, { token: inviter.token });
    expect(claim).toMatchObject({ code: 200, msg: 'Rewards claimed', data: { tiers: ['knight', 'viscount'], gifts: 3, bonus: 0 } });
    expect((await call(app, nobleInfoCall, {}, { token: inviter.token })).data.mine).toMatchObject({ tier: 'viscount' });
    expect((await call(app, userGiftList, {}, { token: inviter.token })).data).toEqual([expect.objectContaining({ code: 'cheer', num: 3 })]);
    expect((await call(app, api.inviteClaim, {}, { token: inviter.token })).msg).toBe('No rewards to claim yet');
    const after = await call(app, api.inviteInfo, {}, { token: inviter.token });
    expect(after.data.tiers.slice(0, 2).every((t: { claimed: boolean }) => t.claimed)).toBe(true);
    expect(after.data.gifts_unclaimed).toBe(0);

    const friend = friends[0];
    const fInfo = await call(app, api.inviteInfo, {}, { token: friend.token });
    expect(fInfo.data.bonus).toMatchObject({ amount: INVITEE_BONUS, claimed: false, inviter: { id: inviter.id } });
    const fClaim = await call(app, api.inviteClaim, {}, { token: friend.token });
    expect(fClaim.data).toEqual({ tiers: [], gifts: 0, bonus: INVITEE_BONUS });
    expect((await call(app, getWallet, {}, { token: friend.token })).data.consumption).toBe(INVITEE_BONUS);
    expect((await call(app, orderList, {}, { token: friend.token })).data.list[0]).toMatchObject({ kind: 'invite_bonus', amount: INVITEE_BONUS });
    expect((await call(app, api.inviteClaim, {}, { token: friend.token })).msg).toBe('No rewards to claim yet');
    expect((await call(app, api.inviteInfo, {}, { token: friend.token })).data.bonus.claimed).toBe(true);
    expect((await call(app, api.inviteInfo, {})).code).toBe(700);
  });

  it('the shared pool is never exceeded, even by friends claiming at once', async () => {
    const db = app.database.db;
    const [pool] = await db.select().from(invitePool).where(eq(invitePool.id, 1));
    // Leave room for exactly two and a half bonuses.
    await db
      .update(invitePool)
      .set({ cap: pool.granted + INVITEE_BONUS * 2 + INVITEE_BONUS / 2 })
      .where(eq(invitePool.id, 1));
    try {
      const inviter = await quickUser(app);
      const friends = await Promise.all(Array.from({ length: 5 }, () => quickUser(app, { invitedBy: inviter.id })));
      const claims = await Promise.all(friends.map((f) => call(app, api.inviteClaim, {}, { token: f.token })));
      const paid = claims.map((c) => (c.code === 200 ? c.data.bonus : 0));
      expect(paid.reduce((a, b) => a + b, 0)).toBe(INVITEE_BONUS * 2 + INVITEE_BONUS / 2);
      const [after] = await db.select().from(invitePool).where(eq(invitePool.id, 1));
      expect(after.granted).toBe(after.cap);
      const report = await app.economy.audit(friends.map((f) => f.id));
      expect(report.pool.ledger).toBe(report.pool.granted);
      expect(report.drift).toEqual([]);
    } finally {
      await db.update(invitePool).set({ cap: pool.cap }).where(eq(invitePool.id, 1));
    }
  });

  it('fifty friends make an emperor', async () => {
    const inviter = await quickUser(app);
    for (let i = 0; i < 50; i++) await quickUser(app, { invitedBy: inviter.id });
    const claim = await call(app, api.inviteClaim, {}, { token: inviter.token });
    expect(claim.data).toMatchObject({ tiers: ['knight', 'viscount', 'marquis', 'duke', 'emperor'], gifts: 50 });
    const mine = (await call(app, nobleInfoCall, {}, { token: inviter.token })).data.mine;
    expect(mine.tier).toBe('emperor');
    // A month of emperor plus the lower months converted at their price ratio: more than 30 days.
    expect(new Date(mine.expires_at).getTime() - Date.now()).toBeGreaterThan(30 * 86_400_000);
    expect((await call(app, buyNoble, { tier: 'duke', idempotency_key: key() }, { token: inviter.token })).msg).toBe('You already hold a higher noble rank');
  });
});
