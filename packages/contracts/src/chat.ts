import { z } from 'zod';
import { defineCall } from './call.ts';

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

/** Prefix of tourist identifiers; a user identifier is always the decimal user id. */
export const TOURIST_PREFIX = 'tourist_';

/** Longest chat text accepted (characters). */
export const CHAT_TEXT_MAX = 200;
/** Messages sent with a join when the client has no sequence to resume from. */
export const CHAT_HISTORY_SIZE = 50;

/**
 * Frames a client sends on /ws/im (JSON). A room's group id is the anchor's user id. `lastSeq` on
 * join resumes after the last message the client has, so a reconnect loses and repeats nothing.
 */
export const imClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('login'), identifier: z.string().max(64), userSig: z.string().max(4096) }),
  z.object({ type: z.literal('join'), groupId: z.number().int().positive(), lastSeq: z.number().int().min(0).optional() }),
  z.object({ type: z.literal('leave'), groupId: z.number().int().positive() }),
  z.object({ type: z.literal('send'), groupId: z.number().int().positive(), text: z.string().max(2000) }),
  z.object({ type: z.literal('ping') }),
]);
export type ImClientFrame = z.infer<typeof imClientFrame>;

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
}

/**
 * Frames the server sends: {type:'login', identifier, guest} · {type:'joined', groupId, messages}
 * · {type:'left', groupId} · {type:'messages', groupId, messages} (live, batched ~100 ms)
 * · {type:'sent', seq} · {type:'pong'} · {type:'error', msg, request}.
 */
export type ImServerFrame =
  | { type: 'login'; identifier: string; guest: boolean }
  | { type: 'joined'; groupId: number; messages: ImMessage[] }
  | { type: 'left'; groupId: number }
  | { type: 'messages'; groupId: number; messages: ImMessage[] }
  | { type: 'sent'; groupId: number; seq: number }
  | { type: 'pong' }
  | { type: 'error'; msg: string; request: string };
