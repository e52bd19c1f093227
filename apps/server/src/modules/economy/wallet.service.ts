import { LEDGER_KINDS, type LedgerKind, type WalletKind, wealthLevel } from '@livesports/contracts/economy';
import type { LedgerLine, Wallet } from '@livesports/contracts/economy-wallet';
import type { Lang } from '@livesports/contracts/messages';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { EconomyContext } from './context.ts';
import { balanceOf, userWallet } from './ledger.ts';
import { kindName, lineTitle, type OpMeta } from './titles.ts';
import type { WalletRepo } from './wallet.repo.ts';

/** Wallet summary, statements read from the ledger, and income → consumption conversion. */
export function createWalletService(ctx: EconomyContext, repo: WalletRepo) {
  return {
    async wallet(user: AuthUser): Promise<Wallet> {
      const [b, withdrawing, me] = await Promise.all([repo.balances(user.id), repo.withdrawing(user.id), ctx.people.find(user.id)]);
      if (!me) throw new AppError('auth.verification_failed', 401, 700);
      return { ...b, withdrawing, wealth_exp: me.wealthExp, wealth_level: wealthLevel(me.wealthExp) };
    },

    async statement(user: AuthUser, input: { wallet?: WalletKind; type?: LedgerKind; page: number; limit: number }, lang: Lang) {
      const rows = await repo.statement(user.id, { wallet: input.wallet, kind: input.type, limit: input.limit, offset: (input.page - 1) * input.limit });
      const list: LedgerLine[] = rows.map((r) => ({
        id: r.op_id,
        kind: r.kind,
        type_name: kindName(lang, r.kind),
        wallet: r.wallet,
        amount: r.amount,
        balance_after: r.balance_after,
        title: lineTitle(lang, r.kind, r.meta as OpMeta, r.amount),
        created_at: r.created_at.toISOString(),
      }));
      return { list, total: rows[0]?.total ?? 0 };
    },

    types(lang: Lang) {
      return LEDGER_KINDS.map((type) => ({ type, name: kindName(lang, type) }));
    },

    /** One way only: income → consumption, after the caller confirmed (checked by the contract). */
    async convert(user: AuthUser, input: { money: number; idempotency_key: string }) {
      const { result } = await ctx.ledger.runOp(
        {
          userId: user.id,
          kind: 'convert',
          key: input.idempotency_key,
          request: { money: input.money },
          wallets: [
            { user: user.id, wallet: 'income' },
            { user: user.id, wallet: 'consumption' },
          ],
        },
        async (tx, opId) => {
          const b = await ctx.ledger.post(tx, opId, 'convert', [{ from: userWallet(user.id, 'income'), to: userWallet(user.id, 'consumption'), amount: input.money }]);
          return { consumption: balanceOf(b, user.id, 'consumption'), income: balanceOf(b, user.id, 'income') };
        },
      );
      return result;
    },
  };
}
