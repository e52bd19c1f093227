import { NOBLE_MONTH_DAYS, type NobleTier, nobleInfo } from '@livesports/contracts/economy';
import type { NobleStatus } from '@livesports/contracts/economy-gifts';
import { type Lang, translate } from '@livesports/contracts/messages';
import type { AuthUser } from '../../platform/auth.ts';
import { badInput } from '../../platform/errors.ts';
import { type EconomyContext, utcMonth } from './context.ts';
import { balanceOf, system, userWallet } from './ledger.ts';
import type { Tx } from './ledger.repo.ts';
import { addNobleTime } from './noble-time.ts';
import type { MembershipRow, NoblesRepo } from './nobles.repo.ts';

/** Noble membership: tiers priced per month, renewals, upgrades, expiry, the emperor's free horns. */
export function createNoblesService(ctx: EconomyContext, repo: NoblesRepo) {
  function status(row: MembershipRow | null, now: Date): NobleStatus | null {
    if (!row || row.expiresAt <= now) return null;
    const info = nobleInfo(row.tier as NobleTier);
    const used = row.hornMonth === utcMonth(now) ? row.hornsUsed : 0;
    return { tier: info.tier, expires_at: row.expiresAt.toISOString(), free_horns_left: Math.max(0, info.free_horns - used) };
  }

  /** Adds days of a tier inside the caller's transaction (purchases and invite rewards). */
  async function grant(tx: Tx, userId: number, tier: NobleTier, days: number, opts: { refuseLower: boolean }) {
    const now = ctx.clock.now();
    const row = await repo.lock(tx, userId, now);
    const current = row.expiresAt > now ? { tier: row.tier as NobleTier, expiresAt: row.expiresAt } : null;
    if (opts.refuseLower && current && nobleInfo(current.tier).rank > nobleInfo(tier).rank) throw badInput('economy.noble_lower');
    const list = await ctx.prices.nobles();
    const next = addNobleTime(current, tier, days, now, (t) => list.find((n) => n.tier === t)!.price);
    await repo.save(tx, userId, next.tier, next.expiresAt);
    return { ...next, row };
  }

  return {
    grant,

    async info(user: AuthUser | null, lang: Lang) {
      const tiers = (await ctx.prices.nobles()).map((n) => ({ ...n, name: translate(lang, `economy.noble_${n.tier}`) }));
      const mine = user ? status(await repo.find(user.id), ctx.clock.now()) : null;
      return { tiers, mine };
    },

    async status(userId: number) {
      return status(await repo.find(userId), ctx.clock.now());
    },

    async buy(user: AuthUser, input: { tier: NobleTier; months: number; idempotency_key: string }) {
      const info = await ctx.prices.noble(input.tier);
      const price = info.price * input.months;
      const { result } = await ctx.ledger.runOp(
        {
          userId: user.id,
          kind: 'noble',
          key: input.idempotency_key,
          request: { tier: input.tier, months: input.months },
          meta: { tier: input.tier, months: input.months },
          wallets: [{ user: user.id, wallet: 'consumption' }],
        },
        async (tx, opId) => {
          const next = await grant(tx, user.id, input.tier, input.months * NOBLE_MONTH_DAYS, { refuseLower: true });
          const b = await ctx.ledger.post(tx, opId, 'noble', [{ from: userWallet(user.id, 'consumption'), to: system('platform'), amount: price }]);
          await ctx.people.addWealth(tx, user.id, price);
          const now = ctx.clock.now();
          const s = status({ userId: user.id, tier: next.tier, expiresAt: next.expiresAt, hornMonth: next.row.hornMonth, hornsUsed: next.row.hornsUsed }, now)!;
          return { ...s, balance: balanceOf(b, user.id, 'consumption') };
        },
      );
      ctx.ranksChanged();
      return result;
    },

    /**
     * Spends one of the emperor's free ad danmaku (horns) of this month. For the messaging
     * domain's horn call: true when a free one was used, false when the user must pay or cannot.
     */
    async useFreeHorn(userId: number) {
      const emperor = nobleInfo('emperor');
      const now = ctx.clock.now();
      return repo.useHorn(userId, emperor.tier, utcMonth(now), emperor.free_horns, now);
    },
  };
}
export type NoblesService = ReturnType<typeof createNoblesService>;
