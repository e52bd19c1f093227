import { COMBO_WINDOW_MS, type GiftEffect, anchorShare, wealthLevel } from '@livesports/contracts/economy';
import { type Gift, type GiftEvent, type SendGiftResult, economyRoomChannel } from '@livesports/contracts/economy-gifts';
import type { Lang } from '@livesports/contracts/messages';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError, badInput, notFound, notLoggedIn } from '../../platform/errors.ts';
import type { EconomyContext } from './context.ts';
import type { GiftRow, GiftsRepo } from './gifts.repo.ts';
import { isKeyConflict } from './gifts.send.repo.ts';
import { type Movement, balanceOf, fingerprintOf, system, userWallet } from './ledger.ts';
import { brief } from './people.repo.ts';
import type { OpMeta } from './titles.ts';
import type { WalletRepo } from './wallet.repo.ts';
import { ImCustomType } from '@livesports/contracts/chat';

const CATALOGUE_TTL_MS = 30_000;

export const giftName = (g: GiftRow, lang: Lang) => (lang === 'zh' ? g.nameZh : lang === 'es' ? g.nameEs : g.nameEn);
export const toGift = (g: GiftRow, lang: Lang): Gift => ({ id: g.id, code: g.code, name: giftName(g, lang), price: g.price, image: g.image, animation: g.animation as GiftEffect });

/**
 * The sender and the room's anchor in one query. A room exists when its anchor (the user with
 * the room's id) has is_anchor 1; an anchor may not give to their own room.
 */
export async function senderAndAnchor(ctx: EconomyContext, user: AuthUser, roomId: number, selfKey: 'economy.self_gift' | 'economy.self_guard') {
  if (roomId === user.id && user.isAnchor) throw badInput(selfKey);
  const people = await ctx.people.people([user.id, roomId], ctx.clock.now());
  const anchor = people.get(roomId);
  if (!anchor || anchor.is_anchor !== 1 || roomId === user.id) throw notFound('economy.room_unknown');
  const sender = people.get(user.id);
  if (!sender) throw new AppError('auth.verification_failed', 401, 700);
  return { sender, anchor };
}

export interface SendOptions {
  /**
   * Check inside the send that the user's session is still open. The HTTP route asks for it:
   * its user may come from the auth cache (see sessionRecheckedBy), so a token logged out a
   * moment ago is refused here and moves nothing.
   */
  checkSession?: boolean;
}

/** The gift catalogue, the backpack, and gift sends. */
export function createGiftsService(ctx: EconomyContext, repo: GiftsRepo, walletRepo: WalletRepo) {
  // The catalogue is read on every send; it changes rarely, so it is kept for a short while.
  let cache: { at: number; rows: GiftRow[] } | null = null;
  async function catalogue() {
    const now = Date.now();
    if (!cache || now - cache.at > CATALOGUE_TTL_MS) cache = { at: now, rows: await repo.activeGifts() };
    return cache.rows;
  }
  const findGift = async (id: number) => (await catalogue()).find((g) => g.id === id) ?? null;

  async function publish(event: GiftEvent) {
    ctx.ranksChanged();
    try {
      await ctx.bus.publish(economyRoomChannel(event.room_id), JSON.stringify(event));
    } catch (err) {
      // The money moved and is recorded; a lost effect must not turn the send into an error.
      ctx.log.warn({ err, room: event.room_id }, 'gift event not published');
    }
  }

  /**
   * The hot path: a send paid from the wallet in one statement (gifts.send.repo.ts). Null when a
   * wallet row is missing (the general path below creates it); every outcome is the same as the
   * general path's: same checks and messages, same ledger rows, same stored result for repeats.
   */
  async function sendFromWalletInOne(
    user: AuthUser,
    gift: GiftRow,
    input: { room_id: number; gift_id: number; num: number; idempotency_key: string },
    opts: SendOptions,
  ): Promise<SendGiftResult | null> {
    if (input.room_id === user.id && user.isAnchor) throw badInput('economy.self_gift');
    const total = gift.price * input.num;
    const fingerprint = fingerprintOf({ room: input.room_id, gift: input.gift_id, num: input.num, backpack: false });
    const repeat = async () => {
      const prior = await ctx.ledger.repeatOf<Omit<SendGiftResult, 'wealth_level'>>(user.id, input.idempotency_key, 'gift', fingerprint);
      return prior ? { ...prior.result, wealth_level: wealthLevel(prior.result.wealth_exp) } : null;
    };
    const now = ctx.clock.now();
    let row;
    try {
      row = await repo.sendFromWallet({
        senderId: user.id,
        roomId: input.room_id,
        giftId: gift.id,
        num: input.num,
        total,
        share: anchorShare(total),
        key: input.idempotency_key,
        fingerprint,
        sessionId: opts.checkSession ? user.sessionId : null,
        senderIsAnchor: user.isAnchor,
        now,
        since: new Date(now.getTime() - COMBO_WINDOW_MS),
        giftNames: { zh: gift.nameZh, en: gift.nameEn, es: gift.nameEs },
      });
    } catch (err) {
      // Another send with this key committed while this one ran: it rolled back; answer the first.
      if (!isKeyConflict(err)) throw err;
      const first = await repeat();
      if (!first) throw err;
      return first;
    }
    if (!row.session_ok) throw notLoggedIn();
    if (row.anchor_id === null) throw notFound('economy.room_unknown');
    if (row.sender_id === null) throw new AppError('auth.verification_failed', 401, 700);
    if (row.repeated) {
      const first = await repeat();
      if (!first) throw new Error('economy: repeated key without its operation');
      return first;
    }
    if (!row.result) {
      if (row.wallets < 2) return null;
      throw badInput('economy.balance_insufficient');
    }
    const r = { ...(row.result as Omit<SendGiftResult, 'wealth_level'>), wealth_level: 0 };
    r.wealth_level = wealthLevel(r.wealth_exp);
    await publish({
      type: ImCustomType.GIFT,
      room_id: row.anchor_id,
      sender: { id: user.id, user_nickname: row.sender_nickname ?? '', avatar: row.sender_avatar ?? '', wealth_level: r.wealth_level, noble: row.sender_tier },
      gift: { id: gift.id, code: gift.code, image: gift.image, animation: gift.animation as GiftEffect, price: gift.price, names: { zh: gift.nameZh, en: gift.nameEn, es: gift.nameEs } },
      num: r.num,
      combo: r.combo,
      total: r.total,
      at: ctx.clock.now().toISOString(),
    });
    return r;
  }

  return {
    catalogue,
    findGift,
    invalidate: () => void (cache = null),

    async list(lang: Lang) {
      return (await catalogue()).map((g) => toGift(g, lang));
    },

    async backpack(user: AuthUser, lang: Lang) {
      const rows = await repo.backpack(user.id);
      return rows.map((r) => ({ ...toGift(r.gift, lang), num: r.num }));
    },

    /**
     * Sends `num` of a gift to a room's anchor. From the wallet: the sender pays the full price,
     * the anchor's income gets its share, the platform the rest, and the sender gains wealth
     * experience. From the backpack: the gifts leave the backpack and no coins move.
     */
    async send(user: AuthUser, input: { room_id: number; gift_id: number; num: number; from_backpack: boolean; idempotency_key: string }, opts: SendOptions = {}): Promise<SendGiftResult> {
      const gift = await findGift(input.gift_id);
      if (!gift) throw badInput('economy.gift_unknown');
      if (!input.from_backpack && repo.canSendInOneStatement()) {
        const sent = await sendFromWalletInOne(user, gift, input, opts);
        if (sent) return sent;
      }
      if (opts.checkSession && !(await ctx.people.sessionOpen(user.id, user.sessionId, ctx.clock.now()))) throw notLoggedIn();
      const { sender, anchor } = await senderAndAnchor(ctx, user, input.room_id, 'economy.self_gift');
      const total = input.from_backpack ? 0 : gift.price * input.num;
      const meta: OpMeta = { gift: { zh: gift.nameZh, en: gift.nameEn, es: gift.nameEs }, num: input.num, sender: sender.user_nickname, anchor: anchor.user_nickname };
      const request = { room: input.room_id, gift: input.gift_id, num: input.num, backpack: input.from_backpack };

      // The general path (backpack sends, a missing wallet row, a database handle without a
      // driver client) in four statements: begin; claim the key and lock both wallets; ledger
      // rows, balances, wealth, the send record (with its combo) and the stored result; commit.
      const wallets = input.from_backpack
        ? []
        : [
            { user: user.id, wallet: 'consumption' as const },
            { user: anchor.id, wallet: 'income' as const },
          ];
      const outcome = await ctx.ledger.runOp(
        { userId: user.id, kind: 'gift', key: input.idempotency_key, request, meta: meta as Record<string, unknown>, storesResult: true, wallets },
        async (tx, opId) => {
          const now = ctx.clock.now();
          const moves: Movement[] = [];
          let backpackLeft: number | null = null;
          let backpackBalance = 0;
          if (input.from_backpack) {
            backpackLeft = await repo.takeFromBackpack(tx, user.id, gift.id, input.num);
            if (backpackLeft === null) throw badInput('economy.backpack_insufficient');
            backpackBalance = (await walletRepo.balances(user.id, tx)).consumption;
          } else {
            const share = anchorShare(total);
            if (share > 0) moves.push({ from: userWallet(user.id, 'consumption'), to: userWallet(anchor.id, 'income'), amount: share, roomId: anchor.id });
            if (total - share > 0) moves.push({ from: userWallet(user.id, 'consumption'), to: system('platform'), amount: total - share, roomId: anchor.id });
          }
          const { rows } = await ctx.ledger.postWithTail<{ result: Record<string, unknown> }>(tx, opId, 'gift', moves, (after) =>
            repo.sendTail({
              opId,
              senderId: user.id,
              roomId: anchor.id,
              giftId: gift.id,
              num: input.num,
              total,
              source: input.from_backpack ? 'backpack' : 'wallet',
              now,
              since: new Date(now.getTime() - COMBO_WINDOW_MS),
              result: { gift_id: gift.id, num: input.num, total, balance: input.from_backpack ? backpackBalance : balanceOf(after, user.id, 'consumption'), backpack_left: backpackLeft },
            }),
          );
          const stored = rows[0].result;
          return stored as Omit<SendGiftResult, 'wealth_level'>;
        },
      );
      const r: SendGiftResult = { ...outcome.result, wealth_level: wealthLevel(outcome.result.wealth_exp) };

      if (!outcome.repeated) {
        await publish({
          type: ImCustomType.GIFT,
          room_id: anchor.id,
          sender: { ...brief(sender), wealth_level: r.wealth_level, noble: sender.noble },
          gift: { id: gift.id, code: gift.code, image: gift.image, animation: gift.animation as GiftEffect, price: gift.price, names: { zh: gift.nameZh, en: gift.nameEn, es: gift.nameEs } },
          num: r.num,
          combo: r.combo,
          total: r.total,
          at: ctx.clock.now().toISOString(),
        });
      }
      return r;
    },

    roomTotal: repo.roomTotal,
  };
}
