import type http from 'node:http';
import net from 'node:net';
import type { Config } from '../config.ts';

/**
 * The connection front (issue #51 item 5): what the process that accepts the public port's
 * connections does before any request is read. An attacker held 19,700 idle connections from one
 * address, which took the primary to 19,952 of its 20,000 open files, because
 *  - nothing capped the connections of one address: here `CONN_PER_IP` (scaled by
 *    RATE_LIMIT_SCALE, 0 = off) is counted from accept to close, WebSockets included (in the
 *    cluster, until the socket process that took one says it closed), and one past it is closed
 *    at once. So it is above the socket caps (300 score sockets, 20 pre-login chat sockets);
 *  - a connection that never sent a request lived until Node's own checks (headersTimeout 60 s,
 *    looked at every 30 s): here a whole request head must arrive within HEAD_TIMEOUT_MS, checked
 *    every second;
 *  - an idle keep-alive connection was kept 72 s (Fastify's default): here KEEP_ALIVE_TIMEOUT_MS.
 * Behind trusted proxies (TRUST_PROXY) every visitor arrives from the proxy's address, so a proxy
 * that TRUST_PROXY names is not capped (a hop count or `on` trusts whoever connects: no cap then);
 * the proxy caps its clients itself (nginx: limit_conn).
 */
export interface FrontLimits {
  perIp: number;
  headMs: number;
  keepAliveMs: number;
}

export const frontLimits = (config: Config): FrontLimits => ({
  perIp: config.RATE_LIMIT_SCALE > 0 && config.CONN_PER_IP > 0 ? Math.ceil(config.CONN_PER_IP * config.RATE_LIMIT_SCALE) : 0,
  headMs: config.HEAD_TIMEOUT_MS,
  keepAliveMs: config.KEEP_ALIVE_TIMEOUT_MS,
});

/** A body may take this long (an 8 MB upload chunk at 30 kB/s); its head is bounded by HEAD_TIMEOUT_MS. */
export const REQUEST_TIMEOUT_MS = 300_000;

/** Options for every HTTP server that reads requests from the public port (the one-process site, the primary's, a socket process's). */
export function frontServerOptions(limits: FrontLimits): http.ServerOptions {
  return {
    headersTimeout: limits.headMs,
    requestTimeout: Math.max(REQUEST_TIMEOUT_MS, limits.headMs),
    keepAliveTimeout: limits.keepAliveMs,
    // Node looks for connections past headersTimeout only this often (30 s by default).
    connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(limits.headMs / 2))),
  };
}

/** An address as Node reports it, IPv4-mapped IPv6 (`::ffff:1.2.3.4`) written as IPv4. */
export const plainAddress = (address: string | undefined) => (address?.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : (address ?? ''));

/** The peers TRUST_PROXY names (never capped), or 'all' when it trusts whoever connects. */
export function trustedPeers(trust: Config['TRUST_PROXY']): net.BlockList | 'all' | null {
  if (trust === true || typeof trust === 'number') return 'all';
  if (!trust || !trust.length) return null;
  const list = new net.BlockList();
  for (const entry of trust) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [addr, bits] = entry.split('/');
    const family = net.isIPv6(addr) ? 'ipv6' : 'ipv4';
    if (!net.isIP(addr)) continue;
    if (bits !== undefined) list.addSubnet(addr, Number(bits), family);
    else list.addAddress(addr, family);
  }
  return list;
}

/**
 * Counts open connections per client address. `hold(ip)` takes a place and returns its release
 * (null: the address has none left); `admit(socket)` holds one for `socket` until it closes.
 */
export function createConnectionCap(opts: { perIp: number; trusted: net.BlockList | 'all' | null }) {
  const open = new Map<string, number>();
  const exempt = (ip: string) => opts.trusted === 'all' || (opts.trusted !== null && opts.trusted.check(ip, net.isIPv6(ip) ? 'ipv6' : 'ipv4'));
  function hold(ip: string): (() => void) | null {
    if (opts.perIp <= 0 || !ip || exempt(ip)) return () => {};
    const n = open.get(ip) ?? 0;
    if (n >= opts.perIp) return null;
    open.set(ip, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (open.get(ip) ?? 1) - 1;
      if (left <= 0) open.delete(ip);
      else open.set(ip, left);
    };
  }
  return {
    hold,
    admit(socket: net.Socket): boolean {
      const release = hold(plainAddress(socket.remoteAddress));
      if (!release) return false;
      socket.once('close', release);
      return true;
    },
    /** Open connections of `ip` (for tests and the console). */
    count: (ip: string) => open.get(ip) ?? 0,
  };
}
export type ConnectionCap = ReturnType<typeof createConnectionCap>;

/**
 * Puts the cap in front of a server that accepts its connections itself (the one-process site):
 * a connection past its address's cap is closed before the HTTP server sees it.
 */
export function capConnections(server: net.Server, cap: ConnectionCap) {
  const listeners = server.listeners('connection') as Array<(socket: net.Socket) => void>;
  server.removeAllListeners('connection');
  server.on('connection', (socket: net.Socket) => {
    if (!cap.admit(socket)) return void socket.destroy();
    for (const l of listeners) l.call(server, socket);
  });
}

/** The front of a site that accepts the public port's connections itself (the one-process site, main.ts). */
export function frontOfServer(server: net.Server, config: Config) {
  const cap = createConnectionCap({ perIp: frontLimits(config).perIp, trusted: trustedPeers(config.TRUST_PROXY) });
  capConnections(server, cap);
  return cap;
}

/**
 * A WebSocket upgrade that arrives on a keep-alive connection while the answer to the request
 * before it is still on its way (the two sent together: pipelined) hung: Node hands the upgrade
 * over at once, @fastify/websocket then binds a stand-in response to a socket that still has one,
 * which throws inside its handler, and the client waited for ever. Here such an upgrade waits for
 * that answer to leave, then goes on as any other; a connection the answer closes is not upgraded.
 * Call it after the WebSocket plugin added its 'upgrade' listener.
 */
export function upgradesAfterAnswers(server: http.Server) {
  const listeners = server.listeners('upgrade') as Array<(req: http.IncomingMessage, socket: net.Socket, head: Buffer) => void>;
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const go = () => {
      if (socket.destroyed || !socket.writable) return void socket.destroy();
      for (const l of listeners) l.call(server, req, socket, head);
    };
    const busy = (socket as net.Socket & { _httpMessage?: http.ServerResponse | null })._httpMessage;
    if (!busy || busy.writableFinished) return go();
    // Node took its own error listener off before the 'upgrade': a client gone meanwhile must not
    // throw. Node unbinds the answer from its socket in a 'finish' listener added before this one.
    const onError = () => socket.destroy();
    socket.on('error', onError);
    busy.once('finish', () =>
      setImmediate(() => {
        socket.off('error', onError);
        go();
      }),
    );
    busy.once('close', () => busy.writableFinished || socket.destroy());
  });
}
