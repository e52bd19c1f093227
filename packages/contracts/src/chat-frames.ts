import { z } from 'zod';
import { ImCustomType } from './chat-constants.ts';
import { GIFT_EFFECTS, NOBLE_TIERS } from './economy.ts';
import { userBriefSchema } from './economy-fields.ts';
import type { EntranceEvent, Horn, ImDirectMessage, ImEvent, ImMessage, ImServerFrame, LiveStateEvent } from './chat.ts';

// Zod schemas of the frames the server sends on /ws/im, so a client reads only what the contract
// says (a frame that does not match is skipped, never thrown). Each schema is annotated with the
// chat.ts type it reads, so the two cannot drift apart.

/**
 * What a gift send publishes to the room (custom IM message type 100 of this product family):
 * the chat line and the effect every viewer plays.
 */
export const giftEventSchema = z.object({
  type: z.literal(ImCustomType.GIFT),
  room_id: z.number(),
  sender: userBriefSchema.extend({ wealth_level: z.number(), noble: z.enum(NOBLE_TIERS).nullable() }),
  gift: z.object({ id: z.number(), code: z.string(), image: z.string(), animation: z.enum(GIFT_EFFECTS), price: z.number(), names: z.object({ zh: z.string(), en: z.string(), es: z.string() }) }),
  num: z.number(),
  combo: z.number(),
  total: z.number(),
  at: z.string(),
});
export type GiftEvent = z.infer<typeof giftEventSchema>;

const noble = z.enum(NOBLE_TIERS).nullable();
const person = z.object({ id: z.number(), nick: z.string(), avatar: z.string() });

export const imMessageSchema: z.ZodType<ImMessage> = z.object({
  groupId: z.number(),
  seq: z.number(),
  from: z.string(),
  nick: z.string(),
  avatar: z.string(),
  type: z.string(),
  payload: z.object({ text: z.string().optional(), data: z.string().optional() }),
  time: z.number(),
  ext: z
    .object({
      role: z.enum(['anchor', 'admin']).optional(),
      noble: noble.optional(),
      guard: z.number().optional(),
      level: z.number().optional(),
      color: z.string().optional(),
    })
    .optional(),
});

const entranceEventSchema: z.ZodType<EntranceEvent> = z.object({ type: z.literal(ImCustomType.ENTRANCE), room_id: z.number(), user: person, noble, guard_level: z.number() });
const liveStateEventSchema: z.ZodType<LiveStateEvent> = z.object({ type: z.literal(ImCustomType.LIVE), room_id: z.number(), is_live: z.union([z.literal(0), z.literal(1)]) });
export const imEventSchema: z.ZodType<ImEvent> = z.union([giftEventSchema, entranceEventSchema, liveStateEventSchema]);

export const imDirectMessageSchema: z.ZodType<ImDirectMessage> = z.object({
  id: z.number(),
  from: z.string(),
  to: z.string(),
  nick: z.string(),
  avatar: z.string(),
  to_nick: z.string(),
  text: z.string(),
  cloudCustomData: z.object({ type: z.union([z.literal(0), z.literal(1), z.literal(2)]) }),
  time: z.number(),
});

export const hornSchema: z.ZodType<Horn> = z.object({ id: z.number(), user: person, noble, room_id: z.number().nullable(), text: z.string(), time: z.number() });

/**
 * Request id: a client may put `rid` on a frame that is answered (send, c2c); an answer that
 * echoes it (sent, c2c_sent, error) is matched by it, one without it by order of requests.
 */
const rid = z.number().int().optional();

/** Every frame of /ws/im server → client (see ImServerFrame in chat.ts). */
export const imServerFrame: z.ZodType<ImServerFrame> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('login'), identifier: z.string(), guest: z.boolean() }),
  z.object({ type: z.literal('joined'), groupId: z.number(), messages: z.array(imMessageSchema) }),
  z.object({ type: z.literal('left'), groupId: z.number() }),
  z.object({ type: z.literal('messages'), groupId: z.number(), messages: z.array(imMessageSchema), events: z.array(imEventSchema).optional() }),
  z.object({ type: z.literal('kicked'), groupId: z.number(), until: z.string(), msg: z.string() }),
  z.object({ type: z.literal('c2c'), message: imDirectMessageSchema }),
  z.object({ type: z.literal('c2c_sent'), id: z.number(), message: imDirectMessageSchema, rid }),
  z.object({ type: z.literal('c2c_history'), messages: z.array(imDirectMessageSchema) }),
  z.object({ type: z.literal('horn'), horn: hornSchema }),
  z.object({ type: z.literal('sent'), groupId: z.number(), seq: z.number(), rid }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), msg: z.string(), request: z.string(), rid }),
]);
