import type { Worker } from 'node:cluster';
import net from 'node:net';

/** A connection the primary accepted, sent to a socket process with its descriptor; `taken` answers it. */
type Conn = { conn: number };
type Taken = { taken: number };
/** A socket process telling the primary it takes connections. */
const READY = { edgeReady: 1 } as const;
const isConn = (m: unknown): m is Conn => typeof m === 'object' && m !== null && typeof (m as { conn?: unknown }).conn === 'number';
const isTaken = (m: unknown): m is Taken => typeof m === 'object' && m !== null && typeof (m as { taken?: unknown }).taken === 'number';
const isReady = (m: unknown) => typeof m === 'object' && m !== null && (m as { edgeReady?: unknown }).edgeReady === 1;

/**
 * The public port, held by the primary, which hands each new connection to the socket processes in
 * turn (issue #20).
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
 * end and reconnect at once. The primary never reads from a connection (`pauseOnConnect`).
 */
export function createHandOut() {
  const ready: Worker[] = [];
  /** Per socket process, the connections sent to it that it has not said it took. */
  const unclaimed = new Map<Worker, Map<number, net.Socket>>();
  let turn = 0;
  let nextId = 1;
  let listening = false;
  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    // A client gone before its connection was handed on: nothing to do but close it.
    socket.on('error', () => socket.destroy());
    const alive = ready.filter((w) => w.isConnected());
    if (!alive.length) return void socket.destroy();
    const worker = alive[turn++ % alive.length];
    const id = nextId++;
    unclaimed.get(worker)?.set(id, socket);
    worker.send({ conn: id } satisfies Conn as never, socket, { keepOpen: true }, (err) => {
      if (!err) return;
      unclaimed.get(worker)?.delete(id);
      socket.destroy();
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
 * A socket process's side: the connections the primary hands over become connections of `server`
 * (its HTTP server, WebSocket upgrades included); `ready()` asks for them.
 */
export function takeConnections(server: net.Server) {
  process.on('message', (m, handle) => {
    if (!isConn(m)) return;
    process.send?.({ taken: m.conn } satisfies Taken);
    if (!(handle instanceof net.Socket)) return;
    server.emit('connection', handle);
    // Sent paused: its first bytes are read from here on.
    handle.resume();
  });
  return { ready: () => process.send?.(READY) };
}
