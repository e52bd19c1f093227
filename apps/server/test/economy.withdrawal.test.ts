import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as api from '@livesports/contracts/economy-withdrawal';
import { conversionBalance, getWallet, orderList } from '@livesports/contracts/economy-wallet';
import { giftList, handselGift } from '@livesports/contracts/economy-gifts';
import { call, testApp } from './helpers.ts';
import { key, quickUser, recharge, setPayPassword } from './economy.helpers.ts';

let app: FastifyInstance;
let rocketId: number;
beforeAll(async () => {
  app = await testApp();
  rocketId = (await call(app, giftList, {})).data.find((g: { code: string }) => g.code === 'rocket').id;
});

const wallet = async (token: string) => (await call(app, getWallet, {}, { token })).data;
const post = <C extends { method: string }>(c: C) => ({ ...c, method: 'POST' as const });

/** An anchor with income from a fan's rocket (6570 tenths), a payment password and a bound bank card. */
async function earningAnchor(opts: { bind?: boolean } = {}) {
  const anchor = await quickUser(app, { anchor: true });
  const fan = await quickUser(app);
  await recharge(app, fan.token, 4);
  const sent = await call(app, handselGift, { room_id: anchor.id, gift_id: rocketId, idempotency_key: key() }, { token: fan.token });
  if (sent.code !== 200) throw new Error(sent.msg);
  const password = await setPayPassword(app, anchor.token);
  if (opts.bind !== false)
    await call(app, post(api.bindBankCard), { name: 'Li Lei', card_no: '6222 0212 3456 7890', bank_name: 'ICBC', branch: 'Haidian', pay_password: password }, { token: anchor.token });
  return { anchor, password };
}

describe('api/Bank_card: bind, getInfo, bindAliPay, getAliPayInfo', () => {
  it('binds a bank card and shows it masked; rebinding replaces it', async () => {
    const u = await quickUser(app);
    expect((await call(app, api.bankCardInfo, {}, { token: u.token })).data).toBeNull();
    const res = await call(app, api.bindBankCard, { name: ' Li Lei ', card_no: '6222-0212-3456-7890', bank_name: 'ICBC', branch: '' }, { token: u.token });
    expect(res).toMatchObject({ code: 200, msg: 'Account linked', data: { name: 'Li Lei', card_no: '**** **** **** 7890', bank_name: 'ICBC' } });
    await call(app, post(api.bindBankCard), { name: 'Li Lei', card_no: '6222021234561111', bank_name: 'CCB' }, { token: u.token });
    expect((await call(app, api.bankCardInfo, {}, { token: u.token })).data).toMatchObject({ card_no: '**** **** **** 1111', bank_name: 'CCB' });
  });

  it('checks every bank card field in order, in the caller language', async () => {
    const u = await quickUser(app);
    const t = { token: u.token };
    const ok = { name: 'Li', card_no: '6222021234567890', bank_name: 'ICBC' };
    expect((await call(app, api.bindBankCard, { ...ok, name: '' }, t)).msg).toBe('Please enter the account holder name');
    expect((await call(app, api.bindBankCard, { ...ok, name: 'x'.repeat(31) }, t)).msg).toBe('The name cannot exceed 30 characters');
    expect((await call(app, api.bindBankCard, { ...ok, card_no: '' }, t)).msg).toBe('Please enter the bank card number');
    expect((await call(app, api.bindBankCard, { ...ok, card_no: '12345' }, t)).msg).toBe('A bank card number has 12 to 19 digits');
    expect((await call(app, api.bindBankCard, { ...ok, card_no: '6222abcd34567890' }, { ...t, lang: 'es' })).msg).toBe('El número de tarjeta tiene de 12 a 19 dígitos');
    expect((await call(app, api.bindBankCard, { ...ok, bank_name: ' ' }, { ...t, lang: 'zh' })).msg).toBe('请输入开户银行');
    expect((await call(app, api.bankCardInfo, {}, t)).data).toBeNull();
    expect((await call(app, api.bindBankCard, ok)).code).toBe(700);
  });

  it('binds Alipay by phone or e-mail, masked', async () => {
    const u = await quickUser(app);
    const t = { token: u.token };
    expect((await call(app, api.aliPayInfo, {}, t)).data).toBeNull();
    expect((await call(app, api.bindAliPay, { name: 'Han Meimei', account: '13812345678' }, t)).data).toEqual({ name: 'Han Meimei', account: '138****5678' });
    expect((await call(app, post(api.bindAliPay), { name: 'Han Meimei', account: 'han@example.com' }, t)).data.account).toBe('h***@example.com');
    expect((await call(app, api.aliPayInfo, {}, t)).data).toEqual({ name: 'Han Meimei', account: 'h***@example.com' });
    expect((await call(app, api.bindAliPay, { name: 'Han', account: '' }, t)).msg).toBe('Please enter the Alipay account');
    expect((await call(app, api.bindAliPay, { name: 'Han', account: 'not an account' }, t)).msg).toBe('An Alipay account is a phone number or an e-mail address');
    expect((await call(app, api.aliPayInfo, {})).code).toBe(700);
  });
});

describe('binding a payout account asks for the payment password (the first one too)', () => {
  const card = { name: 'Li Lei', card_no: '6222021234567890', bank_name: 'ICBC', branch: 'Haidian' };
  const bank = async (token: string) => (await call(app, api.bankCardInfo, {}, { token })).data;
  const alipay = async (token: string) => (await call(app, api.aliPayInfo, {}, { token })).data;

  it('binds the first card and the first Alipay account without one only while no payment password is set', async () => {
    const u = await quickUser(app);
    expect((await call(app, post(api.bindBankCard), card, { token: u.token })).code).toBe(200);
    expect((await call(app, post(api.bindAliPay), { name: 'Li Lei', account: '13812345678' }, { token: u.token })).code).toBe(200);
    expect(await bank(u.token)).toMatchObject({ card_no: '**** **** **** 7890' });
    expect(await alipay(u.token)).toMatchObject({ account: '138****5678' });
  });

  it('asks for it at the first binding once one is set (issue #51 item 1): refused without it or with a wrong one, bound with the right one', async () => {
    const u = await quickUser(app);
    const password = await setPayPassword(app, u.token);
    expect(await call(app, post(api.bindBankCard), card, { token: u.token })).toMatchObject({ status: 400, code: 1, msg: 'Please enter your payment password to bind a payout account' });
    expect((await call(app, api.bindBankCard, card, { token: u.token, lang: 'zh' })).msg).toBe('绑定收款账户需要输入支付密码');
    expect((await call(app, post(api.bindAliPay), { name: 'Mallory', account: 'mallory@example.com' }, { token: u.token, lang: 'es' })).msg).toBe(
      'Introduzca su contraseña de pago para vincular una cuenta de cobro',
    );
    expect((await call(app, post(api.bindBankCard), { ...card, pay_password: '000000' }, { token: u.token })).msg).toBe('Wrong payment password, 4 attempts left');
    expect(await bank(u.token)).toBeNull();
    expect(await alipay(u.token)).toBeNull();
    expect((await call(app, post(api.bindBankCard), { ...card, pay_password: password }, { token: u.token })).code).toBe(200);
    expect((await call(app, post(api.bindAliPay), { name: 'Li Lei', account: '13812345678', pay_password: password }, { token: u.token })).code).toBe(200);
    expect(await bank(u.token)).toMatchObject({ card_no: '**** **** **** 7890' });
  });

  it('refuses a rebind without the password (400, in the caller language) and changes nothing', async () => {
    const u = await quickUser(app);
    const password = await setPayPassword(app, u.token);
    await call(app, post(api.bindBankCard), { ...card, pay_password: password }, { token: u.token });
    await call(app, post(api.bindAliPay), { name: 'Li Lei', account: '13812345678', pay_password: password }, { token: u.token });
    const other = { ...card, name: 'Mallory', card_no: '6222029999990000' };
    expect(await call(app, post(api.bindBankCard), other, { token: u.token })).toMatchObject({ status: 400, code: 1, msg: 'Please enter your payment password to change the bound account' });
    expect((await call(app, api.bindBankCard, { ...other, pay_password: '' }, { token: u.token, lang: 'zh' })).msg).toBe('更换已绑定的账户需要输入支付密码');
    expect((await call(app, post(api.bindAliPay), { name: 'Mallory', account: 'mallory@example.com' }, { token: u.token, lang: 'es' })).msg).toBe(
      'Introduzca su contraseña de pago para cambiar la cuenta vinculada',
    );
    expect(await bank(u.token)).toEqual({ name: 'Li Lei', bank_name: 'ICBC', branch: 'Haidian', card_no: '**** **** **** 7890' });
    expect(await alipay(u.token)).toEqual({ name: 'Li Lei', account: '138****5678' });
    // A missing password is not a guess: the five attempts are all still there.
    expect((await call(app, post(api.bindBankCard), { ...other, pay_password: '000000' }, { token: u.token })).msg).toBe('Wrong payment password, 4 attempts left');
    expect((await call(app, post(api.bindBankCard), { ...other, pay_password: password }, { token: u.token })).code).toBe(200);
  });

  it('counts a wrong password with the withdrawal counter and locks both after five', async () => {
    const { anchor, password } = await earningAnchor();
    const t = { token: anchor.token };
    const other = { ...card, name: 'Mallory', card_no: '6222029999990000' };
    expect(await call(app, post(api.bindBankCard), { ...other, pay_password: '000000' }, t)).toMatchObject({ status: 400, msg: 'Wrong payment password, 4 attempts left' });
    // One counter: a wrong withdrawal password after it leaves three.
    const withdraw = (pay_password: string) => call(app, post(api.applyForWithdrawal), { type: 1, money: 1000, pay_password, idempotency_key: key() }, t);
    expect((await withdraw('000000')).msg).toBe('Wrong payment password, 3 attempts left');
    // A first Alipay account asks for it too; a missing one is not counted.
    expect((await call(app, post(api.bindAliPay), { name: 'Li', account: '13812345678' }, t)).msg).toBe('Please enter your payment password to bind a payout account');
    expect((await call(app, api.bindAliPay, { name: 'Mallory', account: 'm@example.com', pay_password: '111111' }, t)).msg).toBe('Wrong payment password, 2 attempts left');
    expect((await call(app, post(api.bindBankCard), { ...other, pay_password: '222222' }, t)).msg).toBe('Wrong payment password, 1 attempts left');
    expect(await call(app, post(api.bindBankCard), { ...other, pay_password: '333333' }, t)).toMatchObject({ status: 429, msg: 'Too many wrong payment passwords, try again in 15 minutes' });
    // Locked: the right password is refused too, for rebinding and for withdrawing.
    expect((await call(app, post(api.bindBankCard), { ...other, pay_password: password }, t)).status).toBe(429);
    expect((await withdraw(password)).status).toBe(429);
    expect(await bank(anchor.token)).toMatchObject({ name: 'Li Lei', card_no: '**** **** **** 7890' });
    expect(await alipay(anchor.token)).toBeNull();
    expect((await wallet(anchor.token)).income).toBe(6570);
  });

  it('rebinds with the right password, which also clears the count', async () => {
    const { anchor, password } = await earningAnchor();
    const t = { token: anchor.token };
    expect((await call(app, post(api.bindBankCard), { ...card, card_no: '6222020000001111', pay_password: '000000' }, t)).msg).toBe('Wrong payment password, 4 attempts left');
    const res = await call(app, post(api.bindBankCard), { ...card, name: 'Han Meimei', card_no: '6222020000001111', bank_name: 'CCB', pay_password: password }, t);
    expect(res).toMatchObject({ code: 200, msg: 'Account linked', data: { name: 'Han Meimei', bank_name: 'CCB', card_no: '**** **** **** 1111' } });
    expect(await bank(anchor.token)).toMatchObject({ name: 'Han Meimei', card_no: '**** **** **** 1111' });
    // The count starts again after the right password.
    expect((await call(app, post(api.bindBankCard), { ...card, pay_password: '000000' }, t)).msg).toBe('Wrong payment password, 4 attempts left');
    await call(app, post(api.bindAliPay), { name: 'Li', account: '13812345678' }, t);
    expect((await call(app, api.bindAliPay, { name: 'Li', account: 'li@example.com', pay_password: password }, t)).data).toEqual({ name: 'Li', account: 'l***@example.com' });
    // The withdrawal goes to the new card.
    const w = await call(app, post(api.applyForWithdrawal), { type: 1, money: 1000, pay_password: password, idempotency_key: key() }, t);
    expect(w.data.account).toBe('**** **** **** 1111');
  });

  it('lets a user without a payment password rebind as before', async () => {
    const u = await quickUser(app);
    await call(app, post(api.bindBankCard), card, { token: u.token });
    expect((await call(app, post(api.bindBankCard), { ...card, card_no: '6222020000002222' }, { token: u.token })).code).toBe(200);
    expect((await bank(u.token)).card_no).toBe('**** **** **** 2222');
  });
});

describe('api/Balance/applyForWithdrawal and withdrawalList', () => {
  it('holds the money at once, lists it in progress, and shows it in the income details', async () => {
    const { anchor, password } = await earningAnchor();
    expect((await wallet(anchor.token)).income).toBe(6570);
    const res = await call(app, post(api.applyForWithdrawal), { type: 1, money: 5000, pay_password: password, idempotency_key: key() }, { token: anchor.token });
    expect(res).toMatchObject({
      code: 200,
      msg: 'Withdrawal submitted: it is being processed',
      data: { type: 1, money: 5000, payout: 5000, status: 0, status_name: 'In progress', account: '**** **** **** 7890', income: 1570 },
    });
    expect(await wallet(anchor.token)).toMatchObject({ income: 1570, withdrawing: 5000 });
    const list = await call(app, api.withdrawalList, {}, { token: anchor.token, lang: 'zh' });
    expect(list.data).toMatchObject({ total: 1, list: [{ id: res.data.id, status: 0, status_name: '处理中' }] });
    const details = await call(app, orderList, { wallet: 'income' }, { token: anchor.token });
    expect(details.data.list[0]).toMatchObject({ kind: 'withdraw', amount: -5000, balance_after: 1570, title: `Withdrawal #${res.data.id}` });
  });

  it('answers GET as the spec writes it, and a repeated key withdraws once', async () => {
    const { anchor, password } = await earningAnchor();
    const input = { type: 1, money: 3000, pay_password: password, idempotency_key: key() };
    const first = await call(app, api.applyForWithdrawal, input, { token: anchor.token });
    const again = await call(app, post(api.applyForWithdrawal), input, { token: anchor.token });
    expect(first.code).toBe(200);
    expect(again.data).toEqual(first.data);
    expect((await wallet(anchor.token)).income).toBe(3570);
    expect((await call(app, api.withdrawalList, {}, { token: anchor.token })).data.total).toBe(1);
  });

  it('needs a method, an amount in range, a password, a bound account and enough income', async () => {
    const { anchor, password } = await earningAnchor();
    const t = { token: anchor.token };
    const ok = { type: 1, money: 1000, pay_password: password, idempotency_key: key() };
    expect((await call(app, post(api.applyForWithdrawal), { ...ok, type: undefined }, t)).msg).toBe('Please choose a withdrawal method');
    expect((await call(app, post(api.applyForWithdrawal), { ...ok, type: 3 }, t)).msg).toBe('Please choose a withdrawal method');
    expect((await call(app, post(api.applyForWithdrawal), { ...ok, money: '' }, t)).msg).toBe('Please enter a valid amount');
    expect((await call(app, post(api.applyForWithdrawal), { ...ok, money: 12.5 }, t)).msg).toBe('Please enter a valid amount');
    expect((await call(app, post(api.applyForWithdrawal), { ...ok, money: 99 }, t)).msg).toBe('The minimum withdrawal is 10 coins');
    expect((await call(app, post(api.applyForWithdrawal), { ...ok, money: 500_001 }, t)).msg).toBe('The maximum single withdrawal is 50,000 coins');
    expect((await call(app, post(api.applyForWithdrawal), { ...ok, pay_password: '' }, t)).msg).toBe('Please enter the payment password');
    expect((await call(app, post(api.applyForWithdrawal), { ...ok, type: 2 }, t)).msg).toBe('Please bind an Alipay account first');
    expect((await call(app, post(api.applyForWithdrawal), { ...ok, money: 6571 }, t)).msg).toBe('Your income balance is not enough');
    expect((await call(app, post(api.applyForWithdrawal), ok)).code).toBe(700);
    expect((await wallet(anchor.token)).income).toBe(6570);

    const { anchor: unbound, password: p2 } = await earningAnchor({ bind: false });
    expect((await call(app, post(api.applyForWithdrawal), { ...ok, pay_password: p2 }, { token: unbound.token })).msg).toBe('Please bind a bank card first');
    const nopass = await quickUser(app);
    expect((await call(app, post(api.applyForWithdrawal), ok, { token: nopass.token })).msg).toBe('Please set a payment password first');
  });

  it('counts wrong payment passwords and locks after five', async () => {
    const { anchor, password } = await earningAnchor();
    const attempt = (pay_password: string) => call(app, post(api.applyForWithdrawal), { type: 1, money: 1000, pay_password, idempotency_key: key() }, { token: anchor.token });
    expect((await attempt('000000')).msg).toBe('Wrong payment password, 4 attempts left');
    // A right password in between starts the count again.
    expect((await attempt(password)).code).toBe(200);
    for (const left of [4, 3, 2, 1]) expect((await attempt('000000')).msg).toBe(`Wrong payment password, ${left} attempts left`);
    const locked = await attempt('000000');
    expect(locked).toMatchObject({ status: 429, msg: 'Too many wrong payment passwords, try again in 15 minutes' });
    // Locked: even the right password is refused until the lock ends.
    expect((await attempt(password)).msg).toBe('Too many wrong payment passwords, try again in 15 minutes');
    expect((await wallet(anchor.token)).income).toBe(5570);
  });

  it('counts each guess before checking it: 30 parallel guesses get five checks, the right one among the rest does not pass', async () => {
    const { anchor, password } = await earningAnchor();
    const attempt = (pay_password: string) => call(app, post(api.applyForWithdrawal), { type: 1, money: 1000, pay_password, idempotency_key: key() }, { token: anchor.token });
    // 29 wrong guesses and the right password last, all at once.
    const answers = await Promise.all([...Array.from({ length: 29 }, (_, i) => attempt(String(100000 + i))), attempt(password)]);
    const checked = answers.filter((a) => a.msg.startsWith('Wrong payment password'));
    const locked = answers.filter((a) => a.status === 429);
    const paid = answers.filter((a) => a.code === 200);
    // At most five guesses were checked (the right one may be among them, and then it pays once).
    expect(checked.length + paid.length).toBeLessThanOrEqual(5);
    expect(locked.length).toBeGreaterThanOrEqual(25);
    expect(paid.length).toBeLessThanOrEqual(1);
    if (paid.length === 0) {
      // Locked now: the right password is refused too, and no money moved.
      expect((await attempt(password)).status).toBe(429);
      expect((await wallet(anchor.token)).income).toBe(6570);
    }
  });
});

describe('conversion api/Balance/conversionBalance', () => {
  it('moves income to coins one way, only when confirmed, once per key', async () => {
    const { anchor } = await earningAnchor();
    const t = { token: anchor.token };
    const k = key();
    expect((await call(app, post(conversionBalance), { money: 1000, idempotency_key: k }, t)).msg).toBe('Please confirm the conversion: it cannot be undone');
    expect((await call(app, post(conversionBalance), { money: 1000, confirm: false, idempotency_key: k }, t)).msg).toBe('Please confirm the conversion: it cannot be undone');
    const ok = await call(app, conversionBalance, { money: 1000, confirm: 1, idempotency_key: k }, t);
    expect(ok).toMatchObject({ code: 200, msg: 'Converted to gold coins', data: { consumption: 1000, income: 5570 } });
    expect((await call(app, post(conversionBalance), { money: 1000, confirm: true, idempotency_key: k }, t)).data).toEqual(ok.data);
    expect((await call(app, post(conversionBalance), { money: 10_000, confirm: true, idempotency_key: key() }, t)).msg).toBe('Your income balance is not enough');
    expect((await call(app, post(conversionBalance), { money: 0, confirm: true, idempotency_key: key() }, t)).msg).toBe('Please enter a valid amount');
    expect(await wallet(anchor.token)).toMatchObject({ consumption: 1000, income: 5570 });
    const lines = (await call(app, orderList, { type: 'convert' }, t)).data.list;
    expect(lines.map((l: { wallet: string; amount: number }) => [l.wallet, l.amount]).sort()).toEqual([
      ['consumption', 1000],
      ['income', -1000],
    ]);
    expect((await call(app, post(conversionBalance), { money: 1000, confirm: true, idempotency_key: key() })).code).toBe(700);
  });
});

describe('administrator review: api/admin/withdrawal/list, approve, reject', () => {
  it('approve pays out; reject returns the money; each only once; only for administrators', async () => {
    const { anchor, password } = await earningAnchor();
    const admin = await quickUser(app, { admin: true });
    const apply = async (money: number) => (await call(app, post(api.applyForWithdrawal), { type: 1, money, pay_password: password, idempotency_key: key() }, { token: anchor.token })).data;
    const a = await apply(2000);
    const b = await apply(3000);
    expect((await wallet(anchor.token)).income).toBe(1570);

    // Role checks: the anchor, another user, a guest.
    for (const token of [anchor.token, (await quickUser(app)).token]) {
      expect(await call(app, api.approveWithdrawal, { id: a.id }, { token })).toMatchObject({ status: 403, msg: 'You do not have permission to do this' });
      expect((await call(app, api.rejectWithdrawal, { id: a.id, reason: 'x' }, { token })).status).toBe(403);
      expect((await call(app, api.adminWithdrawals, {}, { token })).status).toBe(403);
    }
    expect((await call(app, api.approveWithdrawal, { id: a.id })).code).toBe(700);

    const pending = await call(app, api.adminWithdrawals, { status: 0, limit: 50 }, { token: admin.token });
    expect(pending.data.list.find((w: { id: number }) => w.id === a.id)).toMatchObject({ full_account: '6222021234567890', holder: 'Li Lei', bank_name: 'ICBC', user: { id: anchor.id } });

    const paid = await call(app, api.approveWithdrawal, { id: a.id }, { token: admin.token });
    expect(paid.data).toMatchObject({ id: a.id, status: 1, status_name: 'Payment completed' });
    expect((await call(app, api.rejectWithdrawal, { id: a.id, reason: 'late' }, { token: admin.token })).msg).toBe('This withdrawal has already been reviewed');
    expect((await call(app, api.approveWithdrawal, { id: a.id }, { token: admin.token })).status).toBe(409);

    expect((await call(app, api.rejectWithdrawal, { id: b.id, reason: '' }, { token: admin.token })).msg).toBe('Please give a reason for the rejection');
    const rejected = await call(app, api.rejectWithdrawal, { id: b.id, reason: 'Card name does not match' }, { token: admin.token, lang: 'es' });
    expect(rejected.data).toMatchObject({ status: 2, status_name: 'Solicitud rechazada', reason: 'Card name does not match' });
    expect(await wallet(anchor.token)).toMatchObject({ income: 4570, withdrawing: 0 });
    const details = (await call(app, orderList, { wallet: 'income' }, { token: anchor.token })).data.list;
    expect(details[0]).toMatchObject({ kind: 'withdraw_return', amount: 3000, balance_after: 4570, title: `Withdrawal #${b.id} rejected, returned` });
    expect((await call(app, api.approveWithdrawal, { id: 99_999_999 }, { token: admin.token })).msg).toBe('Withdrawal not found');
    const mine = (await call(app, api.withdrawalList, {}, { token: anchor.token })).data.list;
    expect(mine.map((w: { status: number }) => w.status)).toEqual([2, 1]);
  });

  it('an approve and a reject racing: exactly one wins', async () => {
    const { anchor, password } = await earningAnchor();
    const admin = await quickUser(app, { admin: true });
    const w = (await call(app, post(api.applyForWithdrawal), { type: 1, money: 6570, pay_password: password, idempotency_key: key() }, { token: anchor.token })).data;
    const [x, y] = await Promise.all([call(app, api.approveWithdrawal, { id: w.id }, { token: admin.token }), call(app, api.rejectWithdrawal, { id: w.id, reason: 'no' }, { token: admin.token })]);
    expect([x.code, y.code].sort()).toEqual([1, 200]);
    const income = (await wallet(anchor.token)).income;
    expect(income).toBe(x.code === 200 ? 0 : 6570);
  });
});

describe('api/admin/economy/audit', () => {
  it('adds up the books for administrators only', async () => {
    const admin = await quickUser(app, { admin: true });
    const res = await call(app, api.economyAudit, {}, { token: admin.token });
    expect(res.data).toMatchObject({ ok: true, drift: [], negative: 0 });
    expect(res.data.balance_total).toBe(res.data.ledger_total);
    expect((await call(app, api.economyAudit, {}, { token: (await quickUser(app)).token })).status).toBe(403);
  });
});
