import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as gifts from '@livesports/contracts/economy-gifts';
import * as rank from '@livesports/contracts/economy-rank';
import * as wallet from '@livesports/contracts/economy-wallet';
import * as payout from '@livesports/contracts/economy-withdrawal';
import { pickLang } from '@livesports/contracts/messages';
import { sessionRecheckedBy } from '../../platform/auth.ts';
import { localize } from '../../platform/envelope.ts';
import { forbidden } from '../../platform/errors.ts';
import { HTTP } from '../../platform/http-cache.ts';
import { answer, route } from '../../platform/route.ts';
import { checkoutPage } from './payment/checkout-page.ts';
import { returnPath } from './recharge.service.ts';
import type { EconomyService } from './service.ts';

export interface EconomyRouteOptions {
  service: EconomyService;
  /** Scales the per-user limits (0 turns them off). */
  rateLimitScale: number;
}

export async function economyRoutes(app: FastifyInstance, opts: EconomyRouteOptions) {
  const s = opts.service;
  const byUser = (req: FastifyRequest) => `economy:${req.user?.id ?? req.ip}`;
  const limit = (max: number) => (opts.rateLimitScale > 0 ? { rateLimit: { max: Math.ceil(max * opts.rateLimitScale), timeWindow: '1 minute', keyGenerator: byUser } } : {});

  // ── Wallet, recharge, statements, conversion ──
  route(app, wallet.getWallet, (_i, { user }) => s.wallet.wallet(user));
  route(app, wallet.chargeRules, async () => s.recharge.rules());
  route(app, payout.economyAudit, async (_i, { user }) => {
    if (!user.isAdmin) throw forbidden();
    const r = await s.audit();
    return {
      ok: r.ok,
      wallets: r.wallets,
      balance_total: r.balanceTotal,
      ledger_total: r.ledgerTotal,
      drift: r.drift.slice(0, 100).map((d) => ({ user_id: d.userId, kind: d.kind, balance: d.balance, ledger: d.ledger })),
      negative: r.negative,
      hold: r.hold,
      pool: r.pool,
      external: { ledger: r.external.ledger, paid_orders: r.external.paidOrders },
    };
  });
  route(app, wallet.payUrl, (input, { user }) => s.recharge.createOrder(user, input), limit(20));
  route(app, wallet.rechargeOrder, (input, { user }) => s.recharge.order(user, input.order_no));
  route(app, wallet.rechargeOrders, (input, { user }) => s.recharge.orders(user, input.page, input.limit));
  route(app, wallet.orderList, (input, { user, req }) => s.wallet.statement(user, input, req.lang));
  route(app, wallet.orderTypes, async (_i, { req }) => s.wallet.types(req.lang));
  route(app, wallet.conversionBalance, (input, { user }) => s.wallet.convert(user, input).then((d) => answer(d, 'economy.converted')));

  // ── Gifts, backpack, guards, nobles, activities ──
  route(app, gifts.giftList, (_i, { req }) => s.gifts.list(req.lang));
  route(app, gifts.userGiftList, (_i, { user, req }) => s.gifts.backpack(user, req.lang));
  // The hot path: its user may come from the auth cache, because the send checks the session again.
  sessionRecheckedBy(gifts.handselGift.method, gifts.handselGift.path);
  route(app, gifts.handselGift, (input, { user }) => s.gifts.send(user, input, { checkSession: true }).then((d) => answer(d, 'economy.gift_sent')));
  route(app, gifts.guardList, (input, { user, req }) => s.guards.list(user, input.room_id, req.lang));
  route(app, gifts.buyGuard, (input, { user }) => s.guards.buy(user, input).then((d) => answer(d, 'economy.guard_bought')));
  route(app, gifts.nobleInfoCall, (_i, { user, req }) => s.nobles.info(user, req.lang));
  route(app, gifts.buyNoble, (input, { user }) => s.nobles.buy(user, input).then((d) => answer(d, 'economy.noble_bought')));
  route(app, gifts.perksCall, (input) => s.perks(input.user_ids, input.room_id));
  route(app, gifts.activityUrl, async (_i, { req }) => s.invites.activities(req.lang));
  route(app, gifts.checkIn, (_i, { user }) => s.invites.checkIn(user).then((d) => answer(d, 'economy.checked_in')));

  // ── Payout accounts and withdrawals ──
  route(app, payout.bindBankCard, (input, { user }) => s.withdrawals.bindBank(user, input).then((d) => answer(d, 'economy.bound')));
  route(app, payout.bankCardInfo, (_i, { user }) => s.withdrawals.bankInfo(user));
  route(app, payout.bindAliPay, (input, { user }) => s.withdrawals.bindAliPay(user, input).then((d) => answer(d, 'economy.bound')));
  route(app, payout.aliPayInfo, (_i, { user }) => s.withdrawals.aliPayInfo(user));
  route(app, payout.applyForWithdrawal, (input, { user, req }) => s.withdrawals.apply(user, input, req.lang).then((d) => answer(d, 'economy.withdraw_applied')));
  route(app, payout.withdrawalList, (input, { user, req }) => s.withdrawals.list(user, input.page, input.limit, req.lang));
  route(app, payout.adminWithdrawals, (input, { user, req }) => s.withdrawals.adminList(user, input, req.lang));
  route(app, payout.approveWithdrawal, (input, { user, req }) => s.withdrawals.approve(user, input.id, req.lang));
  route(app, payout.rejectWithdrawal, (input, { user, req }) => s.withdrawals.reject(user, input.id, input.reason, req.lang));

  // ── Leaderboards and invites ──
  route(app, rank.leaderboard, (input) => s.ranking.board(input.board, input.period), { http: HTTP.calm });
  route(app, rank.roomRanking, (input) => s.ranking.room(input.room_id, input.type), { http: HTTP.calm });
  route(app, rank.inviteInfo, (_i, { user }) => s.invites.info(user));
  route(app, rank.inviteClaim, (_i, { user }) => s.invites.claim(user).then((d) => answer(d, 'economy.claimed')), limit(10));

  // ── Payment provider side: webhook (raw body for the signature) and the sandbox's checkout page ──
  await app.register(async (hook) => {
    // The signature covers the exact bytes sent, so this context keeps JSON bodies as text.
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    hook.post<{ Params: { provider: string } }>(wallet.PAYMENT_WEBHOOK_PATH, async (req) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const data = await s.recharge.notify(req.params.provider, req.headers, raw);
      return { code: 200, msg: localize(req, 'common.ok'), data };
    });
  });

  app.get<{ Params: { order_no: string }; Querystring: { lang?: string } }>(wallet.SANDBOX_CHECKOUT_PATH, async (req, reply) => {
    const lang = pickLang(req.query.lang, req.lang);
    const o = await s.recharge.checkoutOrder(req.params.order_no);
    if (!o) return reply.code(404).type('text/html').send(localize(req, 'economy.order_unknown'));
    return reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .send(checkoutPage(lang, { orderNo: o.orderNo, coins: o.coins, money: o.money, currency: o.currency, status: o.status, returnPath: returnPath(o.orderNo) }));
  });

  app.post<{ Params: { order_no: string }; Querystring: { lang?: string }; Body: { action?: string } }>(wallet.SANDBOX_CHECKOUT_PATH, async (req, reply) => {
    const lang = pickLang(req.query.lang, req.lang);
    const status = req.body?.action === 'pay' ? 'paid' : 'failed';
    const note = await s.recharge.sandboxNotification(req.params.order_no, status);
    // Delivered over HTTP to our own webhook, the way the outside provider would call it.
    const res = await app.inject({ method: 'POST', url: wallet.PAYMENT_WEBHOOK_PATH.replace(':provider', 'sandbox'), headers: note.headers, payload: note.body });
    if (res.statusCode >= 300) {
      const o = (await s.recharge.checkoutOrder(req.params.order_no))!;
      const error = (res.json() as { msg?: string }).msg ?? 'Error';
      return reply
        .code(502)
        .type('text/html')
        .send(checkoutPage(lang, { orderNo: o.orderNo, coins: o.coins, money: o.money, currency: o.currency, status: o.status, returnPath: returnPath(o.orderNo), error }));
    }
    return reply.redirect(returnPath(req.params.order_no), 303);
  });
}
