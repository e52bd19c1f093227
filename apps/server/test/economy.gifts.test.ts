import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { GUARD_PLANS, NOBLES, nobleInfo } from '@livesports/contracts/economy';
import * as api from '@livesports/contracts/economy-gifts';
import { getWallet, orderList } from '@livesports/contracts/economy-wallet';
import { signOut, userInfo } from '@livesports/contracts/account';
import { users } from '../src/db/schema/account.ts';
import { backpackItems, gifts as giftsTable, wallets } from '../src/db/schema/economy.ts';
import { call, testApp } from './helpers.ts';
import { key, quickUser, recharge } from './economy.helpers.ts';

let app: FastifyInstance;
let giftList: Array<{ id: number; code: string; price: number; name: string }>;
const gift = (code: string) => giftList.find((g) => g.code === code)!;
beforeAll(async () => {
  app = await testApp();
  giftList = (await call(app, api.giftList, {})).data;
});

const wallet = async (token: string) => (await call(app, getWallet, {}, { token })).data;

/** A viewer with coins (one 300-coin recharge) and an anchor to give to. */
async function viewerAndAnchor(rule = 2) {
  const viewer = await quickUser(app);
  const anchor = await quickUser(app, { anchor: true });
  await recharge(app, viewer.token, rule);
  return { viewer, anchor };
}

describe('api/Gift/getList', () => {
  it('serves the catalogue with price, image and animation in the caller language, without login', async () => {
    const zh = await call(app, api.giftList, {}, { lang: 'zh' });
    expect(zh.code).toBe(200);
    expect(zh.data.find((g: { code: string }) => g.code === 'rocket')).toMatchObject({ name: '火箭', price: 13140, image: '/economy/gifts/rocket.svg', animation: 'fullscreen' });
    expect(giftList.length).toBeGreaterThanOrEqual(8);
    expect(giftList.every((g) => g.price > 0)).toBe(true);
  });
});

describe('anchor experience', () => {
  it('grows by one point per coin the room receives, shown as LV + exp in user info', async () => {
    const { viewer, anchor } = await viewerAndAnchor();
    const before = (await call(app, userInfo, {}, { token: anchor.token })).data;
    const jersey = gift('jersey');
    expect((await call(app, api.handselGift, { room_id: anchor.id, gift_id: jersey.id, num: 2, idempotency_key: key() }, { token: viewer.token })).code).toBe(200);
    const after = (await call(app, userInfo, {}, { token: anchor.token })).data;
    // Prices are in tenths of a coin: 2 jerseys of 52 coins = 104 points.
    expect(after.exp - before.exp).toBe(Math.floor((jersey.price * 2) / 10));
    expect(after.exp - before.exp).toBe(104);
    expect(after.level).toBeGreaterThanOrEqual(before.level);
  });
});

describe('api/member/handselGift', () => {
  it('moves the price from the sender, pays the anchor half, counts wealth, and says so', async () => {
    const { viewer, anchor } = await viewerAndAnchor();
    const jersey = gift('jersey');
    const res = await call(app, api.handselGift, { room_id: anchor.id, gift_id: jersey.id, num: 2, idempotency_key: key() }, { token: viewer.token });
    expect(res).toMatchObject({ code: 200, msg: 'Gift sent' });
    expect(res.data).toMatchObject({ gift_id: jersey.id, num: 2, combo: 2, total: 1040, balance: 3000 - 1040, backpack_left: null, wealth_exp: 1040, wealth_level: 2 });
    expect((await wallet(viewer.token)).consumption).toBe(1960);
    expect((await wallet(anchor.token)).income).toBe(520);
    expect((await call(app, userInfo, {}, { token: viewer.token })).data.balance).toBe(1960);

    const mine = await call(app, orderList, { type: 'gift' }, { token: viewer.token });
    expect(mine.data.list[0]).toMatchObject({ amount: -1040, wallet: 'consumption', balance_after: 1960, title: `Jersey ×2 to ${anchor.nickname}` });
    const theirs = await call(app, orderList, { wallet: 'income' }, { token: anchor.token, lang: 'es' });
    expect(theirs.data.list[0]).toMatchObject({ amount: 520, title: `Camiseta ×2 de ${viewer.nickname}`, type_name: 'Regalo' });
  });

  it('publishes the gift to the room: effect and chat line', async () => {
    const { viewer, anchor } = await viewerAndAnchor(3);
    const events: unknown[] = [];
    const off = await app.bus.subscribe(api.economyRoomChannel(anchor.id), (m) => events.push(JSON.parse(m)));
    const sent = await call(app, api.handselGift, { room_id: anchor.id, gift_id: gift('car').id, num: 1, idempotency_key: key() }, { token: viewer.token });
    expect(sent.code).toBe(200);
    await off();
    expect(events).toHaveLength(1);
    const ev = api.giftEventSchema.parse(events[0]);
    expect(ev).toMatchObject({
      type: 100,
      room_id: anchor.id,
      num: 1,
      combo: 1,
      total: 5200,
      sender: { id: viewer.id, user_nickname: viewer.nickname },
      gift: { code: 'car', animation: 'fullscreen' },
    });
  });

  it('counts combos of one gift to one room within 5 seconds', async () => {
    const { viewer, anchor } = await viewerAndAnchor();
    const send = (code: string, num = 1) => call(app, api.handselGift, { room_id: anchor.id, gift_id: gift(code).id, num, idempotency_key: key() }, { token: viewer.token });
    expect((await send('cheer')).data.combo).toBe(1);
    expect((await send('cheer', 10)).data.combo).toBe(11);
    expect((await send('football')).data.combo).toBe(1);
    expect((await send('cheer')).data.combo).toBe(12);
  });

  it('a repeat with the same key answers the first result and moves nothing', async () => {
    const { viewer, anchor } = await viewerAndAnchor();
    const input = { room_id: anchor.id, gift_id: gift('beer').id, num: 3, idempotency_key: key() };
    const first = await call(app, api.handselGift, input, { token: viewer.token });
    const again = await call(app, api.handselGift, input, { token: viewer.token });
    expect(again.data).toEqual(first.data);
    expect((await wallet(viewer.token)).consumption).toBe(3000 - 600);
    expect((await wallet(anchor.token)).income).toBe(300);
    const reused = await call(app, api.handselGift, { ...input, num: 4 }, { token: viewer.token });
    expect(reused).toMatchObject({ status: 409, code: 1, msg: 'This request key was already used for another request' });
    expect((await wallet(viewer.token)).consumption).toBe(2400);
  });

  it("refuses an anchor's gift to themselves with the spec's message", async () => {
    const anchor = await quickUser(app, { anchor: true });
    await recharge(app, anchor.token, 1);
    const res = await call(app, api.handselGift, { room_id: anchor.id, gift_id: gift('like').id, idempotency_key: key() }, { token: anchor.token });
    expect(res).toMatchObject({ status: 400, code: 1, msg: 'Anchors are not allowed to gift themselves' });
    expect((await call(app, api.handselGift, { room_id: anchor.id, gift_id: gift('like').id, idempotency_key: key() }, { token: anchor.token, lang: 'zh' })).msg).toBe('主播不能给自己送礼物');
    expect((await wallet(anchor.token)).consumption).toBe(600);
  });

  it('refuses a room that is not an anchor, an unknown gift, a bad count, a missing key, and guests', async () => {
    const { viewer, anchor } = await viewerAndAnchor(1);
    const other = await quickUser(app);
    const base = { room_id: anchor.id, gift_id: gift('like').id, num: 1, idempotency_key: key() };
    const t = { token: viewer.token };
    expect(await call(app, api.handselGift, { ...base, room_id: other.id }, t)).toMatchObject({ status: 404, msg: 'This live room does not exist' });
    expect((await call(app, api.handselGift, { ...base, room_id: 999999999 }, t)).msg).toBe('This live room does not exist');
    expect((await call(app, api.handselGift, { ...base, room_id: 'abc' }, t)).msg).toBe('This live room does not exist');
    expect((await call(app, api.handselGift, { ...base, gift_id: 424242 }, t)).msg).toBe('This gift is not available');
    expect((await call(app, api.handselGift, { ...base, num: 0 }, t)).msg).toBe('Please choose how many to send (1-9999)');
    expect((await call(app, api.handselGift, { ...base, num: 10000 }, t)).msg).toBe('Please choose how many to send (1-9999)');
    expect((await call(app, api.handselGift, { ...base, num: 1.5 }, t)).msg).toBe('Please choose how many to send (1-9999)');
    expect((await call(app, api.handselGift, { ...base, idempotency_key: undefined }, t)).msg).toBe('Missing request key, please try again');
    expect((await call(app, api.handselGift, { ...base, idempotency_key: 'short' }, t)).msg).toBe('Invalid request key');
    expect((await call(app, api.handselGift, base)).code).toBe(700);
    expect((await wallet(viewer.token)).consumption).toBe(600);
  });

  it('refuses to overdraw and moves nothing', async () => {
    const { viewer, anchor } = await viewerAndAnchor(1);
    const res = await call(app, api.handselGift, { room_id: anchor.id, gift_id: gift('trophy').id, num: 1, idempotency_key: key() }, { token: viewer.token });
    expect(res).toMatchObject({ status: 400, code: 1, msg: 'Not enough gold coins, please recharge' });
    expect((await wallet(viewer.token)).consumption).toBe(600);
    expect((await wallet(anchor.token)).income).toBe(0);
    // A failed call leaves no key behind: the same key works once there is money.
    await recharge(app, viewer.token, 2);
    const k = key();
    expect((await call(app, api.handselGift, { room_id: anchor.id, gift_id: gift('trophy').id, idempotency_key: k }, { token: viewer.token })).code).toBe(200);
  });

  it('a 0.1-coin gift gives the platform the odd tenth', async () => {
    const { viewer, anchor } = await viewerAndAnchor(1);
    await call(app, api.handselGift, { room_id: anchor.id, gift_id: gift('like').id, num: 3, idempotency_key: key() }, { token: viewer.token });
    expect((await wallet(viewer.token)).consumption).toBe(597);
    expect((await wallet(anchor.token)).income).toBe(1);
  });
});

describe('backpack (api/Gift/getUserGiftList) and sends from it', () => {
  it('check-in fills the backpack once a day; its gifts are sent without coins', async () => {
    const { viewer, anchor } = await viewerAndAnchor(1);
    expect((await call(app, api.userGiftList, {}, { token: viewer.token })).data).toEqual([]);
    const checkin = await call(app, api.checkIn, {}, { token: viewer.token });
    expect(checkin).toMatchObject({ code: 200, msg: 'Checked in: gifts added to your backpack', data: { gift_id: gift('like').id, num: 5 } });
    expect((await call(app, api.checkIn, {}, { token: viewer.token })).msg).toBe('You have already checked in today. Come back tomorrow');
    const bag = await call(app, api.userGiftList, {}, { token: viewer.token });
    expect(bag.data).toEqual([expect.objectContaining({ code: 'like', num: 5 })]);

    const sent = await call(app, api.handselGift, { room_id: anchor.id, gift_id: gift('like').id, num: 3, from_backpack: 1, idempotency_key: key() }, { token: viewer.token });
    expect(sent.data).toMatchObject({ total: 0, backpack_left: 2, balance: 600, combo: 3 });
    expect((await wallet(anchor.token)).income).toBe(0);
    const tooMany = await call(app, api.handselGift, { room_id: anchor.id, gift_id: gift('like').id, num: 3, from_backpack: true, idempotency_key: key() }, { token: viewer.token });
    expect(tooMany.msg).toBe('Not enough of this gift in your backpack');
    const none = await call(app, api.handselGift, { room_id: anchor.id, gift_id: gift('rocket').id, num: 1, from_backpack: true, idempotency_key: key() }, { token: viewer.token });
    expect(none.msg).toBe('Not enough of this gift in your backpack');
    expect((await call(app, api.userGiftList, {}, { token: viewer.token })).data[0].num).toBe(2);
    expect((await call(app, api.userGiftList, {})).code).toBe(700);
  });
});

describe('sends right after a logout or a ban', () => {
  // The send route may reuse a token it resolved a moment ago; the send itself checks the session.
  it('a token logged out a moment ago sends nothing, from the wallet or the backpack', async () => {
    const { viewer, anchor } = await viewerAndAnchor(1);
    await call(app, api.checkIn, {}, { token: viewer.token });
    const send = (from_backpack = false) => call(app, api.handselGift, { room_id: anchor.id, gift_id: gift('like').id, num: 1, from_backpack, idempotency_key: key() }, { token: viewer.token });
    expect((await send()).code).toBe(200);
    const before = await wallet(viewer.token);
    expect((await call(app, signOut, {}, { token: viewer.token })).code).toBe(200);
    const after = await send();
    expect(after).toMatchObject({ code: 700, data: null });
    expect((await send(true)).code).toBe(700);
    const db = app.database.db;
    const [row] = await db.select({ wealth: users.wealthExp }).from(users).where(eq(users.id, viewer.id));
    expect(row.wealth).toBe(before.wealth_exp);
    const [coins] = await db
      .select({ balance: wallets.balance })
      .from(wallets)
      .where(and(eq(wallets.userId, viewer.id), eq(wallets.kind, 'consumption')));
    expect(Number(coins.balance)).toBe(before.consumption);
    const [bag] = await db.select({ num: backpackItems.num }).from(backpackItems).where(eq(backpackItems.userId, viewer.id));
    expect(bag.num).toBe(5);
  });

  it('a disabled account sends nothing, even with a token it used a moment ago', async () => {
    const { viewer, anchor } = await viewerAndAnchor(1);
    const send = () => call(app, api.handselGift, { room_id: anchor.id, gift_id: gift('jersey').id, num: 1, idempotency_key: key() }, { token: viewer.token });
    expect((await send()).code).toBe(200);
    const income = (await wallet(anchor.token)).income;
    await app.database.db.update(users).set({ status: 0 }).where(eq(users.id, viewer.id));
    expect((await send()).code).toBe(700);
    expect((await wallet(anchor.token)).income).toBe(income);
  });
});

describe('guards: api/Guard/getList and api/guard_user/buy', () => {
  it('lists plans, buys, renews by extending, and shows the room guards', async () => {
    const { viewer, anchor } = await viewerAndAnchor(3);
    const list = await call(app, api.guardList, { room_id: anchor.id }, { lang: 'en' });
    expect(list.data.plans.map((p: { id: number }) => p.id)).toEqual(GUARD_PLANS.map((p) => p.id));
    expect(list.data.plans[0]).toMatchObject({ name: 'Bronze guard', days: 7, price: 580 });
    expect(list.data).toMatchObject({ guards: [], mine: null });

    const buy = await call(app, api.buyGuard, { room_id: anchor.id, guard_id: 1, idempotency_key: key() }, { token: viewer.token });
    expect(buy).toMatchObject({ code: 200, msg: 'You are now a guard of this room', data: { level: 1, balance: 6800 - 580 } });
    const firstExpiry = new Date(buy.data.expires_at).getTime();
    expect(firstExpiry - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const renew = await call(app, api.buyGuard, { room_id: anchor.id, guard_id: 2, idempotency_key: key() }, { token: viewer.token });
    expect(renew.data.level).toBe(2);
    expect(new Date(renew.data.expires_at).getTime() - firstExpiry).toBe(30 * 86_400_000);
    expect((await wallet(anchor.token)).income).toBe(290 + 990);

    const after = await call(app, api.guardList, { room_id: anchor.id }, { token: viewer.token });
    expect(after.data.guards).toEqual([expect.objectContaining({ id: viewer.id, level: 2 })]);
    expect(after.data.mine).toMatchObject({ level: 2 });
    const perks = await call(app, api.perksCall, { user_ids: `${viewer.id},${anchor.id}`, room_id: anchor.id });
    expect(perks.data).toEqual([expect.objectContaining({ user_id: viewer.id, guard_level: 2 }), expect.objectContaining({ user_id: anchor.id, guard_level: 0 })]);
  });

  it('refuses self-guarding, unknown plans, empty wallets and guests', async () => {
    const anchor = await quickUser(app, { anchor: true });
    const poor = await quickUser(app);
    expect((await call(app, api.buyGuard, { room_id: anchor.id, guard_id: 1, idempotency_key: key() }, { token: anchor.token })).msg).toBe('Anchors cannot guard their own room');
    expect((await call(app, api.buyGuard, { room_id: anchor.id, guard_id: 9, idempotency_key: key() }, { token: poor.token })).msg).toBe('Please choose a guard plan');
    expect((await call(app, api.buyGuard, { room_id: anchor.id, guard_id: 1, idempotency_key: key() }, { token: poor.token })).msg).toBe('Not enough gold coins, please recharge');
    expect((await call(app, api.buyGuard, { room_id: anchor.id, guard_id: 1, idempotency_key: key() })).code).toBe(700);
    expect((await call(app, api.guardList, { room_id: anchor.id }, { token: poor.token })).data.guards).toEqual([]);
  });
});

describe('nobles: api/Noble/getInfo and api/Noble/buy', () => {
  it('lists the five ranks with prices per month', async () => {
    const res = await call(app, api.nobleInfoCall, {}, { lang: 'zh' });
    expect(res.data.tiers.map((t: { tier: string; name: string; price: number }) => [t.tier, t.name, t.price])).toEqual(
      NOBLES.map((n, i) => [n.tier, ['骑士', '子爵', '侯爵', '公爵', '帝王'][i], n.price]),
    );
    expect(res.data.mine).toBeNull();
  });

  it('buys, renews from the expiry, upgrades carrying the value over, and refuses a downgrade', async () => {
    const u = await quickUser(app);
    await recharge(app, u.token, 6);
    const t0 = Date.now();
    const knight = await call(app, api.buyNoble, { tier: 'knight', months: 2, idempotency_key: key() }, { token: u.token });
    expect(knight).toMatchObject({ code: 200, msg: 'Noble membership activated', data: { tier: 'knight', free_horns_left: 0, balance: 130_000 - 1320 } });
    const knightEnd = new Date(knight.data.expires_at).getTime();
    expect(knightEnd - t0).toBeGreaterThanOrEqual(60 * 86_400_000 - 5000);
    expect(knightEnd - t0).toBeLessThanOrEqual(60 * 86_400_000 + 5000);

    const renew = await call(app, api.buyNoble, { tier: 'knight', months: 1, idempotency_key: key() }, { token: u.token });
    expect(new Date(renew.data.expires_at).getTime() - knightEnd).toBe(30 * 86_400_000);

    const emperor = await call(app, api.buyNoble, { tier: 'emperor', idempotency_key: key() }, { token: u.token });
    const carried = (90 * 86_400_000 * nobleInfo('knight').price) / nobleInfo('emperor').price;
    const end = new Date(emperor.data.expires_at).getTime() - Date.now();
    expect(Math.abs(end - (30 * 86_400_000 + carried))).toBeLessThan(10_000);
    expect(emperor.data).toMatchObject({ tier: 'emperor', free_horns_left: 30 });

    const down = await call(app, api.buyNoble, { tier: 'duke', idempotency_key: key() }, { token: u.token });
    expect(down.msg).toBe('You already hold a higher noble rank');
    expect((await wallet(u.token)).consumption).toBe(130_000 - 1320 - 660 - 88_880);
    expect((await wallet(u.token)).wealth_exp).toBe(1320 + 660 + 88_880);
    expect((await call(app, api.nobleInfoCall, {}, { token: u.token })).data.mine).toMatchObject({ tier: 'emperor' });
    expect((await call(app, api.perksCall, { user_ids: String(u.id) })).data[0]).toMatchObject({ noble: 'emperor', guard_level: 0, wealth_level: 5 });
  });

  it('the emperor has 30 free horns a month', async () => {
    const u = await quickUser(app);
    await recharge(app, u.token, 6);
    await call(app, api.buyNoble, { tier: 'emperor', idempotency_key: key() }, { token: u.token });
    const results = [];
    for (let i = 0; i < 31; i++) results.push(await app.economy.nobles.useFreeHorn(u.id));
    expect(results.filter(Boolean)).toHaveLength(30);
    expect(results[30]).toBe(false);
    expect((await call(app, api.nobleInfoCall, {}, { token: u.token })).data.mine.free_horns_left).toBe(0);
    const knight = await quickUser(app);
    expect(await app.economy.nobles.useFreeHorn(knight.id)).toBe(false);
  });

  it('checks rank and months, and needs login', async () => {
    const u = await quickUser(app);
    expect((await call(app, api.buyNoble, { tier: 'pope', idempotency_key: key() }, { token: u.token })).msg).toBe('Please choose a noble rank');
    expect((await call(app, api.buyNoble, { tier: 'knight', months: 13, idempotency_key: key() }, { token: u.token })).msg).toBe('Months must be between 1 and 12');
    expect((await call(app, api.buyNoble, { tier: 'knight', idempotency_key: key() }, { token: u.token })).msg).toBe('Not enough gold coins, please recharge');
    expect((await call(app, api.buyNoble, { tier: 'knight', idempotency_key: key() })).code).toBe(700);
  });
});

describe('api/Activity_Config/getActivityUrl', () => {
  it('lists the activities with their pages', async () => {
    const res = await call(app, api.activityUrl, {}, { lang: 'en' });
    expect(res.data.map((a: { code: string }) => a.code)).toEqual(['invite', 'checkin']);
    expect(res.data[0].url).toMatch(/\/member\?type=8$/);
  });
});

describe('gift catalogue changes', () => {
  it('a deactivated gift cannot be sent once the catalogue refreshes', async () => {
    const { viewer, anchor } = await viewerAndAnchor(1);
    const whistle = gift('whistle');
    await app.database.db.update(giftsTable).set({ active: 0 }).where(eq(giftsTable.id, whistle.id));
    app.economy.gifts.invalidate();
    try {
      const res = await call(app, api.handselGift, { room_id: anchor.id, gift_id: whistle.id, idempotency_key: key() }, { token: viewer.token });
      expect(res.msg).toBe('This gift is not available');
    } finally {
      await app.database.db.update(giftsTable).set({ active: 1 }).where(eq(giftsTable.id, whistle.id));
      app.economy.gifts.invalidate();
    }
  });
});
