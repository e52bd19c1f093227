import type { IncomingMessage } from 'node:http';

/** Something that emits a `connection` for each WebSocket it accepts (the ws server of @fastify/websocket). */
interface SocketServer {
  on(event: 'connection', listener: (socket: { once(event: 'close', fn: () => void): void }, req: IncomingMessage) => void): unknown;
}

/**
 * Open WebSockets of this process by endpoint (`/ws/score` → `score`, `/ws/im` → `im`), counted
 * as the WebSocket server accepts and closes them. With several socket processes each counts its own.
 */
export function createSocketCensus(server: SocketServer | undefined) {
  const open = new Map<string, number>();
  server?.on('connection', (socket, req) => {
    const path = (req.url ?? '').split('?')[0].toLowerCase();
    const kind = path.startsWith('/ws/') ? path.slice(4).split('/')[0] || 'other' : 'other';
    open.set(kind, (open.get(kind) ?? 0) + 1);
    socket.once('close', () => open.set(kind, Math.max(0, (open.get(kind) ?? 1) - 1)));
  });
  return {
    counts(): Record<string, number> {
      return { score: 0, im: 0, ...Object.fromEntries(open) };
    },
  };
}
export type SocketCensus = ReturnType<typeof createSocketCensus>;
