import { randomBytes } from 'node:crypto';
import type { RechargeOrder } from '@livesports/contracts/economy-wallet';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import type { EconomyContext } from './context.ts';
import { balanceOf, system, userWallet } from './ledger.ts';
import { type PaymentProvider, WebhookRejected } from './payment/provider.ts';
import type { SandboxProvider } from './payment/sandbox.ts';
import type { RechargeOrderRow, RechargeRepo } from './recharge.repo.ts';

/** Where the payer comes back to: the wallet, which polls the order. */
export const returnPath = (orderNo: string) => `/member?type=1&order=${encodeURIComponent(orderNo)}`;

function newOrderNo(now: Date) {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `R${stamp}${randomBytes(5).toString('hex').toUpperCase()}`;
}

const toOrder = (o: RechargeOrderRow): RechargeOrder => ({
  order_no: o.orderNo,
  status: o.status,
  coins: o.coins,
  money: o.money,
  currency: o.currency,
  provider: o.provider,
  created_at: o.createdAt.toISOString(),
  paid_at: o.paidAt?.toISOString() ?? null,
});

/**
 * Recharge: packages, orders, and the provider's signed notification that credits an order.
 * An order is credited at most once, whatever the provider redelivers: the credit runs as an
 * operation keyed `recharge:<order no>`.
 */
export function createRechargeService(ctx: EconomyContext, repo: RechargeRepo, providers: PaymentProvider[], sandbox: SandboxProvider | null) {
  const byName = new Map(providers.map((p) => [p.name, p]));

  return {
    /** The packages priced in the default provider's currency (the first offered: the one the site pays with). */
    async rules() {
      const currency = providers[0]?.currency ?? 'CNY';
      return { list: await ctx.prices.rules(currency), currency, providers: [...byName.keys()] };
    },

    async createOrder(user: AuthUser, input: { id: number; provider: string }) {
      const provider = byName.get(input.provider);
      if (!provider) throw badInput('economy.provider_unknown');
      const rule = (await ctx.prices.rules(provider.currency)).find((r) => r.id === input.id);
      if (!rule) throw badInput('economy.rule_unknown');
      const orderNo = newOrderNo(ctx.clock.now());
      await repo.insert({ orderNo, userId: user.id, ruleId: rule.id, coins: rule.coins, money: rule.money, currency: rule.currency, provider: provider.name });
      const pay_url = await provider.checkoutUrl({ orderNo, money: rule.money, currency: rule.currency, coins: rule.coins, returnUrl: returnPath(orderNo) });
      return { order_no: orderNo, pay_url };
    },

    async order(user: AuthUser, orderNo: string) {
      const o = await repo.byNo(orderNo);
      // Someone else's order is as unknown as a missing one.
      if (!o || o.userId !== user.id) throw notFound('economy.order_unknown');
      return toOrder(o);
    },

    async orders(user: AuthUser, page: number, limit: number) {
      const { list, total } = await repo.ofUser(user.id, limit, (page - 1) * limit);
      return { list: list.map(toOrder), total };
    },

    /** The order as the sandbox's checkout page shows it (no login: the provider does not know our users). */
    async checkoutOrder(orderNo: string) {
      const o = await repo.byNo(orderNo);
      return o && o.provider === 'sandbox' ? o : null;
    },

    /** What the sandbox sends when the payer clicks pay or cancel. */
    async sandboxNotification(orderNo: string, status: 'paid' | 'failed') {
      const o = await repo.byNo(orderNo);
      if (!sandbox || !o || o.provider !== 'sandbox') throw notFound('economy.order_unknown');
      return sandbox.notification({ orderNo: o.orderNo, money: o.money, currency: o.currency }, status, ctx.clock.now());
    },

    /** A provider's notification: verified, then applied once. */
    async notify(providerName: string, headers: Record<string, string | string[] | undefined>, rawBody: string) {
      const provider = byName.get(providerName);
      if (!provider) throw notFound('economy.provider_unknown');
      let n;
      try {
        n = provider.verify(headers, rawBody, ctx.clock.now());
      } catch (err) {
        if (err instanceof WebhookRejected) {
          ctx.log.warn({ provider: providerName, reason: err.reason }, 'payment notification rejected');
          throw new AppError(err.reason === 'malformed' ? 'common.input_error' : 'common.forbidden', err.reason === 'malformed' ? 400 : 401);
        }
        throw err;
      }
      const order = await repo.byNo(n.orderNo);
      if (!order || order.provider !== providerName) throw notFound('economy.order_unknown');
      if (n.money !== order.money || n.currency !== order.currency) {
        ctx.log.error({ order: order.orderNo, paid: n.money, expected: order.money }, 'payment notification amount differs from the order');
        throw badInput('economy.amount_invalid');
      }
      if (n.status === 'failed') {
        await repo.recordEvent(providerName, n.eventId, order.orderNo);
        if (order.status === 'pending') await repo.markFailed(order.orderNo);
        return { status: 'failed' as const };
      }
      const outcome = await ctx.ledger.runOp({ userId: order.userId, kind: 'recharge', key: `recharge:${order.orderNo}`, meta: { order_no: order.orderNo } }, async (tx, opId) => {
        await repo.recordEvent(providerName, n.eventId, order.orderNo, tx);
        if (!(await repo.markPaid(tx, order.orderNo, { providerRef: n.providerRef, opId, paidAt: ctx.clock.now() }))) throw new Error(`order ${order.orderNo} not payable`);
        const b = await ctx.ledger.post(tx, opId, 'recharge', [{ from: system('external'), to: userWallet(order.userId, 'consumption'), amount: order.coins }]);
        return { balance: balanceOf(b, order.userId, 'consumption') };
      });
      if (outcome.repeated) await repo.recordEvent(providerName, n.eventId, order.orderNo);
      return { status: outcome.repeated ? ('duplicate' as const) : ('credited' as const) };
    },
  };
}
