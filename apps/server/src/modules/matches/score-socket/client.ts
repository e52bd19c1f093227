import type { WebSocket } from 'ws';
import type { Sport } from '@livesports/contracts/matches';
import { type PreparedFrame, prepareFrame, sendPrepared } from '../../../platform/prepared-frame.ts';

export const SPORTS: Sport[] = ['football', 'basketball'];
/** A client this far behind is cut off; it reconnects and gets a fresh snapshot. */
const MAX_BUFFERED = 4 * 1024 * 1024;

/** One /ws/score socket and what it asked for. */
export interface Client {
  ws: WebSocket;
  id: string;
  registered: boolean;
  companyId: number;
  classify: 0 | 1;
  lastSeen: number;
  /** Frames held while a snapshot is being prepared for this client. */
  held: PreparedFrame[] | null;
  snapshotsInFlight: number;
}

/** A `{ code, msg, data }` frame, serialized and framed once. */
export const frame = (code: number, msg: string, data: unknown) => prepareFrame(JSON.stringify({ code, msg, data }));

/** Writes a frame now, unless the socket is closed; a client too far behind is cut off instead. */
export function send(c: Client, buf: PreparedFrame) {
  if (c.ws.readyState !== c.ws.OPEN) return;
  if (c.ws.bufferedAmount > MAX_BUFFERED) {
    c.ws.terminate();
    return;
  }
  sendPrepared(c.ws, buf);
}

/** A live frame: held while the client's snapshot is on its way, written otherwise. */
export function deliver(c: Client, buf: PreparedFrame) {
  if (c.held) c.held.push(buf);
  else send(c, buf);
}
