import { HORN_PRICE } from '@livesports/contracts/chat-barrage';
import { nobleInfo } from '@livesports/contracts/economy';
import { type EconomyContext, utcMonth } from './context.ts';
import { balanceOf, system, userWallet } from './ledger.ts';
import type { Tx } from './ledger.repo.ts';
import { createNoblesRepo } from './nobles.repo.ts';
import { createWalletRepo } from './wallet.repo.ts';

/**
 * Paying for a site-wide horn (the messaging domain's api/Member/sneHorn): one of the emperor's
 * free horns of the month when one is left, otherwise HORN_PRICE from the consumption wallet, in
 * the ledger as kind 'horn'. The horn itself is stored by `record` inside the same transaction, so
 * a horn is never paid without being sent, nor sent without being paid; the key makes a retry
 * answer the first result instead of paying twice.
 */
export function createHornsService(ctx: EconomyContext) {
  return {
    async pay<T>(userId: number, key: string, request: unknown, record: (tx: Tx, free: boolean) => Promise<T>) {
      const { result, repeated } = await ctx.ledger.runOp({ userId, kind: 'horn', key, request, wallets: [{ user: userId, wallet: 'consumption' }] }, async (tx, opId) => {
        const now = ctx.clock.now();
        const emperor = nobleInfo('emperor');
        const free = await createNoblesRepo(tx).useHorn(userId, emperor.tier, utcMonth(now), emperor.free_horns, now);
        let balance: number;
        if (free) {
          balance = (await createWalletRepo(tx).balances(userId, tx)).consumption;
        } else {
          const b = await ctx.ledger.post(tx, opId, 'horn', [{ from: userWallet(userId, 'consumption'), to: system('platform'), amount: HORN_PRICE }]);
          await ctx.people.addWealth(tx, userId, HORN_PRICE);
          balance = balanceOf(b, userId, 'consumption');
        }
        return { value: await record(tx, free), free, balance };
      });
      return { ...result, repeated };
    },
  };
}
