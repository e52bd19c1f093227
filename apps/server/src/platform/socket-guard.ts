import { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { SocketPlaces } from './socket-places.ts';

/**
 * Limits that keep a stranger from swamping the WebSocket endpoints (issue #13 item 5):
 *  - frames are small (WS_MAX_PAYLOAD): the largest a client ever sends is a 200-character chat
 *    line in JSON; ws drops the connection on a bigger frame before buffering it;
 *  - sockets per client address: while not logged in (/ws/im) or at all (/ws/score, which has no
 *    login), so one address cannot hold thousands of idle sockets (a stadium behind one NAT
 *    address still fits: the caps scale with RATE_LIMIT_SCALE, 0 turns them off for benches),
 *    counted for the whole site, every process together (socket-places.ts);
 *  - frames per socket: a token bucket (pings included), so a socket cannot make the server
 *    parse and answer without pause.
 */
export const WS_MAX_PAYLOAD = 8 * 1024;

export interface SocketGuard {
  /**
   * Holds one place for `ip`, counted across the site's processes (socket-places.ts); resolves to
   * its release, or null when the address has no place left.
   */
  admit(ip: string): Promise<(() => void) | null>;
  /** A frame budget for one socket: call per incoming frame; false = over budget (close it). */
  frameBudget(): () => boolean;
}

export function createSocketGuard(opts: { kind: string; perIp: number; framesPerSecond: number; burst: number; places: SocketPlaces }): SocketGuard {
  return {
    async admit(ip) {
      if (opts.perIp <= 0) return () => {};
      const key = `${opts.kind}:${ip}`;
      if (!(await opts.places.take(key, opts.perIp))) return null;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        opts.places.give(key);
      };
    },
    frameBudget() {
      if (opts.framesPerSecond <= 0) return () => true;
      let tokens = opts.burst;
      let at = Date.now();
      return () => {
        const now = Date.now();
        tokens = Math.min(opts.burst, tokens + ((now - at) / 1000) * opts.framesPerSecond);
        at = now;
        if (tokens < 1) return false;
        tokens -= 1;
        return true;
      };
    },
  };
}

/**
 * Lets go of what the upgrade request left on an accepted socket, so a socket held for hours costs
 * only its own objects. @fastify/websocket routes the upgrade through Fastify with a stand-in
 * ServerResponse bound to the socket, and adds an 'error' listener whose closure holds the Fastify
 * request and reply: every open socket kept the upgrade's IncomingMessage, ServerResponse, request,
 * reply and their header strings alive, about 8 kB of heap per socket (heap snapshot with 10,000
 * chat viewers: 84 MB). At kick-off that heap is what each garbage collection walks while
 * thousands join (issue #20 item 1). Call it first thing in a `websocket: true` handler, before the
 * handler adds listeners of its own; it puts back an 'error' listener that only ends the socket, as
 * the plugin's default handler does (a socket error is the client going away, not a server fault).
 */
export function releaseUpgrade(ws: WebSocket, req: FastifyRequest) {
  ws.removeAllListeners('error');
  ws.on('error', () => ws.terminate());
  // The stand-in response was bound to the socket with assignSocket(); detachSocket() unbinds it.
  const socket = req.raw.socket as Socket & { _httpMessage?: unknown };
  const res = socket?._httpMessage;
  if (res instanceof ServerResponse) res.detachSocket(socket);
}
