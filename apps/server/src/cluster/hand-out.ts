import type { Worker } from 'node:cluster';
import net from 'node:net';

/** A WebSocket connection the primary accepted, sent to a socket process with its descriptor and the bytes read from it; `taken` answers it. */
type Conn = { conn: number; head: Uint8Array };
type Taken = { taken: number };
/** A socket process telling the primary it takes connections. */
const READY = { edgeReady: 1 } as const;
const isConn = (m: unknown): m is Conn => typeof m === 'object' && m !== null && typeof (m as { conn?: unknown }).conn === 'number';
const isTaken = (m: unknown): m is Taken => typeof m === 'object' && m !== null && typeof (m as { taken?: unknown }).taken === 'number';
const isReady = (m: unknown) => typeof m === 'object' && m !== null && (m as { edgeReady?: unknown }).edgeReady === 1;

/** The request line of a WebSocket upgrade (the chat's /ws/im, the scores' /ws/score). */
const SOCKET_LINE = /^GET \/ws\/[^ ]* HTTP\/1\.[01]\r\n/;
const SOCKET_PREFIX = 'GET /ws/';
/** A request line longer than this is nobody's WebSocket: the primary's HTTP server answers it. */
const MAX_LINE = 8192;
/** A connection that has not sent its request line by then goes to the primary's HTTP server, whose own timeouts end it. */
const LINE_WAIT_MS = 10_000;

/**
 * Reads a new connection until its first request line shows where it goes: `socket` when it asks
 * for a WebSocket path. The connection stops being read at once (the bytes read come along), so
 * whoever takes it next reads the rest.
 */
function firstLine(socket: net.Socket, then: (head: Buffer, socket: boolean) => void) {
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
  const timer = setTimeout(() => done(false), LINE_WAIT_MS);
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
 * own `taken`), then closes that copy; when a socket process ends, the primary closes its copies of
 * every connection it had sent there and not heard back about, so their clients see the connection
 * end and reconnect at once.
 */
export function createHandOut(own: net.Server) {
  const ready: Worker[] = [];
  /** Per socket process, the connections sent to it that it has not said it took. */
  const unclaimed = new Map<Worker, Map<number, net.Socket>>();
  let turn = 0;
  let nextId = 1;
  let listening = false;
  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    // A client gone before its connection was handed on: nothing to do but close it.
    socket.on('error', () => socket.destroy());
    firstLine(socket, (head, toSockets) => {
      if (socket.destroyed) return;
      const alive = toSockets ? ready.filter((w) => w.isConnected()) : [];
      // HTTP, and WebSockets while no socket process is up: the primary's own server.
      if (!alive.length) return emitConnection(own, socket, head);
      const worker = alive[turn++ % alive.length];
      const id = nextId++;
      // Not one more byte read here: the socket process reads on from what was read.
      stopReading(socket);
      unclaimed.get(worker)?.set(id, socket);
      worker.send({ conn: id, head } satisfies Conn as never, socket, { keepOpen: true }, (err) => {
        if (!err) return;
        unclaimed.get(worker)?.delete(id);
        socket.destroy();
      });
    });
  });
  return {
    server,
    /** Listens on the public address once `worker` says it is ready, and hands it connections from then on. */
    add(worker: Worker, listen: { host: string; port: number }, onListening: () => void) {
      unclaimed.set(worker, new Map());
      worker.on('message', (m) => {
        if (isTaken(m)) {
          // The socket process has its own descriptor now: the primary's copy goes.
          const mine = unclaimed.get(worker);
          mine?.get(m.taken)?.destroy();
          mine?.delete(m.taken);
          return;
        }
        if (!isReady(m) || ready.includes(worker)) return;
        ready.push(worker);
        // Once: a second process may be ready before the port is open.
        if (listening) return;
        listening = true;
        server.listen(listen, onListening);
      });
      worker.on('exit', () => {
        const i = ready.indexOf(worker);
        if (i >= 0) ready.splice(i, 1);
        // Sent there and never taken (or taken just before the end): closed, so the client reconnects.
        for (const socket of unclaimed.get(worker)?.values() ?? []) socket.destroy();
        unclaimed.delete(worker);
      });
    },
  };
}

/**
 * A socket process's side: the WebSocket connections the primary hands over become connections of
 * `server` (its HTTP server, which sees their upgrade requests from the first byte); `ready()` asks
 * for them.
 */
export function takeConnections(server: net.Server) {
  process.on('message', (m, handle) => {
    if (!isConn(m)) return;
    process.send?.({ taken: m.conn } satisfies Taken);
    if (!(handle instanceof net.Socket)) return;
    // After the primary read the request line (at least): those bytes come first.
    emitConnection(server, handle, m.head);
  });
  return { ready: () => process.send?.(READY) };
}
