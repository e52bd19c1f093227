import type { Worker } from 'node:cluster';
import net from 'node:net';

/** A connection the primary accepted, sent to a socket process with its descriptor. */
const CONN = { conn: 1 } as const;
/** A socket process telling the primary it takes connections. */
const READY = { edgeReady: 1 } as const;
const isConn = (m: unknown) => typeof m === 'object' && m !== null && (m as { conn?: unknown }).conn === 1;
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
 *     1.03× the floor), but it keeps each connection open in the primary until the socket process
 *     says it took it: one handed to a process that dies in that moment is never closed nor handed
 *     again, and its client waits for its own timeout (5 minutes for the cluster-kill journey's
 *     feed call).
 * Here the primary lets go of each connection as soon as it is sent: if its socket process dies
 * with it, the kernel closes it and the client reconnects at once. The primary never reads from a
 * connection (`pauseOnConnect`).
 */
export function createHandOut() {
  const ready: Worker[] = [];
  let turn = 0;
  let listening = false;
  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    // A client gone before its connection was handed on: nothing to do but close it.
    socket.on('error', () => socket.destroy());
    const alive = ready.filter((w) => w.isConnected());
    if (!alive.length) return void socket.destroy();
    const worker = alive[turn++ % alive.length];
    worker.send(CONN as never, socket, { keepOpen: false }, (err) => err && socket.destroy());
  });
  return {
    server,
    /** Listens on the public address once `worker` says it is ready, and hands it connections from then on. */
    add(worker: Worker, listen: { host: string; port: number }, onListening: () => void) {
      worker.on('message', (m) => {
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
    if (!isConn(m) || !(handle instanceof net.Socket)) return;
    server.emit('connection', handle);
    // Sent paused: its first bytes are read from here on.
    handle.resume();
  });
  return { ready: () => process.send?.(READY) };
}
