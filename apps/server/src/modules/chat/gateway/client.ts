import type { WebSocket } from 'ws';
import type { ImMessage, ImServerFrame } from '@livesports/contracts/chat';
import { type Lang, translate } from '@livesports/contracts/messages';
import { AppError } from '../../../platform/errors.ts';
import { type PreparedFrame, sendPrepared } from '../../../platform/prepared-frame.ts';
import type { ChatIdentity } from '../credentials.ts';

/** A client this far behind is cut off; it reconnects and resumes from its last sequence. */
const MAX_BUFFERED = 4 * 1024 * 1024;

/** One /ws/im socket and what the gateway knows about it. */
export interface Client {
  ws: WebSocket;
  /** The language the upgrade request asked for (envelope.ts picks it): refusals and kicks are in it. */
  lang: Lang;
  identity: ChatIdentity | null;
  groups: Set<number>;
  /** Per group being joined: live messages that arrived while its history was loading. */
  held: Map<number, ImMessage[]>;
  /** Per group just joined: the last sequence its history covered; batched messages up to it are skipped. */
  floor: Map<number, number>;
  /** Called at each successful login: the socket leaves the pre-login budget and its login timer stops. */
  loggedIn: () => void;
}

/** Writes a frame unless the socket is closed; a client too far behind is cut off instead. */
export function write(c: Client, data: PreparedFrame | ImServerFrame) {
  if (c.ws.readyState !== c.ws.OPEN) return;
  if (c.ws.bufferedAmount > MAX_BUFFERED) return void c.ws.terminate();
  if ('bytes' in data) sendPrepared(c.ws, data);
  else c.ws.send(JSON.stringify(data));
}

/** The client's request id, echoed on the answer so it can match it (absent when the client sent none). */
export const echo = (rid: number | undefined) => (rid === undefined ? {} : { rid });

/** Answers a refused frame with the localized message (and the frame's request id, if any). */
export const fail = (c: Client, request: string, key: string, params?: Record<string, string | number>, rid?: number) =>
  write(c, { type: 'error', msg: translate(c.lang, key, params), request, ...echo(rid) });

/** A domain refusal (AppError) is answered to the client; anything else is a bug and goes up. */
export const failWith = (c: Client, request: string, err: unknown, rid?: number) => {
  if (err instanceof AppError) return fail(c, request, err.key, err.params, rid);
  throw err;
};
