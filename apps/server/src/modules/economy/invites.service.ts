import { CHECKIN_GIFT_CODE, CHECKIN_GIFT_NUM, INVITEE_BONUS, INVITE_GIFT_CODE, INVITE_TIERS, NOBLE_MONTH_DAYS, type NobleTier } from '@livesports/contracts/economy';
import type { InviteInfo } from '@livesports/contracts/economy-rank';
import { type Lang, translate } from '@livesports/contracts/messages';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError, badInput, conflict } from '../../platform/errors.ts';
import { type EconomyContext, periodStart, utcDay } from './context.ts';
import type { GiftsRepo } from './gifts.repo.ts';
import type { InvitesRepo } from './invites.repo.ts';
import { system, userWallet } from './ledger.ts';
import type { NoblesService } from './nobles.service.ts';

const RECENT_FRIENDS = 10;

/**
 * Invites (spec §9): inviters earn a noble tier at 1, 3, 5, 20 and 50 friends and a backpack gift
 * per friend; each invited friend gets a welcome bonus from a shared pool that can never pay out
 * more than its cap. Also the daily check-in activity that fills the backpack.
 */
export function createInvitesService(ctx: EconomyContext, repo: InvitesRepo, gifts: GiftsRepo, nobles: NoblesService) {
  async function giftByCode(code: string) {
    const g = await gifts.byCode(code);
    if (!g) throw new Error(`gift ${code} missing from the catalogue`);
    return g;
  }

  return {
    async info(user: AuthUser): Promise<InviteInfo> {
      const me = await ctx.people.find(user.id);
      if (!me) throw new AppError('auth.verification_failed', 401, 700);
      const [friendIds, rewards, pool, recent, inviter] = await Promise.all([
        ctx.people.invitedIds(user.id),
        repo.rewards(user.id),
        repo.pool(),
        ctx.people.invitedBy(user.id, RECENT_FRIENDS),
        me.invitedBy ? ctx.people.find(me.invitedBy) : null,
      ]);
      const friends = friendIds.length;
      return {
        invite_code: me.inviteCode,
        invite_url: `${ctx.publicUrl}/login?invite=${encodeURIComponent(me.inviteCode)}`,
        friends,
        tiers: INVITE_TIERS.map((t) => ({ friends: t.friends, tier: t.tier, reached: friends >= t.friends, claimed: rewards.has(`tier:${t.tier}`) })),
        gifts_unclaimed: friendIds.filter((id) => !rewards.has(`friend:${id}`)).length,
        bonus: inviter ? { amount: INVITEE_BONUS, claimed: rewards.has('bonus'), inviter: { id: inviter.id, user_nickname: inviter.nickname, avatar: inviter.avatar } } : null,
        pool: { cap: pool.cap, granted: pool.granted },
        recent: recent.map((f) => ({ id: f.id, user_nickname: f.nickname, avatar: f.avatar, created_at: f.createdAt.toISOString() })),
      };
    },

    /** Gives every reward due. Each reward is recorded once (primary key), so claiming twice gives nothing twice. */
    async claim(user: AuthUser) {
      const me = await ctx.people.find(user.id);
      if (!me) throw new AppError('auth.verification_failed', 401, 700);
      const friendIds = await ctx.people.invitedIds(user.id);
      const rewards = await repo.rewards(user.id);
      const tiers: NobleTier[] = [];
      let giftCount = 0;

      const dueTiers = INVITE_TIERS.filter((t) => friendIds.length >= t.friends && !rewards.has(`tier:${t.tier}`));
      const dueFriends = friendIds.filter((id) => !rewards.has(`friend:${id}`));
      if (dueTiers.length || dueFriends.length) {
        const gift = dueFriends.length ? await giftByCode(INVITE_GIFT_CODE) : null;
        await repo.transaction(async (tx) => {
          for (const t of dueTiers) {
            if (!(await repo.give(tx, user.id, `tier:${t.tier}`))) continue;
            await nobles.grant(tx, user.id, t.tier, NOBLE_MONTH_DAYS, { refuseLower: false });
            tiers.push(t.tier);
          }
          for (const id of dueFriends) if (await repo.give(tx, user.id, `friend:${id}`)) giftCount += 1;
          if (gift && giftCount) await gifts.addToBackpack(tx, user.id, gift.id, giftCount);
        });
      }

      let bonus = 0;
      if (me.invitedBy && !rewards.has('bonus')) {
        const { result } = await ctx.ledger.runOp({ userId: user.id, kind: 'invite_bonus', key: 'invite:bonus' }, async (tx, opId) => {
          if (!(await repo.give(tx, user.id, 'bonus'))) return 0;
          const amount = await repo.takeFromPool(tx, INVITEE_BONUS);
          if (amount > 0) await ctx.ledger.post(tx, opId, 'invite_bonus', [{ from: system('invite_pool'), to: userWallet(user.id, 'consumption'), amount }]);
          return amount;
        });
        bonus = result;
      }
      if (!tiers.length && !giftCount && !bonus) throw badInput('economy.nothing_to_claim');
      return { tiers, gifts: giftCount, bonus };
    },

    activities(lang: Lang) {
      return [
        { code: 'invite', title: translate(lang, 'economy.activity_invite'), url: `${ctx.publicUrl}/member?type=8`, image: '/economy/activity-invite.svg' },
        { code: 'checkin', title: translate(lang, 'economy.activity_checkin'), url: `${ctx.publicUrl}/member?type=2`, image: '/economy/activity-checkin.svg' },
      ];
    },

    async checkIn(user: AuthUser) {
      const now = ctx.clock.now();
      const gift = await giftByCode(CHECKIN_GIFT_CODE);
      await repo.transaction(async (tx) => {
        if (!(await repo.checkIn(tx, user.id, utcDay(now)))) throw conflict('economy.checkin_done');
        await gifts.addToBackpack(tx, user.id, gift.id, CHECKIN_GIFT_NUM);
      });
      const next = new Date(periodStart('day', now)!.getTime() + 86_400_000);
      return { gift_id: gift.id, num: CHECKIN_GIFT_NUM, next_at: next.toISOString() };
    },

    checkedIn: (userId: number) => repo.checkedIn(userId, utcDay(ctx.clock.now())),
  };
}
