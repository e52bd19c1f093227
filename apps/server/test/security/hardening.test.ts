import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as account from '@livesports/contracts/account';
import * as mod from '@livesports/contracts/chat-moderation';
import { consoleUserSanction } from '@livesports/contracts/console-users';
import { giftList, handselGift } from '@livesports/contracts/economy-gifts';
import { getWallet } from '@livesports/contracts/economy-wallet';
import * as payout from '@livesports/contracts/economy-withdrawal';
import { users } from '../../src/db/schema/account.ts';
import { call, captchaTicket, freshIp, lastMailedCode, newUser, testApp } from '../helpers.ts';
import { key, quickUser, recharge, setPayPassword } from '../economy.helpers.ts';

// Issue #51, third hardening round, through the API (both databases): strict integers (item 7),
// site staff out of a room admin's reach (item 6), parallel right payment passwords (item 8), and
// banned users and password-reset codes (item 9). Cross-site (item 1) is in cross-site.test.ts.

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof quickUser>>;
beforeAll(async () => {
  app = await testApp();
  admin = await quickUser(app, { admin: true });
});

describe('strict integers (item 7): only whole numbers in decimal digits, anything else refused and nothing charged', () => {
  it('a gift num of null, "2.0", " 2", 2.5, "+2" or "2e0" is refused with the field message; the wallet is untouched', async () => {
    const anchor = await quickUser(app, { anchor: true });
    const fan = await quickUser(app);
    await recharge(app, fan.token);
    const gifts = (await call(app, giftList, {})).data as Array<{ id: number; price: number; code: string }>;
    const gift = gifts.filter((g) => g.price > 0).sort((a, b) => a.price - b.price)[0];
    const before = (await call(app, getWallet, {}, { token: fan.token })).data;
    for (const num of [null, '2.0', ' 2', '2 ', 2.5, '+2', '2e0', '0x2', true, [2]]) {
      const res = await call(app, { ...handselGift, method: 'POST' }, { room_id: anchor.id, gift_id: gift.id, num, idempotency_key: key() }, { token: fan.token });
      expect({ num, status: res.status, msg: res.msg }).toEqual({ num, status: 400, msg: 'Please choose how many to send (1-9999)' });
    }
    // Also in the query string of the spec's GET form, and in the caller's language.
    const es = await call(app, handselGift, { room_id: anchor.id, gift_id: gift.id, num: '2.0', idempotency_key: key() }, { token: fan.token, lang: 'es' });
    expect(es).toMatchObject({ status: 400, msg: 'Elija cuántos enviar (1-9999)' });
    expect((await call(app, getWallet, {}, { token: fan.token })).data).toEqual(before);
    // Digits, a whole JSON number, and a missing num (one gift) still send.
    const two = await call(app, { ...handselGift, method: 'POST' }, { room_id: anchor.id, gift_id: gift.id, num: '2', idempotency_key: key() }, { token: fan.token });
    expect(two).toMatchObject({ code: 200, data: { num: 2 } });
    const one = await call(app, { ...handselGift, method: 'POST' }, { room_id: anchor.id, gift_id: gift.id, idempotency_key: key() }, { token: fan.token });
    expect(one).toMatchObject({ code: 200, data: { num: 1 } });
  });

  it('holds for every integer field: an id of "7.0" or null is refused like an unknown one', async () => {
    const anchor = await quickUser(app, { anchor: true });
    const fan = await quickUser(app);
    await recharge(app, fan.token);
    const gift = ((await call(app, giftList, {})).data as Array<{ id: number; price: number }>).find((g) => g.price > 0)!;
    for (const room_id of [`${anchor.id}.0`, ` ${anchor.id}`, null]) {
      const res = await call(app, { ...handselGift, method: 'POST' }, { room_id, gift_id: gift.id, num: 1, idempotency_key: key() }, { token: fan.token });
      expect({ room_id, status: res.status, msg: res.msg }).toEqual({ room_id, status: 400, msg: 'This live room does not exist' });
    }
    const withdraw = await call(app, { ...payout.applyForWithdrawal, method: 'POST' }, { type: '1.0', money: 1000, pay_password: '123456', idempotency_key: key() }, { token: fan.token });
    expect(withdraw.status).toBe(400);
  });
});

describe('room staff and site staff (item 6)', () => {
  it('a room admin (or the anchor) cannot mute or kick a site moderator or administrator; a viewer still can be', async () => {
    const anchor = await quickUser(app, { anchor: true });
    const roomAdmin = await quickUser(app);
    const viewer = await quickUser(app);
    const moderator = await quickUser(app);
    await app.database.db.update(users).set({ isModerator: 1 }).where(eq(users.id, moderator.id));
    expect((await call(app, mod.setRoomAdmin, { user_id: roomAdmin.id, status: 1 }, { token: anchor.token })).code).toBe(200);
    const as = (token: string, c: typeof mod.muteMember | typeof mod.kickMember, user_id: number, lang = 'en') => call(app, c, { room_id: anchor.id, user_id, minutes: 10 }, { token, lang });
    for (const c of [mod.muteMember, mod.kickMember]) {
      for (const staff of [moderator, admin]) {
        expect(await as(roomAdmin.token, c, staff.id)).toMatchObject({ status: 403, code: 1, msg: 'Site staff cannot be muted or kicked in a room' });
        expect(await as(anchor.token, c, staff.id)).toMatchObject({ status: 403, msg: 'Site staff cannot be muted or kicked in a room' });
      }
    }
    expect((await as(roomAdmin.token, mod.muteMember, moderator.id, 'zh')).msg).toBe('不能在直播间禁言或踢出网站管理人员');
    expect((await as(roomAdmin.token, mod.kickMember, moderator.id, 'es')).msg).toBe('No se puede silenciar ni expulsar al personal del sitio en una sala');
    expect((await call(app, mod.getSanctions, { room_id: anchor.id }, { token: anchor.token })).data).toEqual([]);
    expect((await as(roomAdmin.token, mod.muteMember, viewer.id)).code).toBe(200);
  });
});

describe('parallel right payment passwords (item 8)', () => {
  it('twelve parallel withdrawals with the right password: none is answered as a wrong or locked password', async () => {
    const anchor = await quickUser(app, { anchor: true });
    const fan = await quickUser(app);
    await recharge(app, fan.token, 4);
    const rocket = ((await call(app, giftList, {})).data as Array<{ id: number; code: string }>).find((g) => g.code === 'rocket')!;
    expect((await call(app, handselGift, { room_id: anchor.id, gift_id: rocket.id, idempotency_key: key() }, { token: fan.token })).code).toBe(200);
    const password = await setPayPassword(app, anchor.token);
    const bound = await call(app, { ...payout.bindBankCard, method: 'POST' }, { name: 'Li Lei', card_no: '6222021234567890', bank_name: 'ICBC', pay_password: password }, { token: anchor.token });
    expect(bound.code).toBe(200);
    const income = (await call(app, getWallet, {}, { token: anchor.token })).data.income as number;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call(app, { ...payout.applyForWithdrawal, method: 'POST' }, { type: 1, money: 1000, pay_password: password, idempotency_key: key() }, { token: anchor.token })),
    );
    const msgs = answers.map((a) => a.msg);
    for (const msg of msgs) expect(msg).toMatch(/^(Withdrawal submitted: it is being processed|Your income balance is not enough|Another request is in progress, please try again in a moment)$/);
    const paid = msgs.filter((m) => m.startsWith('Withdrawal submitted')).length;
    expect(paid).toBe(Math.min(12, Math.floor(income / 1000)));
    expect((await call(app, getWallet, {}, { token: anchor.token })).data.income).toBe(income - paid * 1000);
    // The count was cleared by the right ones: five wrong ones are still needed for the lock.
    const wrong = await call(app, { ...payout.applyForWithdrawal, method: 'POST' }, { type: 1, money: 1000, pay_password: '000000', idempotency_key: key() }, { token: anchor.token });
    expect(wrong.msg).toBe('Wrong payment password, 4 attempts left');
  });
});

describe('parallel right login passwords (the same class as item 8)', () => {
  it('eight parallel logins with the right password all log in (none is answered as locked)', async () => {
    const u = await newUser(app);
    const tickets = await Promise.all(Array.from({ length: 8 }, () => captchaTicket(app)));
    const answers = await Promise.all(tickets.map((ticket) => call(app, account.login, { mobile: u.email, password: u.password, device_type: 'pc', ticket })));
    expect(answers.map((a) => a.msg)).toEqual(answers.map(() => 'Logged in'));
  });
});

describe('banned accounts and password reset (item 9)', () => {
  it('a banned user gets no reset code and cannot reset with a code mailed before the ban, told the ban', async () => {
    const u = await newUser(app);
    const before = await call(app, account.getCode, { mobile: u.email, type: 2 });
    expect(before.code).toBe(200);
    const code = await lastMailedCode(app, u.email);
    expect((await call(app, consoleUserSanction, { id: u.id, kind: 'ban', unit: 'hours', duration: 1, reason: 'bot' }, { token: admin.token })).code).toBe(200);
    const asked = await call(app, account.getCode, { mobile: u.email, type: 2 }, { ip: freshIp() });
    expect(asked).toMatchObject({ status: 403, code: 1 });
    expect(asked.msg).toMatch(/^This account is banned until .+\. Reason: bot$/);
    expect((await call(app, account.getCode, { mobile: u.email, type: 2 }, { lang: 'zh' })).msg).toMatch(/^该账号已被封禁至 .+。原因：bot$/);
    const reset = await call(app, account.forgotPassword, { mobile: u.email, code, password: 'newpass123', confirm_password: 'newpass123' });
    expect(reset).toMatchObject({ status: 403, msg: asked.msg });
    // The password did not change: the old one still checks (the ban then refuses the session).
    const login = await call(app, account.login, { mobile: u.email, password: u.password, device_type: 'pc', ticket: await captchaTicket(app) });
    expect(login.msg).toBe(asked.msg);
  });
});
