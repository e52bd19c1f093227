import { z } from 'zod';
import { defineCall } from './call.ts';
import type { NobleTier } from './economy.ts';
import type { GiftEvent } from './economy-gifts.ts';
import type { ImCustomType } from './chat-constants.ts';

export * from './chat-constants.ts';

/**
 * A chat (IM) credential minted by the server: the identifier to log in to /ws/im with, its UserSig
 * (tls-sig-api-v2 format) and the app id. The signing secret stays on the server.
 */
export const imCredentialSchema = z.object({
  identifier: z.string(),
  userSig: z.string(),
  sdkAppId: z.number(),
  /** Lifetime of the credential in seconds from when it was minted. */
  expire: z.number(),
});
export type ImCredential = z.infer<typeof imCredentialSchema>;

/** Guests read the room chat under a throw-away tourist identity (spec §1, §7 Account). */
export const imTouristAccount = defineCall({
  method: 'GET',
  path: 'api/Universal/imTouristAccount',
  auth: false,
  input: z.object({}),
  data: imCredentialSchema,
});

/** The logged-in user's own credential; the identifier is the user id as a string. */
export const imSign = defineCall({
  method: 'GET',
  path: 'api/Member/imSign',
  auth: true,
  input: z.object({}),
  data: imCredentialSchema,
});

/**
 * Frames a client sends on /ws/im (JSON). A room's group id is the anchor's user id. `lastSeq` on
 * join resumes after the last message the client has, so a reconnect loses and repeats nothing.
 */
export const imClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('login'), identifier: z.string().max(64), userSig: z.string().max(4096) }),
  z.object({ type: z.literal('join'), groupId: z.number().int().positive(), lastSeq: z.number().int().min(0).optional() }),
  z.object({ type: z.literal('leave'), groupId: z.number().int().positive() }),
  /** rid: the client's request id; an answer that carries it back is matched by it (see chat-frames.ts). */
  z.object({ type: z.literal('send'), groupId: z.number().int().positive(), text: z.string().max(2000), rid: z.number().int().optional() }),
  /** One-to-one message to a user (by user id). */
  z.object({ type: z.literal('c2c'), to: z.number().int().positive(), text: z.string().max(2000), rid: z.number().int().optional() }),
  /** The last one-to-one messages to and from me. */
  z.object({ type: z.literal('c2c_history') }),
  z.object({ type: z.literal('ping') }),
]);
export type ImClientFrame = z.infer<typeof imClientFrame>;

/** Who sent a message, as everyone in the room sees it (badges and the noble's danmaku colour). */
export interface ImSenderExt {
  /** The room's anchor or one of its admins (assistants). */
  role?: 'anchor' | 'admin';
  noble?: NobleTier | null;
  /** Guard level in this room (0 none). */
  guard?: number;
  /** Wealth level. */
  level?: number;
  /** Danmaku colour (nobles). */
  color?: string;
}

/** payload.data of a moderation notice (stored in the room's history like any message). */
export interface ImNotice {
  type: typeof ImCustomType.NOTICE;
  /** `warning`: the site's staff speaking to the room (`text`; `target` is the room's anchor). */
  /** `slow_mode`: the room's slow mode changed to `seconds` (0 = off; `target` is who changed it). */
  action: 'mute' | 'unmute' | 'kick' | 'admin_set' | 'admin_remove' | 'warning' | 'slow_mode';
  target: { id: number; nick: string };
  minutes?: number;
  seconds?: number;
  text?: string;
}

/** One group message as clients receive it (in history and live). */
export interface ImMessage {
  groupId: number;
  seq: number;
  from: string;
  nick: string;
  avatar: string;
  /** e.g. TIMTextElem; custom types carry payload.data as a JSON string. */
  type: string;
  payload: { text?: string; data?: string };
  /** Unix seconds. */
  time: number;
  ext?: ImSenderExt;
}

/** A noble or guard entering the room (type 102): played, not kept in the history. */
export interface EntranceEvent {
  type: typeof ImCustomType.ENTRANCE;
  room_id: number;
  user: { id: number; nick: string; avatar: string };
  noble: NobleTier | null;
  guard_level: number;
}

/**
 * The room's stream started (is_live 1) or ended (0), type 104: an offline room's page starts the
 * player at once instead of noticing at its next poll. Not shown in the chat list.
 */
export interface LiveStateEvent {
  type: typeof ImCustomType.LIVE;
  room_id: number;
  is_live: 0 | 1;
}

/** Room events relayed live next to the messages, without a sequence (not replayed on resume). */
export type ImEvent = GiftEvent | EntranceEvent | LiveStateEvent;

/**
 * A one-to-one message (spec §3/§4). cloudCustomData.type says who sent it: 0 an anchor (goes to
 * the anchor list), 1 a room admin / assistant, 2 anyone else (both go to the assistant list).
 */
export interface ImDirectMessage {
  id: number;
  from: string;
  to: string;
  /** The sender's name and avatar. */
  nick: string;
  avatar: string;
  /** The recipient's name (a conversation shows it before they answer). */
  to_nick: string;
  text: string;
  cloudCustomData: { type: 0 | 1 | 2 };
  time: number;
}

/** A site-wide horn (api/Member/sneHorn), shown in every room. */
export interface Horn {
  id: number;
  user: { id: number; nick: string; avatar: string };
  noble: NobleTier | null;
  room_id: number | null;
  text: string;
  time: number;
}

/**
 * Frames the server sends: {type:'login', identifier, guest} · {type:'joined', groupId, messages}
 * · {type:'left', groupId} · {type:'messages', groupId, messages} (live, batched ~100 ms)
 * · {type:'sent', seq} · {type:'pong'} · {type:'error', msg, request} · {type:'kicked', groupId, until, msg}
 * · {type:'c2c', message} · {type:'c2c_sent', id, message} · {type:'c2c_history', messages} · {type:'horn', horn}.
 */
export type ImServerFrame =
  | { type: 'login'; identifier: string; guest: boolean }
  | { type: 'joined'; groupId: number; messages: ImMessage[] }
  | { type: 'left'; groupId: number }
  | { type: 'messages'; groupId: number; messages: ImMessage[]; events?: ImEvent[] }
  | { type: 'kicked'; groupId: number; until: string; msg: string }
  | { type: 'c2c'; message: ImDirectMessage }
  | { type: 'c2c_sent'; id: number; message: ImDirectMessage; rid?: number }
  | { type: 'c2c_history'; messages: ImDirectMessage[] }
  | { type: 'horn'; horn: Horn }
  | { type: 'sent'; groupId: number; seq: number; rid?: number }
  | { type: 'pong' }
  | { type: 'error'; msg: string; request: string; rid?: number };
