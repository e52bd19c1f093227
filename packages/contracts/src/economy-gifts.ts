import { z } from 'zod';
import { defineCall } from './call.ts';
import { GIFT_EFFECTS, GIFT_MAX_NUM, NOBLE_MAX_MONTHS, NOBLE_TIERS } from './economy.ts';
import { idField, idempotencyKeyField, userBriefSchema } from './economy-fields.ts';

// Gifts, backpack, guards and nobles. A room is known by its anchor's user id.

export const giftSchema = z.object({
  id: z.number(),
  code: z.string(),
  /** In the caller's language. */
  name: z.string(),
  /** Price of one, in tenths. */
  price: z.number(),
  image: z.string(),
  animation: z.enum(GIFT_EFFECTS),
});
export type Gift = z.infer<typeof giftSchema>;

export const giftList = defineCall({ method: 'GET', path: 'api/Gift/getList', auth: false, input: z.object({}), data: z.array(giftSchema) });

export const backpackItemSchema = giftSchema.extend({ num: z.number() });
export type BackpackItem = z.infer<typeof backpackItemSchema>;

/** The caller's backpack: gifts from activities and invites, sent without spending coins. */
export const userGiftList = defineCall({ method: 'GET', path: 'api/Gift/getUserGiftList', auth: true, input: z.object({}), data: z.array(backpackItemSchema) });

const roomField = idField('economy.room_unknown');
const numField = z.preprocess(
  (v) => (v === '' || v == null ? 1 : Number(v)),
  z.number({ error: 'economy.num_invalid' }).int('economy.num_invalid').min(1, 'economy.num_invalid').max(GIFT_MAX_NUM, 'economy.num_invalid'),
);

export const sendGiftResultSchema = z.object({
  gift_id: z.number(),
  num: z.number(),
  /** Gifts of this kind sent in a row to this room within the combo window, this send included. */
  combo: z.number(),
  /** Coins spent (0 from the backpack), in tenths. */
  total: z.number(),
  /** Consumption wallet after the send. */
  balance: z.number(),
  /** Left in the backpack (backpack sends). */
  backpack_left: z.number().nullable(),
  wealth_exp: z.number(),
  wealth_level: z.number(),
});
export type SendGiftResult = z.infer<typeof sendGiftResultSchema>;

/**
 * Sends a gift to the anchor of a room, from the wallet or (from_backpack=1) the backpack. The spec
 * gives no method: GET is answered too (older clients), and, as a POST, refused from another site.
 */
export const handselGift = defineCall({
  method: 'POST',
  path: 'api/member/handselGift',
  also: 'GET',
  auth: true,
  input: z.object({
    room_id: roomField,
    gift_id: idField('economy.gift_unknown'),
    num: numField,
    from_backpack: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()),
    idempotency_key: idempotencyKeyField,
  }),
  data: sendGiftResultSchema,
});

// The gift frame lives with the other chat frames (chat-frames.ts), which the room validates at start.
export { type GiftEvent, giftEventSchema } from './chat-frames.ts';
/** Bus channel a room's economy events go out on; the IM gateway relays them into the room group. */
export const economyRoomChannel = (roomId: number) => `economy:room:${roomId}`;

// ── Guards ──

export const guardPlanSchema = z.object({ id: z.number(), level: z.number(), days: z.number(), price: z.number(), color: z.string(), name: z.string() });
export const roomGuardSchema = userBriefSchema.extend({ level: z.number(), expires_at: z.string() });

export const guardList = defineCall({
  method: 'GET',
  path: 'api/Guard/getList',
  auth: false,
  input: z.object({ room_id: z.preprocess((v) => (v === '' || v == null ? undefined : v), roomField.optional()) }),
  data: z.object({
    plans: z.array(guardPlanSchema),
    /** Current guards of the room, highest level first. */
    guards: z.array(roomGuardSchema),
    /** The caller's guard of this room, if any. */
    mine: z.object({ level: z.number(), expires_at: z.string() }).nullable(),
  }),
});

/** The spec gives no method: GET is answered too, and, as a POST, refused from another site. */
export const buyGuard = defineCall({
  method: 'POST',
  path: 'api/guard_user/buy',
  also: 'GET',
  auth: true,
  input: z.object({ room_id: roomField, guard_id: idField('economy.guard_unknown'), idempotency_key: idempotencyKeyField }),
  data: z.object({ level: z.number(), expires_at: z.string(), balance: z.number() }),
});

// ── Nobles ──

export const nobleStatusSchema = z.object({
  tier: z.enum(NOBLE_TIERS),
  expires_at: z.string(),
  /** Free ad danmaku left this month. */
  free_horns_left: z.number(),
});
export type NobleStatus = z.infer<typeof nobleStatusSchema>;

export const nobleInfoCall = defineCall({
  method: 'GET',
  path: 'api/Noble/getInfo',
  auth: false,
  input: z.object({}),
  data: z.object({
    tiers: z.array(
      z.object({ tier: z.enum(NOBLE_TIERS), rank: z.number(), price: z.number(), color: z.string(), danmaku_color: z.string(), entrance: z.string(), free_horns: z.number(), name: z.string() }),
    ),
    /** The caller's membership (null for guests and non-members). */
    mine: nobleStatusSchema.nullable(),
  }),
});

export const buyNoble = defineCall({
  method: 'POST',
  path: 'api/Noble/buy',
  auth: true,
  input: z.object({
    tier: z.enum(NOBLE_TIERS, { error: 'economy.noble_unknown' }),
    months: z.preprocess(
      (v) => (v === '' || v == null ? 1 : Number(v)),
      z.number({ error: 'economy.months_invalid' }).int('economy.months_invalid').min(1, 'economy.months_invalid').max(NOBLE_MAX_MONTHS, 'economy.months_invalid'),
    ),
    idempotency_key: idempotencyKeyField,
  }),
  data: nobleStatusSchema.extend({ balance: z.number() }),
});

// ── Perks shown next to a name in a room (badges, colours, entrance) ──

export const perksSchema = z.object({
  user_id: z.number(),
  wealth_level: z.number(),
  noble: z.enum(NOBLE_TIERS).nullable(),
  /** Guard level in the asked room (0 none). */
  guard_level: z.number(),
});
export type Perks = z.infer<typeof perksSchema>;

export const perksCall = defineCall({
  method: 'GET',
  path: 'api/Noble/perks',
  auth: false,
  input: z.object({
    user_ids: z.preprocess(
      (v) => (Array.isArray(v) ? v : String(v ?? '').split(',')).filter((x) => x !== '').map(Number),
      z.array(z.number().int().positive(), { error: 'common.input_error' }).min(1, 'common.input_error').max(100, 'common.input_error'),
    ),
    room_id: z.preprocess((v) => (v === '' || v == null ? undefined : v), roomField.optional()),
  }),
  data: z.array(perksSchema),
});

// ── Activities ──

export const activityUrl = defineCall({
  method: 'GET',
  path: 'api/Activity_Config/getActivityUrl',
  auth: false,
  input: z.object({}),
  data: z.array(z.object({ code: z.string(), title: z.string(), url: z.string(), image: z.string() })),
});

/** Daily check-in: a few backpack gifts once per day (UTC). */
export const checkIn = defineCall({
  method: 'POST',
  path: 'api/Activity_Config/checkIn',
  auth: true,
  input: z.object({}),
  data: z.object({ gift_id: z.number(), num: z.number(), next_at: z.string() }),
});
