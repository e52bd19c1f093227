import type { Worker } from 'node:cluster';
import net from 'node:net';
import { type ConnectionCap, plainAddress } from '../platform/front.ts';

/** A WebSocket connection the primary accepted, sent to a socket process with its descriptor and the bytes read from it; `taken` answers it. */
type Conn = { conn: number; head: Uint8Array };
type Taken = { taken: number };
/** A socket process telling the primary a connection it took has closed (its address's place at the front is free again). */
type Gone = { gone: number };
/**
 * One socket process as the hand-out sees it: the connections waiting to be sent there, and the one
 * on its way (sent, its `taken` not back yet; the primary's copy of it stays open until then).
 */
interface Slot {
  worker: Worker;
  waiting: Array<{ socket: net.Socket; head: Buffer }>;
  inFlight: { id: number; socket: net.Socket } | null;
  /** The front's places of the connections this process took, by id: given back when it says one closed, or when it ends. */
  held: Map<number, () => void>;
}
/** A socket process telling the primary it takes connections. */
const READY = { edgeReady: 1 } as const;
const isConn = (m: unknown): m is Conn => typeof m === 'object' && m !== null && typeof (m as { conn?: unknown }).conn === 'number';
const isTaken = (m: unknown): m is Taken => typeof m === 'object' && m !== null && typeof (m as { taken?: unknown }).taken === 'number';
const isGone = (m: unknown): m is Gone => typeof m === 'object' && m !== null && typeof (m as { gone?: unknown }).gone === 'number';
const isReady = (m: unknown) => typeof m === 'object' && m !== null && (m as { edgeReady?: unknown }).edgeReady === 1;

/** The request line of a WebSocket upgrade (the chat's /ws/im, the scores' /ws/score). */
const SOCKET_LINE = /^GET \/ws\/[^ ]* HTTP\/1\.[01]\r\n/;
const SOCKET_PREFIX = 'GET /ws/';
/** A request line longer than this is nobody's WebSocket: the primary's HTTP server answers it. */
const MAX_LINE = 8192;
/** What a connection that sent no whole request line in time is answered before it is closed. */
const TIMED_OUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/**
 * Reads a new connection until its first request line shows where it goes: `socket` when it asks
 * for a WebSocket path. The connection stops being read at once (the bytes read come along), so
 * whoever takes it next reads the rest.
 */
function firstLine(socket: net.Socket, waitMs: number, then: (head: Buffer, socket: boolean) => void) {
  let head: Buffer = Buffer.alloc(0);
  const done = (toSockets: boolean) => {
    clearTimeout(timer);
    socket.off('data', onData);
    socket.off('end', onEnd);
    socket.pause();
    then(head, toSockets);
  };
  const onData = (chunk: Buffer) => {
    head = head.length ? Buffer.concat([head, chunk]) : chunk;
    const start = head.toString('latin1', 0, Math.min(head.length, SOCKET_PREFIX.length));
    if (!SOCKET_PREFIX.startsWith(start) && !start.startsWith(SOCKET_PREFIX)) return done(false);
    const eol = head.indexOf('\r\n');
    if (eol >= 0) return done(SOCKET_LINE.test(head.toString('latin1', 0, eol + 2)));
    if (head.length >= MAX_LINE) done(false);
  };
  // Closed (or half-closed) before a whole line: the HTTP server answers what there is.
  const onEnd = () => done(false);
  // No whole request line in time (an idle connection held open, a line sent a byte at a time):
  // closed here (issue #51 item 5); the rest of a head is the HTTP server's headersTimeout.
  const timer = setTimeout(() => {
    socket.off('data', onData);
    socket.off('end', onEnd);
    socket.end(TIMED_OUT);
    setTimeout(() => socket.destroy(), 1000).unref();
  }, waitMs);
  socket.once('close', () => clearTimeout(timer));
  socket.on('data', onData);
  socket.once('end', onEnd);
  socket.resume();
}

/**
 * Stops this process reading a connection for good, before it is sent to a socket process: any
 * byte read here after that is lost to the socket process (its descriptor here is closed once
 * the socket process says it took it). `pause()` alone is not enough: the stream goes on reading
 * up to its buffer's size, and asks for more on the next tick after each chunk it took (a chat
 * login sent right after the 101 was read here, 1 in a few hundred in the chat bench), so the
 * stream's own read request is made a no-op too.
 */
function stopReading(socket: net.Socket) {
  socket.pause();
  socket._read = () => {};
  const handle = (socket as unknown as { _handle?: { reading?: boolean; readStop?: () => number } | null })._handle;
  if (handle?.readStop) {
    handle.reading = false;
    handle.readStop();
  }
}

/** A connection `server` takes as if it had accepted it, with the bytes already read put back in front. */
function emitConnection(server: net.Server, socket: net.Socket, head: Uint8Array) {
  if (head.length) socket.unshift(Buffer.from(head.buffer, head.byteOffset, head.byteLength));
  server.emit('connection', socket);
  socket.resume();
}

/**
 * The public port, held by the primary (issue #20). Each new connection is read up to its first
 * request line: a WebSocket (`GET /ws/…`) goes to the socket processes in turn, everything else
 * (the API, pages, media, uploads) to the primary's own HTTP server, `own`, which answers it there.
 *
 * Why the split by request: the socket processes hold the sockets and their fan-out; the API's
 * state lives in the primary anyway (the embedded database, per-IP limits, the RTMP ingest's
 * streams, upload locks, the caches its writes drop). When a socket process also took plain HTTP
 * it had to proxy it to the primary: one more hop for every call (a goal's feed call among them),
 * and a call waited behind that process's fan-out of a goal to its sockets. A browser opens a
 * WebSocket on a connection of its own, so one connection is one kind for its whole life.
 *
 * Why not node:cluster's own ways:
 *   - The socket processes accepting from the shared listening socket (SCHED_NONE): the kernel gives
 *     a connection to the first process free to take it, so one busy at the moment of a kick-off
 *     surge got fewer. Splits of 54/46 to 66/34 made a goal's fan-out last as long as the bigger
 *     share's writes: the cluster bench's score push was 1.1–1.7× the 2-thread floor.
 *   - node:cluster's round robin splits evenly (5,000 score sockets 2,503/2,497; score push 0.97 and
 *     1.03× the floor), but a connection handed to a process that dies before it says it took it
 *     stays open in the primary, neither handed again nor closed, and its client waits for its own
 *     timeout (5 minutes for the cluster-kill journey's feed call). Node's handle passing does the
 *     same whatever sends it: the primary's copy waits for the receiver's acknowledgement, and
 *     handles queued behind it wait too.
 * Here the primary keeps its copy of each connection until the socket process says it took it (its
 * own `taken`), then closes that copy; when a socket process ends, the primary closes its copy of
 * the connection it had sent there and not heard back about, so its client sees the connection end
 * and reconnects at once.
 *
 * Why one connection on its way to a process at a time, the others waiting here: Node's handle
 * passing has one handle in flight per channel (the next waits for the receiver's acknowledgement,
 * which it sends when its event loop next reads the channel: 0.37 ms per handle to an idle
 * process, 4.8 ms to one whose turns take 4 ms), and it holds every other message for that
 * process behind the handles queued before it ("to avoid out-of-order messages"): the bus's chat
 * batches and goals, the database's answers. Queued in Node, a kick-off surge or the reconnects
 * after a process died (1,700 connections for the survivor in the cluster bench's kill test, taken
 * at 150–250 a second) held the survivor's goals and chat for seconds, and each acknowledgement
 * walked the whole queue again (a third of the primary's time). Waiting here, a message for the
 * process waits at most one handle's round trip; the connections not yet sent to a process that
 * ends go to the others instead of being closed; a process that becomes ready takes its share of
 * those waiting.
 */
export function createHandOut(own: net.Server, front: { cap?: ConnectionCap; headMs?: number } = {}) {
  const headMs = front.headMs ?? 10_000;
  const ready: Worker[] = [];
  const slots = new Map<Worker, Slot>();
  let turn = 0;
  let nextId = 1;
  let listening = false;
  /** The front's place of each connection while the primary holds it (platform/front.ts). */
  const places = new WeakMap<net.Socket, () => void>();

  /** Sends `slot` its next waiting connection, unless one is on its way there already. */
  function pump(slot: Slot) {
    while (slot.inFlight === null && slot.waiting.length) {
      const { socket, head } = slot.waiting.shift()!;
      // Its client gave up while it waited: nothing to send.
      if (socket.destroyed) continue;
      const id = nextId++;
      slot.inFlight = { id, socket };
      slot.worker.send({ conn: id, head } satisfies Conn as never, socket, { keepOpen: true }, (err) => {
        if (!err || slot.inFlight?.id !== id) return;
        slot.inFlight = null;
        socket.destroy();
        pump(slot);
      });
    }
  }

  /** Queues a connection for a ready socket process, in turn (an even split by count). */
  function assign(socket: net.Socket, head: Buffer, alive: Worker[]) {
    const slot = slots.get(alive[turn++ % alive.length])!;
    slot.waiting.push({ socket, head });
    pump(slot);
  }

  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    // A client gone before its connection was handed on: nothing to do but close it.
    socket.on('error', () => socket.destroy());
    // One address past its connection cap: closed before a byte is read (platform/front.ts).
    const release = front.cap ? front.cap.hold(plainAddress(socket.remoteAddress)) : null;
    if (front.cap && !release) return void socket.destroy();
    if (release) {
      // Given back when the primary's copy closes, unless a socket process took the connection:
      // then when that process says it closed.
      places.set(socket, release);
      socket.once('close', () => places.get(socket)?.());
    }
    firstLine(socket, headMs, (head, toSockets) => {
      if (socket.destroyed) return;
      const alive = toSockets ? ready.filter((w) => w.isConnected()) : [];
      // HTTP, and WebSockets while no socket process is up: the primary's own server.
      if (!alive.length) return emitConnection(own, socket, head);
      // Not one more byte read here: the socket process reads on from what was read.
      stopReading(socket);
      assign(socket, head, alive);
    });
  });
  return {
    server,
    /** Listens on the public address once `worker` says it is ready, and hands it connections from then on. */
    add(worker: Worker, listen: { host: string; port: number }, onListening: () => void) {
      const slot: Slot = { worker, waiting: [], inFlight: null, held: new Map() };
      slots.set(worker, slot);
      worker.on('message', (m) => {
        if (isGone(m)) {
          slot.held.get(m.gone)?.();
          slot.held.delete(m.gone);
          return;
        }
        if (isTaken(m)) {
          // The socket process has its own descriptor now: the primary's copy goes, and the next
          // connection waiting for this process is sent.
          if (slot.inFlight?.id !== m.taken) return;
          const release = places.get(slot.inFlight.socket);
          if (release) {
            places.delete(slot.inFlight.socket);
            slot.held.set(m.taken, release);
          }
          slot.inFlight.socket.destroy();
          slot.inFlight = null;
          return pump(slot);
        }
        if (!isReady(m) || ready.includes(worker)) return;
        ready.push(worker);
        rebalance(slot);
        // Once: a second process may be ready before the port is open.
        if (listening) return;
        listening = true;
        server.listen(listen, onListening);
      });
      worker.on('exit', () => {
        const i = ready.indexOf(worker);
        if (i >= 0) ready.splice(i, 1);
        slots.delete(worker);
        // Its connections went with it.
        for (const release of slot.held.values()) release();
        slot.held.clear();
        // Sent there and never taken (or taken just before the end): closed, so the client reconnects.
        slot.inFlight?.socket.destroy();
        slot.inFlight = null;
        // Never sent there: they go to the processes still up (or end, when none is).
        const alive = ready.filter((w) => w.isConnected());
        for (const { socket, head } of slot.waiting) {
          if (socket.destroyed) continue;
          if (alive.length) assign(socket, head, alive);
          else socket.destroy();
        }
        slot.waiting = [];
      });
    },
  };

  /**
   * A process that has just become ready (a restarted one, after the process it replaces left a
   * crowd reconnecting to the others) takes its share of the connections still waiting elsewhere.
   */
  function rebalance(fresh: Slot) {
    const others = [...slots.values()].filter((s) => s !== fresh && ready.includes(s.worker));
    const total = others.reduce((n, s) => n + s.waiting.length, 0) + fresh.waiting.length;
    const share = Math.floor(total / (others.length + 1));
    for (const s of others) while (s.waiting.length > share && fresh.waiting.length < share) fresh.waiting.push(s.waiting.pop()!);
    pump(fresh);
  }
}

/**
 * A socket process's side: the WebSocket connections the primary hands over become connections of
 * `server` (its HTTP server, which sees their upgrade requests from the first byte); `ready()` asks
 * for them.
 */
export function takeConnections(server: net.Server) {
  const gone = (id: number) => void (process.connected && process.send?.({ gone: id } satisfies Gone));
  process.on('message', (m, handle) => {
    if (!isConn(m)) return;
    process.send?.({ taken: m.conn } satisfies Taken);
    if (!(handle instanceof net.Socket)) return gone(m.conn);
    // Its address's place at the primary's front is held until it closes here.
    handle.once('close', () => gone(m.conn));
    // After the primary read the request line (at least): those bytes come first.
    emitConnection(server, handle, m.head);
  });
  return { ready: () => process.send?.(READY) };
}
