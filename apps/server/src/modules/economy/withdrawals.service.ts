import argon2 from 'argon2';
import { PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_FAILURES, WithdrawMethod, WithdrawStatus, withdrawCents } from '@livesports/contracts/economy';
import type { Withdrawal } from '@livesports/contracts/economy-withdrawal';
import { type Lang, translate } from '@livesports/contracts/messages';
import type { AuthUser } from '../../platform/auth.ts';
import { badInput, conflict, forbidden, notFound, tooMany } from '../../platform/errors.ts';
import { oneAtATime } from '../../platform/one-at-a-time.ts';
import type { EconomyContext } from './context.ts';
import { balanceOf, system, userWallet } from './ledger.ts';
import type { PayoutKind, WithdrawalRow, WithdrawalsRepo } from './withdrawals.repo.ts';

/** Payment-password checks of one user that may wait for the one running; more are told to try again. */
const PAY_CHECK_QUEUE_MAX = 32;

/** Shows only the end of an account: "**** 1234", "138****5678", "a***@mail.com". */
export function maskAccount(kind: PayoutKind, account: string) {
  if (kind === 'bank') return `**** **** **** ${account.slice(-4)}`;
  const at = account.indexOf('@');
  if (at > 0) return `${account[0]}***${account.slice(at)}`;
  return account.length > 7 ? `${account.slice(0, 3)}****${account.slice(-4)}` : `****${account.slice(-2)}`;
}

const kindOf = (method: number): PayoutKind => (method === WithdrawMethod.BANK ? 'bank' : 'alipay');

export function toWithdrawal(w: WithdrawalRow, lang: Lang): Withdrawal {
  return {
    id: w.id,
    type: w.method,
    money: w.money,
    payout: w.payout,
    account: maskAccount(kindOf(w.method), w.account),
    status: w.status,
    status_name: translate(lang, `economy.withdraw_status_${w.status}`),
    reason: w.reason,
    created_at: w.createdAt.toISOString(),
    reviewed_at: w.reviewedAt?.toISOString() ?? null,
  };
}

/**
 * Payout accounts, withdrawals from the income wallet and their review by an administrator.
 * Applying moves the money income → withdraw_hold at once (so it cannot be spent twice);
 * payment moves it hold → payout; rejection moves it back hold → income.
 */
export function createWithdrawalsService(ctx: EconomyContext, repo: WithdrawalsRepo) {
  /**
   * One payment-password check at a time per user (issue #51 item 8): every attempt is counted
   * before it is checked and a right one clears the count, so parallel right passwords used to
   * count each other into the lock. Past PAY_CHECK_QUEUE_MAX waiting: "another request is in progress".
   */
  const oneCheckAtATime = oneAtATime(PAY_CHECK_QUEUE_MAX, () => conflict('economy.pay_password_busy'));

  /** The payment password, with wrong guesses counted and a lock after too many. */
  async function checkPayPassword(userId: number, password: string) {
    const me = await ctx.people.find(userId);
    if (!me?.paymentPasswordHash) throw badInput('economy.pay_password_unset');
    await verifyCounted(userId, me.paymentPasswordHash, password);
  }

  /** Checks `password` against the hash, counting the attempt first (shared by every call that asks for it). */
  function verifyCounted(userId: number, paymentPasswordHash: string, password: string) {
    return oneCheckAtATime(userId, () => verifyCountedNow(userId, paymentPasswordHash, password));
  }
  async function verifyCountedNow(userId: number, paymentPasswordHash: string, password: string) {
    const now = ctx.clock.now();
    // The attempt is counted before the check (atomically), so 30 parallel guesses get 5 checks.
    const lockUntil = new Date(now.getTime() + PAY_PASSWORD_LOCK_MINUTES * 60_000);
    const attempt = await repo.claimAttempt(userId, PAY_PASSWORD_MAX_FAILURES, lockUntil, now);
    const minutesLeft = () => Math.max(1, Math.ceil(((attempt.lockedUntil ?? lockUntil).getTime() - now.getTime()) / 60_000));
    if (attempt.failures > PAY_PASSWORD_MAX_FAILURES) throw tooMany('economy.pay_password_locked', { minutes: minutesLeft() });
    if (!(await argon2.verify(paymentPasswordHash, password))) {
      if (attempt.failures >= PAY_PASSWORD_MAX_FAILURES) throw tooMany('economy.pay_password_locked', { minutes: minutesLeft() });
      throw badInput('economy.pay_password_wrong', { left: PAY_PASSWORD_MAX_FAILURES - attempt.failures });
    }
    await repo.clearAttempts(userId);
  }

  /**
   * A payout account is where stolen money would go, so once the user has a payment password,
   * binding one asks for it (counted like a withdrawal's) — the first binding too (issue #51 item 1:
   * a forged request bound an anchor's first card to the attacker's name). An account without a
   * payment password needs none (it cannot withdraw before setting one).
   */
  async function checkBind(userId: number, kind: PayoutKind, password: string | undefined) {
    const me = await ctx.people.find(userId);
    if (!me?.paymentPasswordHash) return;
    if (!password) throw badInput((await repo.payout(userId, kind)) ? 'economy.rebind_password_empty' : 'economy.bind_password_empty');
    await verifyCounted(userId, me.paymentPasswordHash, password);
  }

  async function review(admin: AuthUser, id: number, decision: 'paid' | 'rejected', reason: string, lang: Lang) {
    if (!admin.isAdmin) throw forbidden();
    const found = await repo.find(id);
    if (!found) throw notFound('economy.withdrawal_unknown');
    const kind = decision === 'paid' ? 'withdraw' : 'withdraw_return';
    const { result } = await ctx.ledger.runOp({ userId: found.userId, kind, key: null, meta: { withdrawal_id: id, reviewer: admin.id } }, async (tx, opId) => {
      const w = await repo.lock(tx, id);
      if (!w || w.status !== WithdrawStatus.IN_PROGRESS) throw conflict('economy.withdrawal_reviewed');
      const to = decision === 'paid' ? system('payout') : userWallet(w.userId, 'income');
      await ctx.ledger.post(tx, opId, kind, [{ from: system('withdraw_hold'), to, amount: w.money }]);
      const status = decision === 'paid' ? WithdrawStatus.PAID : WithdrawStatus.REJECTED;
      const done = await repo.review(tx, id, { status, reason, reviewedBy: admin.id, reviewedAt: ctx.clock.now() });
      await ctx.audit?.(
        {
          actorId: admin.id,
          action: decision === 'paid' ? 'withdrawal.approve' : 'withdrawal.reject',
          targetType: 'withdrawal',
          targetId: String(id),
          before: { status: w.status, user_id: w.userId, money: w.money },
          after: { status, user_id: w.userId, money: w.money },
          reason,
        },
        tx,
      );
      return toWithdrawal(done, lang);
    });
    ctx.log.info({ withdrawal: id, decision, admin: admin.id }, 'withdrawal reviewed');
    return result;
  }

  return {
    /** The counted, one-at-a-time check, for the account module's payment-password change. */
    verifyPayPassword: verifyCounted,
    async bindBank(user: AuthUser, input: { name: string; card_no: string; bank_name: string; branch: string; pay_password?: string }) {
      await checkBind(user.id, 'bank', input.pay_password);
      await repo.savePayout(user.id, 'bank', { holder: input.name, account: input.card_no, bankName: input.bank_name, branch: input.branch });
      return { name: input.name, bank_name: input.bank_name, branch: input.branch, card_no: maskAccount('bank', input.card_no) };
    },
    async bankInfo(user: AuthUser) {
      const p = await repo.payout(user.id, 'bank');
      return p ? { name: p.holder, bank_name: p.bankName, branch: p.branch, card_no: maskAccount('bank', p.account) } : null;
    },
    async bindAliPay(user: AuthUser, input: { name: string; account: string; pay_password?: string }) {
      await checkBind(user.id, 'alipay', input.pay_password);
      await repo.savePayout(user.id, 'alipay', { holder: input.name, account: input.account });
      return { name: input.name, account: maskAccount('alipay', input.account) };
    },
    async aliPayInfo(user: AuthUser) {
      const p = await repo.payout(user.id, 'alipay');
      return p ? { name: p.holder, account: maskAccount('alipay', p.account) } : null;
    },

    async apply(user: AuthUser, input: { type: 1 | 2; money: number; pay_password: string; idempotency_key: string }, lang: Lang) {
      await checkPayPassword(user.id, input.pay_password);
      const kind = kindOf(input.type);
      const payout = await repo.payout(user.id, kind);
      if (!payout) throw badInput(kind === 'bank' ? 'economy.bank_unbound' : 'economy.alipay_unbound');
      const { result } = await ctx.ledger.runOp(
        { userId: user.id, kind: 'withdraw', key: input.idempotency_key, request: { type: input.type, money: input.money }, wallets: [{ user: user.id, wallet: 'income' }] },
        async (tx, opId) => {
          const w = await repo.insert(tx, {
            userId: user.id,
            method: input.type,
            money: input.money,
            payout: withdrawCents(input.money),
            holder: payout.holder,
            account: payout.account,
            bankName: payout.bankName,
            opId,
          });
          const b = await ctx.ledger.post(tx, opId, 'withdraw', [{ from: userWallet(user.id, 'income'), to: system('withdraw_hold'), amount: input.money }]);
          await ctx.ledger.setMeta(tx, opId, { withdrawal_id: w.id });
          return { ...toWithdrawal(w, lang), income: balanceOf(b, user.id, 'income') };
        },
      );
      return result;
    },

    async list(user: AuthUser, page: number, limit: number, lang: Lang) {
      const { list, total } = await repo.ofUser(user.id, limit, (page - 1) * limit);
      return { list: list.map((w) => toWithdrawal(w, lang)), total };
    },

    async adminList(admin: AuthUser, input: { status?: number; user_id?: number; order?: 'newest' | 'oldest'; page: number; limit: number }, lang: Lang) {
      if (!admin.isAdmin) throw forbidden();
      const { list, total } = await repo.all(input.status, input.limit, (input.page - 1) * input.limit, { userId: input.user_id, oldestFirst: input.order === 'oldest' });
      return {
        list: list.map((r) => ({
          ...toWithdrawal(r.w, lang),
          user: { id: r.w.userId, user_nickname: r.nickname, avatar: r.avatar },
          holder: r.w.holder,
          full_account: r.w.account,
          bank_name: r.w.bankName,
        })),
        total,
      };
    },

    approve: (admin: AuthUser, id: number, lang: Lang) => review(admin, id, 'paid', '', lang),
    reject: (admin: AuthUser, id: number, reason: string, lang: Lang) => review(admin, id, 'rejected', reason, lang),
  };
}
