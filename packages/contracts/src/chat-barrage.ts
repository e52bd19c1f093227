import { z } from 'zod';
import { defineCall } from './call.ts';
import { HORN_TEXT_MAX } from './chat-constants.ts';
import { CHAT_TEXT_MAX, type Horn, type ImMessage } from './chat.ts';
import { idField, idempotencyKeyField } from './economy-fields.ts';

// Danmaku over HTTP (api/Barrage/getList, send) and site-wide horns (api/Member/sneHorn,
// hornList). A danmaku is a room chat message: the same checks, sequence and fan-out as one sent
// on /ws/im. Send calls are POST (the spec lists GET): they carry user text or spend coins, and a
// GET may be repeated by prefetchers and retries.

export { HORN_LIST_SIZE, HORN_PRICE, HORN_TEXT_MAX } from './chat-constants.ts';

const roomField = idField('chat.no_room');

/**
 * Text of at most `max` characters as people count them (code points, after trimming): the same
 * count as the input's n/max counter and the service's check, so the three agree. The refusal
 * names the limit (`params.max` fills {{max}} in the message).
 */
const textUpTo = (max: number, missing: 'chat.empty' | 'chat.horn_empty', tooLong: 'chat.too_long' | 'chat.horn_too_long') =>
  z.string({ error: missing }).refine((v) => [...v.trim()].length <= max, { error: tooLong, params: { max } });

/** The latest danmaku of a room (or those after `last_seq`), oldest first. */
export const barrageList = defineCall({
  method: 'GET',
  path: 'api/Barrage/getList',
  auth: false,
  input: z.object({
    room_id: roomField,
    last_seq: z.preprocess((v) => (v === '' || v == null ? undefined : Number(v)), z.number({ error: 'common.input_error' }).int('common.input_error').min(0, 'common.input_error').optional()),
  }),
  data: z.custom<ImMessage[]>(),
});

export const barrageSend = defineCall({
  method: 'POST',
  path: 'api/Barrage/send',
  also: 'GET',
  auth: true,
  input: z.object({ room_id: roomField, text: textUpTo(CHAT_TEXT_MAX, 'chat.empty', 'chat.too_long') }),
  data: z.object({ seq: z.number() }),
});

export const sneHorn = defineCall({
  method: 'POST',
  path: 'api/Member/sneHorn',
  also: 'GET',
  auth: true,
  input: z.object({
    text: textUpTo(HORN_TEXT_MAX, 'chat.horn_empty', 'chat.horn_too_long'),
    room_id: z.preprocess((v) => (v === '' || v == null ? undefined : v), roomField.optional()),
    idempotency_key: idempotencyKeyField,
  }),
  data: z.object({
    horn: z.custom<Horn>(),
    /** One of the emperor's free horns was used (no coins spent). */
    free: z.boolean(),
    /** Consumption balance after (tenths). */
    balance: z.number(),
    free_horns_left: z.number(),
  }),
});

export const hornList = defineCall({ method: 'GET', path: 'api/Member/hornList', auth: false, input: z.object({}), data: z.custom<Horn[]>() });
