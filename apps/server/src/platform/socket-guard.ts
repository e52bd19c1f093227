/**
 * Limits that keep a stranger from swamping the WebSocket endpoints (issue #13 item 5):
 *  - frames are small (WS_MAX_PAYLOAD): the largest a client ever sends is a 200-character chat
 *    line in JSON; ws drops the connection on a bigger frame before buffering it;
 *  - sockets per client address: while not logged in (/ws/im) or at all (/ws/score, which has no
 *    login), so one address cannot hold thousands of idle sockets (a stadium behind one NAT
 *    address still fits: the caps scale with RATE_LIMIT_SCALE, 0 turns them off for benches);
 *  - frames per socket: a token bucket (pings included), so a socket cannot make the server
 *    parse and answer without pause.
 */
export const WS_MAX_PAYLOAD = 8 * 1024;

export interface SocketGuard {
  /** Holds one place for `ip`; returns its release, or null when the address has no place left. */
  admit(ip: string): (() => void) | null;
  /** A frame budget for one socket: call per incoming frame; false = over budget (close it). */
  frameBudget(): () => boolean;
}

export function createSocketGuard(opts: { perIp: number; framesPerSecond: number; burst: number }): SocketGuard {
  const held = new Map<string, number>();
  return {
    admit(ip) {
      if (opts.perIp <= 0) return () => {};
      const n = held.get(ip) ?? 0;
      if (n >= opts.perIp) return null;
      held.set(ip, n + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(ip) ?? 1) - 1;
        if (left <= 0) held.delete(ip);
        else held.set(ip, left);
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
