import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { CHARGE_RULES, GUARD_PLANS, NOBLE_TIERS, type NobleTier, anchorShare, nobleInfo } from '@livesports/contracts/economy';
import type { AuthUser } from '../src/platform/auth.ts';
import { AppError } from '../src/platform/errors.ts';
import type { EconomyService } from '../src/modules/economy/service.ts';
import { testApp } from './helpers.ts';
import { key, quickUser } from './economy.helpers.ts';

// Random sequences of recharge, gift, guard, noble, convert, withdraw, approve, reject and
// repeated calls, run through the real services on the real database, against a model of what
// each wallet should hold. After every sequence the books must add up (audit) and match the model.

let app: FastifyInstance;
let eco: EconomyService;
let admin: AuthUser;
let prices: number[];
let giftIds: number[];
const PASSWORD = '135790';

beforeAll(async () => {
  app = await testApp();
  eco = app.economy;
  const a = await quickUser(app, { admin: true });
  admin = { id: a.id, isAnchor: false, isAdmin: true, isModerator: true, sessionId: 0 };
  const list = await eco.gifts.list('en');
  prices = list.map((g) => g.price);
  giftIds = list.map((g) => g.id);
});

type Op =
  | { t: 'recharge'; who: number; rule: number }
  | { t: 'gift'; who: number; to: number; gift: number; num: number }
  | { t: 'guard'; who: number; to: number; plan: number }
  | { t: 'noble'; who: number; tier: NobleTier; months: number }
  | { t: 'convert'; who: number; money: number }
  | { t: 'withdraw'; who: number; money: number }
  | { t: 'review'; pick: number; approve: boolean }
  | { t: 'repeat' };

// People 0-1 are fans, 2-3 anchors (anchors may also give to each other).
const person = fc.integer({ min: 0, max: 3 });
const anchorIdx = fc.integer({ min: 2, max: 3 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant('recharge' as const), who: person, rule: fc.integer({ min: 0, max: 2 }) }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('gift' as const), who: person, to: anchorIdx, gift: fc.nat(8), num: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 20 })) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('guard' as const), who: person, to: anchorIdx, plan: fc.integer({ min: 0, max: 1 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('noble' as const), who: person, tier: fc.constantFrom<NobleTier>('knight', 'viscount'), months: fc.integer({ min: 1, max: 2 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('convert' as const), who: anchorIdx, money: fc.integer({ min: 1, max: 3000 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('withdraw' as const), who: anchorIdx, money: fc.integer({ min: 100, max: 4000 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('review' as const), pick: fc.nat(), approve: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ t: 'repeat' as const }) },
);

interface Model {
  consumption: number[];
  income: number[];
  noble: Array<NobleTier | null>;
  pending: Array<{ id: number; who: number; money: number }>;
}

const rank = (t: NobleTier) => NOBLE_TIERS.indexOf(t);

/** The key of a business refusal, or a rethrow for anything unexpected. */
function refusal(err: unknown): string {
  if (err instanceof AppError) return err.key;
  throw err;
}

describe('property: the books always balance', () => {
  it('random sequences keep every wallet equal to its ledger, none negative, and equal to the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 22 }), async (ops) => {
        const made = [await quickUser(app), await quickUser(app), await quickUser(app, { anchor: true }), await quickUser(app, { anchor: true })];
        const users: AuthUser[] = made.map((m, i) => ({ id: m.id, isAnchor: i >= 2, isAdmin: false, isModerator: false, sessionId: 0 }));
        for (const u of users.slice(2)) {
          await app.account.setPaymentPassword(u, { password: PASSWORD });
          await eco.withdrawals.bindBank(u, { name: 'Test Holder', card_no: '6222021234567890', bank_name: 'ICBC', branch: '', pay_password: PASSWORD });
        }
        const m: Model = { consumption: [0, 0, 0, 0], income: [0, 0, 0, 0], noble: [null, null, null, null], pending: [] };
        let last: { run: () => Promise<unknown>; result: unknown } | null = null;

        for (const op of ops) {
          const before = JSON.stringify(m);
          switch (op.t) {
            case 'recharge': {
              const rule = CHARGE_RULES[op.rule];
              const order = await eco.recharge.createOrder(users[op.who], { id: rule.id, provider: 'sandbox' });
              const note = await eco.recharge.sandboxNotification(order.order_no, 'paid');
              const res = await eco.recharge.notify('sandbox', note.headers, note.body);
              expect(res.status).toBe('credited');
              // The provider redelivers: nothing more is credited.
              expect((await eco.recharge.notify('sandbox', note.headers, note.body)).status).toBe('duplicate');
              m.consumption[op.who] += rule.coins;
              break;
            }
            case 'gift': {
              const total = prices[op.gift] * op.num;
              const input = { room_id: users[op.to].id, gift_id: giftIds[op.gift], num: op.num, from_backpack: false, idempotency_key: key() };
              const run = () => eco.gifts.send(users[op.who], input);
              try {
                const result = await run();
                expect(op.who).not.toBe(op.to);
                expect(m.consumption[op.who]).toBeGreaterThanOrEqual(total);
                m.consumption[op.who] -= total;
                m.income[op.to] += anchorShare(total);
                last = { run, result };
              } catch (err) {
                const k = refusal(err);
                expect(k).toBe(op.who === op.to ? 'economy.self_gift' : 'economy.balance_insufficient');
                if (k === 'economy.balance_insufficient') expect(m.consumption[op.who]).toBeLessThan(total);
              }
              break;
            }
            case 'guard': {
              const plan = GUARD_PLANS[op.plan];
              const k0 = key();
              const run = () => eco.guards.buy(users[op.who], { room_id: users[op.to].id, guard_id: plan.id, idempotency_key: k0 });
              try {
                const result = await run();
                m.consumption[op.who] -= plan.price;
                m.income[op.to] += anchorShare(plan.price);
                last = { run, result };
              } catch (err) {
                const k = refusal(err);
                expect(k).toBe(op.who === op.to ? 'economy.self_guard' : 'economy.balance_insufficient');
              }
              break;
            }
            case 'noble': {
              const price = nobleInfo(op.tier).price * op.months;
              const k0 = key();
              const run = () => eco.nobles.buy(users[op.who], { tier: op.tier, months: op.months, idempotency_key: k0 });
              const current = m.noble[op.who];
              try {
                const result = await run();
                expect(current === null || rank(current) <= rank(op.tier)).toBe(true);
                m.consumption[op.who] -= price;
                m.noble[op.who] = op.tier;
                last = { run, result };
              } catch (err) {
                const k = refusal(err);
                if (current && rank(current) > rank(op.tier)) expect(k).toBe('economy.noble_lower');
                else expect(k).toBe('economy.balance_insufficient');
              }
              break;
            }
            case 'convert': {
              const k0 = key();
              const run = () => eco.wallet.convert(users[op.who], { money: op.money, idempotency_key: k0 });
              try {
                const result = await run();
                m.income[op.who] -= op.money;
                m.consumption[op.who] += op.money;
                last = { run, result };
              } catch (err) {
                expect(refusal(err)).toBe('economy.income_insufficient');
                expect(m.income[op.who]).toBeLessThan(op.money);
              }
              break;
            }
            case 'withdraw': {
              const k0 = key();
              const run = () => eco.withdrawals.apply(users[op.who], { type: 1, money: op.money, pay_password: PASSWORD, idempotency_key: k0 }, 'en');
              try {
                const result = await run();
                m.income[op.who] -= op.money;
                m.pending.push({ id: result.id, who: op.who, money: op.money });
                last = { run, result };
              } catch (err) {
                expect(refusal(err)).toBe('economy.income_insufficient');
                expect(m.income[op.who]).toBeLessThan(op.money);
              }
              break;
            }
            case 'review': {
              if (!m.pending.length) break;
              const [w] = m.pending.splice(op.pick % m.pending.length, 1);
              if (op.approve) await eco.withdrawals.approve(admin, w.id, 'en');
              else {
                await eco.withdrawals.reject(admin, w.id, 'property test', 'en');
                m.income[w.who] += w.money;
              }
              // Reviewing twice is refused and moves nothing.
              await expect(eco.withdrawals.approve(admin, w.id, 'en')).rejects.toMatchObject({ key: 'economy.withdrawal_reviewed' });
              break;
            }
            case 'repeat': {
              if (!last) break;
              // The same call with the same key: the first answer, nothing moved.
              expect(await last.run()).toEqual(last.result);
              expect(JSON.stringify(m)).toBe(before);
              break;
            }
          }
          for (const x of [...m.consumption, ...m.income]) expect(x).toBeGreaterThanOrEqual(0);
        }

        const ids = users.map((u) => u.id);
        const report = await eco.audit(ids);
        expect(report.drift).toEqual([]);
        expect(report.negative).toBe(0);
        expect(report.balanceTotal).toBe(report.ledgerTotal);
        expect(report.ok).toBe(true);
        for (const [i, u] of users.entries()) {
          const w = await eco.wallet.wallet(u);
          expect([w.consumption, w.income]).toEqual([m.consumption[i], m.income[i]]);
          expect(w.withdrawing).toBe(m.pending.filter((p) => p.who === i).reduce((s, p) => s + p.money, 0));
        }
      }),
      { numRuns: Number(process.env.ECONOMY_PROPERTY_RUNS ?? 12), endOnFailure: true },
    );
  }, 120_000);
});
