import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CHARGE_RULES } from '@livesports/contracts/economy';
import * as api from '@livesports/contracts/economy-wallet';
import { sandboxSignature } from '../src/modules/economy/payment/sandbox.ts';
import { loadSecret } from '../src/platform/secrets.ts';
import { call, seedUser, otherApp, testApp } from './helpers.ts';
import { quickUser, recharge } from './economy.helpers.ts';

let app: FastifyInstance;
let secret: string;
beforeAll(async () => {
  app = await testApp();
  secret = loadSecret(app.config.dataDir, 'payment-sandbox');
});

const WEBHOOK = '/api/payment/notify/sandbox';

/** A notification signed like the sandbox provider signs it, `ageSeconds` old. */
function signed(body: object, opts: { ageSeconds?: number; key?: string } = {}) {
  const raw = JSON.stringify(body);
  const t = Math.floor(Date.now() / 1000) - (opts.ageSeconds ?? 0);
  return { raw, headers: { 'content-type': 'application/json', 'x-sandbox-signature': sandboxSignature(opts.key ?? secret, raw, t) } };
}
const paidEvent = (orderNo: string, amount: number, id = `evt_${Math.random().toString(36).slice(2)}`) => ({
  id,
  type: 'payment.succeeded',
  data: { order_no: orderNo, amount, currency: 'CNY', payment_id: 'sbx_test' },
});
const deliver = (n: { raw: string; headers: Record<string, string> }) => app.inject({ method: 'POST', url: WEBHOOK, headers: n.headers, payload: n.raw });
const balance = async (token: string) => (await call(app, api.getWallet, {}, { token })).data.consumption as number;

describe('api/chargerules/getList', () => {
  it('lists the packages and the sandbox provider, without login', async () => {
    const res = await call(app, api.chargeRules, {});
    expect(res).toMatchObject({ code: 200, data: { providers: ['sandbox'], currency: 'CNY' } });
    expect(res.data.list).toEqual(CHARGE_RULES.map((r) => ({ ...r })));
  });

  it("prices every package in the configured provider's currency, and the order and checkout charge that", async () => {
    const usd = await otherApp({ PAYMENT_CURRENCY: 'usd', CAPTCHA: 'off' });
    try {
      const rules = await call(usd, api.chargeRules, {});
      expect(rules.data.currency).toBe('USD');
      expect(rules.data.list.map((r: { money: number; currency: string }) => [r.money, r.currency])).toEqual([
        [99, 'USD'],
        [499, 'USD'],
        [999, 'USD'],
        [2_999, 'USD'],
        [8_999, 'USD'],
        [17_999, 'USD'],
      ]);
      // Coins and bonus do not change with the currency.
      expect(rules.data.list.map((r: { coins: number; bonus: number }) => [r.coins, r.bonus])).toEqual(CHARGE_RULES.map((r) => [r.coins, r.bonus]));
      const u = await seedUser(usd);
      const order = await call(usd, api.payUrl, { id: 1 }, { token: u.token });
      expect((await call(usd, api.rechargeOrder, { order_no: order.data.order_no }, { token: u.token })).data).toMatchObject({ money: 99, currency: 'USD' });
      expect((await usd.inject({ method: 'GET', url: `${order.data.pay_url}?lang=en` })).body).toContain('Pay $0.99');
      expect((await usd.inject({ method: 'GET', url: `${order.data.pay_url}?lang=es` })).body).toContain('Pagar 0,99');
    } finally {
      await usd.close();
    }
  });

  it('a package with a bonus credits the coins its tile shows (the bonus is part of them)', async () => {
    const u = await seedUser(app);
    const rule = CHARGE_RULES.find((r) => r.bonus > 0)!;
    const res = await call(app, api.payUrl, { id: rule.id }, { token: u.token });
    await app.inject({ method: 'POST', url: res.data.pay_url, payload: { action: 'pay' } });
    expect(await balance(u.token)).toBe(rule.coins);
  });
});

describe('PAYMENT_SANDBOX=off', () => {
  it('offers no sandbox: no order, no checkout page, nothing credited', async () => {
    const prod = await otherApp({ PAYMENT_SANDBOX: 'off', CAPTCHA: 'off' });
    try {
      expect((await call(prod, api.chargeRules, {})).data.providers).toEqual([]);
      const u = await seedUser(app);
      const res = await call(prod, api.payUrl, { id: 1 }, { token: u.token });
      expect(res).toMatchObject({ code: 1, msg: 'This payment method is not available' });
      expect((await prod.inject({ method: 'GET', url: '/sandbox-pay/checkout/none' })).statusCode).toBe(404);
      expect(await balance(u.token)).toBe(0);
    } finally {
      await prod.close();
    }
  });
});

describe('api/chargerules/payUrl and the sandbox checkout', () => {
  it('creates a pending order and a checkout page that pays it once', async () => {
    const u = await seedUser(app);
    const res = await call(app, api.payUrl, { id: 1 }, { token: u.token });
    expect(res.code).toBe(200);
    expect(res.data.pay_url).toBe(`/sandbox-pay/checkout/${res.data.order_no}`);
    const order = await call(app, api.rechargeOrder, { order_no: res.data.order_no }, { token: u.token });
    expect(order.data).toMatchObject({ status: 'pending', coins: 600, money: 600, currency: 'CNY', provider: 'sandbox', paid_at: null });

    const page = await app.inject({ method: 'GET', url: `${res.data.pay_url}?lang=es` });
    expect(page.statusCode).toBe(200);
    // Written for the Spanish reader: comma decimals, the currency after the amount.
    expect(page.body).toContain('Pagar 6,00\u00a0CNY');
    expect(page.body).toContain('60 monedas de oro');

    const pay = await app.inject({ method: 'POST', url: res.data.pay_url, payload: { action: 'pay' } });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/member?type=1&order=${res.data.order_no}`);
    expect(await balance(u.token)).toBe(600);
    const paid = await call(app, api.rechargeOrder, { order_no: res.data.order_no }, { token: u.token });
    expect(paid.data.status).toBe('paid');
    expect(paid.data.paid_at).not.toBeNull();

    // Paying again on the page is only a page saying it is done; nothing is credited twice.
    const again = await app.inject({ method: 'POST', url: res.data.pay_url, payload: { action: 'pay' } });
    expect(again.statusCode).toBe(303);
    expect(await balance(u.token)).toBe(600);
    expect((await app.inject({ method: 'GET', url: res.data.pay_url })).body).toContain('This order is already paid.');
  });

  it('a cancelled checkout credits nothing and marks the order failed', async () => {
    const u = await quickUser(app);
    const res = await call(app, api.payUrl, { id: 3 }, { token: u.token });
    const cancel = await app.inject({ method: 'POST', url: res.data.pay_url, payload: { action: 'cancel' } });
    expect(cancel.statusCode).toBe(303);
    expect((await call(app, api.rechargeOrder, { order_no: res.data.order_no }, { token: u.token })).data.status).toBe('failed');
    expect(await balance(u.token)).toBe(0);
  });

  it('also answers POST, and refuses unknown packages and providers, and guests', async () => {
    const u = await quickUser(app);
    const post = await call(app, { ...api.payUrl, method: 'POST' }, { id: 2 }, { token: u.token });
    expect(post.code).toBe(200);
    expect((await call(app, api.payUrl, { id: 99 }, { token: u.token })).msg).toBe('Please choose a recharge package');
    expect((await call(app, api.payUrl, {}, { token: u.token, lang: 'zh' })).msg).toBe('请选择充值套餐');
    expect((await call(app, api.payUrl, { id: 1, provider: 'paypal' }, { token: u.token })).msg).toBe('This payment method is not available');
    expect((await call(app, api.payUrl, { id: 1 })).code).toBe(700);
  });

  it('an order is only visible to its owner', async () => {
    const a = await quickUser(app);
    const b = await quickUser(app);
    const res = await call(app, api.payUrl, { id: 1 }, { token: a.token });
    const other = await call(app, api.rechargeOrder, { order_no: res.data.order_no }, { token: b.token });
    expect(other).toMatchObject({ status: 404, code: 1, msg: 'Order not found' });
    const list = await call(app, api.rechargeOrders, {}, { token: a.token });
    expect(list.data.list.map((o: { order_no: string }) => o.order_no)).toContain(res.data.order_no);
    expect((await call(app, api.rechargeOrders, {}, { token: b.token })).data.total).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/sandbox-pay/checkout/R-NOPE' })).statusCode).toBe(404);
  });
});

describe('payment webhook', () => {
  async function pendingOrder() {
    const u = await quickUser(app);
    const res = await call(app, api.payUrl, { id: 2 }, { token: u.token });
    return { u, orderNo: res.data.order_no as string };
  }

  it('credits once when the same notification is delivered twice, or a second event for the same order comes', async () => {
    const { u, orderNo } = await pendingOrder();
    const n = signed(paidEvent(orderNo, 3000, 'evt_dup_1'));
    const first = await deliver(n);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ status: 'credited' });
    const second = await deliver(n);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual({ status: 'duplicate' });
    const third = await deliver(signed(paidEvent(orderNo, 3000, 'evt_dup_2')));
    expect(third.json().data).toEqual({ status: 'duplicate' });
    expect(await balance(u.token)).toBe(3000);
  });

  it('concurrent deliveries still credit once', async () => {
    const { u, orderNo } = await pendingOrder();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => deliver(signed(paidEvent(orderNo, 3000, `evt_race_${orderNo}_${i}`)))));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().data.status === 'credited')).toHaveLength(1);
    expect(await balance(u.token)).toBe(3000);
  });

  it('rejects a bad signature, a foreign key, a stale timestamp and a missing header', async () => {
    const { u, orderNo } = await pendingOrder();
    const good = signed(paidEvent(orderNo, 3000));
    const tampered = { ...good, raw: good.raw.replace('3000', '3001') };
    expect((await deliver(tampered)).statusCode).toBe(401);
    expect((await deliver(signed(paidEvent(orderNo, 3000), { key: 'not-our-secret' }))).statusCode).toBe(401);
    const stale = await deliver(signed(paidEvent(orderNo, 3000), { ageSeconds: 301 }));
    expect(stale.statusCode).toBe(401);
    expect((await deliver(signed(paidEvent(orderNo, 3000), { ageSeconds: -400 }))).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: WEBHOOK, headers: { 'content-type': 'application/json' }, payload: good.raw })).statusCode).toBe(401);
    expect((await deliver({ ...good, headers: { ...good.headers, 'x-sandbox-signature': 'garbage' } })).statusCode).toBe(401);
    expect(await balance(u.token)).toBe(0);
    // The genuine one still works afterwards.
    expect((await deliver(good)).json().data.status).toBe('credited');
  });

  it('replaying a captured notification later is refused', async () => {
    const { u, orderNo } = await pendingOrder();
    const captured = signed(paidEvent(orderNo, 3000), { ageSeconds: 3600 });
    const res = await deliver(captured);
    expect(res.statusCode).toBe(401);
    expect(await balance(u.token)).toBe(0);
  });

  it('refuses an amount that differs from the order, an unknown order and a malformed body', async () => {
    const { u, orderNo } = await pendingOrder();
    const wrong = await deliver(signed(paidEvent(orderNo, 1)));
    expect(wrong).toMatchObject({ statusCode: 400 });
    expect((await deliver(signed(paidEvent('R-UNKNOWN', 3000)))).statusCode).toBe(404);
    expect((await deliver(signed({ hello: 'world' }))).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/payment/notify/nope', headers: signed({}).headers, payload: '{}' })).statusCode).toBe(404);
    expect(await balance(u.token)).toBe(0);
    expect((await call(app, api.rechargeOrder, { order_no: orderNo }, { token: u.token })).data.status).toBe('pending');
  });

  it('a late success after a failure still credits (the payer paid)', async () => {
    const { u, orderNo } = await pendingOrder();
    const failed = await deliver(signed({ ...paidEvent(orderNo, 3000), type: 'payment.failed' }));
    expect(failed.json().data.status).toBe('failed');
    expect((await deliver(signed(paidEvent(orderNo, 3000)))).json().data.status).toBe('credited');
    expect(await balance(u.token)).toBe(3000);
  });
});

describe('api/Order/getList and getTypeList', () => {
  it('lists types in the caller language', async () => {
    const res = await call(app, api.orderTypes, {}, { lang: 'es' });
    expect(res.data).toContainEqual({ type: 'recharge', name: 'Recarga' });
    expect(res.data.map((t: { type: string }) => t.type)).toEqual(['recharge', 'gift', 'guard', 'noble', 'withdraw', 'withdraw_return', 'convert', 'invite_bonus', 'horn']);
  });

  it('shows recharges with the balance after each, newest first, filtered by wallet and type', async () => {
    const u = await quickUser(app);
    const first = await recharge(app, u.token, 1);
    await recharge(app, u.token, 2);
    const res = await call(app, api.orderList, {}, { token: u.token });
    expect(res.data.total).toBe(2);
    expect(res.data.list.map((l: { amount: number; balance_after: number }) => [l.amount, l.balance_after])).toEqual([
      [3000, 3600],
      [600, 600],
    ]);
    expect(res.data.list[1]).toMatchObject({ kind: 'recharge', type_name: 'Recharge', wallet: 'consumption', title: `Recharge, order ${first}` });
    expect((await call(app, api.orderList, { wallet: 'income' }, { token: u.token })).data.total).toBe(0);
    expect((await call(app, api.orderList, { type: 'gift' }, { token: u.token })).data.total).toBe(0);
    expect((await call(app, api.orderList, { limit: 1, page: 2 }, { token: u.token })).data.list[0].amount).toBe(600);
  });

  it('checks its inputs and needs login', async () => {
    const u = await quickUser(app);
    expect((await call(app, api.orderList, { wallet: 'savings' }, { token: u.token })).msg).toBe('Unknown wallet');
    expect((await call(app, api.orderList, { type: 'bribe' }, { token: u.token })).msg).toBe('Unknown record type');
    expect((await call(app, api.orderList, { limit: 500 }, { token: u.token })).msg).toBe('Something in the form is not right. Please check it.');
    expect((await call(app, api.orderList, {})).code).toBe(700);
    expect((await call(app, api.getWallet, {})).code).toBe(700);
  });
});
