import { anchorShare } from '@livesports/contracts/economy';
import { type Lang, translate } from '@livesports/contracts/messages';
import type { AuthUser } from '../../platform/auth.ts';
import { badInput } from '../../platform/errors.ts';
import type { EconomyContext } from './context.ts';
import { senderAndAnchor } from './gifts.service.ts';
import type { GuardsRepo } from './guards.repo.ts';
import { type Movement, balanceOf, system, userWallet } from './ledger.ts';
import type { OpMeta } from './titles.ts';

/** Guards of a room: bought for a number of days, renewed by extending; the anchor earns a share. */
export function createGuardsService(ctx: EconomyContext, repo: GuardsRepo) {
  return {
    async list(user: AuthUser | null, roomId: number | undefined, lang: Lang) {
      const now = ctx.clock.now();
      const plans = (await ctx.prices.guards()).map((p) => ({ ...p, name: translate(lang, `economy.guard_${p.level}`) }));
      if (!roomId) return { plans, guards: [], mine: null };
      const [guards, mine] = await Promise.all([repo.ofRoom(roomId, now), user ? repo.find(user.id, roomId, now) : null]);
      return {
        plans,
        guards: guards.map((g) => ({ id: g.id, user_nickname: g.nickname, avatar: g.avatar, level: g.level, expires_at: g.expiresAt.toISOString() })),
        mine: mine ? { level: mine.level, expires_at: mine.expiresAt.toISOString() } : null,
      };
    },

    async buy(user: AuthUser, input: { room_id: number; guard_id: number; idempotency_key: string }) {
      const plan = await ctx.prices.guard(input.guard_id);
      if (!plan) throw badInput('economy.guard_unknown');
      const { sender, anchor } = await senderAndAnchor(ctx, user, input.room_id, 'economy.self_guard');
      const meta: OpMeta = { sender: sender.user_nickname, anchor: anchor.user_nickname };
      const { result } = await ctx.ledger.runOp(
        {
          userId: user.id,
          kind: 'guard',
          key: input.idempotency_key,
          request: { room: anchor.id, plan: plan.id },
          meta: meta as Record<string, unknown>,
          wallets: [
            { user: user.id, wallet: 'consumption' },
            { user: anchor.id, wallet: 'income' },
          ],
        },
        async (tx, opId) => {
          const share = anchorShare(plan.price);
          const moves: Movement[] = [
            { from: userWallet(user.id, 'consumption'), to: userWallet(anchor.id, 'income'), amount: share, roomId: anchor.id },
            { from: userWallet(user.id, 'consumption'), to: system('platform'), amount: plan.price - share, roomId: anchor.id },
          ];
          const b = await ctx.ledger.post(tx, opId, 'guard', moves);
          await ctx.people.addWealth(tx, user.id, plan.price);
          const g = await repo.extend(tx, user.id, anchor.id, plan.level, plan.days, ctx.clock.now());
          return { level: g.level, expires_at: g.expiresAt.toISOString(), balance: balanceOf(b, user.id, 'consumption') };
        },
      );
      ctx.ranksChanged();
      return result;
    },

    levels: repo.levels,
  };
}
