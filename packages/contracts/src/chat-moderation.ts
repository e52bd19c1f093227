import { z } from 'zod';
import { defineCall } from './call.ts';
import { KEYWORDS_MAX, KEYWORD_MAX_CHARS, SANCTION_MAX_MINUTES, SLOW_MODE_SECONDS } from './chat-constants.ts';
import { idField, pageFields, userBriefSchema } from './economy-fields.ts';

// Room moderation (spec §6: mute and unmute, set and remove administrator, block messages and
// effects, kick; tenxun getRoomAdmin / setRoomAdmin). A room is its anchor's user id. The anchor
// moderates its own room; room admins may mute and kick ordinary viewers (not the anchor, not
// other admins). Blocking messages and effects is the viewer's own filter and stays in the browser.

export { KEYWORDS_MAX, KEYWORD_MAX_CHARS, ROOM_ADMIN_MAX, SANCTION_MAX_MINUTES, SANCTION_PRESETS, SLOW_MODE_SECONDS, type SlowModeSeconds } from './chat-constants.ts';

const roomField = idField('chat.no_room');
const userField = idField('chat.user_unknown');
const minutesField = z.preprocess(
  (v) => (v === '' || v == null ? NaN : Number(v)),
  z.number({ error: 'chat.minutes_invalid' }).int('chat.minutes_invalid').min(0, 'chat.minutes_invalid').max(SANCTION_MAX_MINUTES, 'chat.minutes_invalid'),
);

export const roomAdminSchema = userBriefSchema.extend({ created_at: z.string() });
export type RoomAdmin = z.infer<typeof roomAdminSchema>;

/** The admins of a room (anyone may see who they are: their names carry a badge in chat). */
export const getRoomAdmin = defineCall({
  method: 'GET',
  path: 'api/tenxun/getRoomAdmin',
  auth: false,
  input: z.object({ room_id: roomField }),
  data: z.array(roomAdminSchema),
});

/** The anchor names (status 1) or removes (status 0) an admin of its own room. */
export const setRoomAdmin = defineCall({
  method: 'GET',
  path: 'api/tenxun/setRoomAdmin',
  writes: true,
  auth: true,
  input: z.object({
    user_id: userField,
    status: z.preprocess((v) => (v === '' || v == null ? NaN : Number(v)), z.union([z.literal(0), z.literal(1)], { error: 'chat.status_invalid' })),
  }),
  data: z.array(roomAdminSchema),
});

export const sanctionSchema = z.object({ user: userBriefSchema, kind: z.enum(['mute', 'kick']), until: z.string(), actor_id: z.number() });
export type Sanction = z.infer<typeof sanctionSchema>;

/** Mutes a viewer in a room for `minutes` (0 lifts the mute). */
export const muteMember = defineCall({
  method: 'POST',
  path: 'api/tenxun/muteMember',
  auth: true,
  input: z.object({ room_id: roomField, user_id: userField, minutes: minutesField }),
  data: z.object({ until: z.string().nullable() }),
});

/** Kicks a viewer out of a room's chat for `minutes` (0 lets them back in). */
export const kickMember = defineCall({
  method: 'POST',
  path: 'api/tenxun/kickMember',
  auth: true,
  input: z.object({ room_id: roomField, user_id: userField, minutes: minutesField }),
  data: z.object({ until: z.string().nullable() }),
});

/** Current mutes and kicks of a room (anchor and admins). */
export const getSanctions = defineCall({
  method: 'GET',
  path: 'api/tenxun/getSanctions',
  auth: true,
  input: z.object({ room_id: roomField }),
  data: z.array(sanctionSchema),
});

export const MOD_ACTIONS = ['mute', 'unmute', 'kick', 'unkick', 'admin_set', 'admin_remove', 'keywords', 'blocked_message', 'slow_mode'] as const;
export const modLogEntrySchema = z.object({
  id: z.number(),
  action: z.enum(MOD_ACTIONS),
  actor: userBriefSchema,
  target: userBriefSchema.nullable(),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type ModLogEntry = z.infer<typeof modLogEntrySchema>;

/** Every moderation action in a room, newest first (anchor and admins). */
export const getModLog = defineCall({
  method: 'GET',
  path: 'api/tenxun/getModLog',
  auth: true,
  input: z.object({ room_id: roomField, ...pageFields }),
  data: z.object({ list: z.array(modLogEntrySchema), total: z.number() }),
});

/** The anchor's keyword filter: messages containing one of these words are refused. */
export const getKeywords = defineCall({
  method: 'GET',
  path: 'api/tenxun/getKeywords',
  auth: true,
  input: z.object({}),
  data: z.array(z.string()),
});

export const setKeywords = defineCall({
  method: 'POST',
  path: 'api/tenxun/setKeywords',
  auth: true,
  input: z.object({
    words: z.array(z.string().trim().min(1, 'chat.keyword_invalid').max(KEYWORD_MAX_CHARS, 'chat.keyword_invalid'), { error: 'chat.keyword_invalid' }).max(KEYWORDS_MAX, 'chat.keywords_too_many'),
  }),
  data: z.array(z.string()),
});

/**
 * The anchor or a room admin sets the room's slow mode: a viewer waits `seconds` between two
 * messages (socket and api/Barrage/send alike); the anchor, room admins and site staff do not.
 * Announced in the room as a notice.
 */
export const setSlowMode = defineCall({
  method: 'POST',
  path: 'api/tenxun/setSlowMode',
  auth: true,
  input: z.object({
    room_id: roomField,
    // A number field (so only decimal digits are read), limited to the choices.
    seconds: z.preprocess(
      (v) => (v === '' || v == null ? NaN : Number(v)),
      z.number({ error: 'chat.slow_mode_invalid' }).refine((n) => (SLOW_MODE_SECONDS as readonly number[]).includes(n), { error: 'chat.slow_mode_invalid' }),
    ),
  }),
  data: z.object({ seconds: z.number() }),
});

/**
 * The caller's standing in a room: role, any mute or kick in force, the room's slow mode and
 * whether it applies to the caller (not to the anchor, room admins or site staff).
 */
export const getMyRole = defineCall({
  method: 'GET',
  path: 'api/tenxun/getMyRole',
  auth: true,
  input: z.object({ room_id: roomField }),
  data: z.object({
    role: z.enum(['anchor', 'admin', 'viewer']),
    muted_until: z.string().nullable(),
    kicked_until: z.string().nullable(),
    slow_mode: z.number(),
    slow_mode_exempt: z.boolean(),
  }),
});
