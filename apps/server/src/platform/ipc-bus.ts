import { EventEmitter } from 'node:events';
import type { Bus } from './bus.ts';

/**
 * The bus between the processes of one machine without Redis (WORKERS > 1, no REDIS_URL): the
 * cluster's primary is the hub, each socket process talks to it over its IPC channel.
 *
 * A process tells the hub which channels it listens to, so a room's messages reach only the
 * processes with members in that room. A publish is delivered at once to the publisher's own
 * listeners (as the in-process bus does) and through the hub to every other listening process, in
 * the order published: one channel keeps one publisher's order, as Redis pub/sub does. The message
 * leaves for the other processes before the publisher's own listeners run: all of it happens in
 * one synchronous step, so nothing in the publisher can tell the difference, and the others start
 * at once instead of after this process's own fan-out.
 */

/** One end of an IPC channel: a cluster worker's `process`, or the primary's handle on a worker. */
export interface IpcPort {
  send(message: unknown): void;
  onMessage(handler: (message: unknown) => void): () => void;
}

export type BusFrame = { bus: 'pub' | 'msg'; ch: string; m: string } | { bus: 'sub' | 'unsub'; ch: string };
export const isBusFrame = (m: unknown): m is BusFrame => typeof m === 'object' && m !== null && typeof (m as { bus?: unknown }).bus === 'string';

function localEmitter() {
  const ee = new EventEmitter();
  ee.setMaxListeners(0);
  return ee;
}

/** A socket process's bus: its own listeners, plus the hub for everyone else. */
export function createIpcBus(port: IpcPort): Bus {
  const ee = localEmitter();
  const off = port.onMessage((m) => {
    if (isBusFrame(m) && m.bus === 'msg') ee.emit(m.ch, m.m);
  });
  return {
    kind: 'ipc',
    async publish(channel, message) {
      // The other processes first: they start on it while this one runs its own listeners (a
      // goal's write to this process's sockets takes tens of milliseconds).
      port.send({ bus: 'pub', ch: channel, m: message } satisfies BusFrame);
      ee.emit(channel, message);
    },
    async subscribe(channel, handler) {
      if (ee.listenerCount(channel) === 0) port.send({ bus: 'sub', ch: channel } satisfies BusFrame);
      ee.on(channel, handler);
      return async () => {
        ee.off(channel, handler);
        if (ee.listenerCount(channel) === 0) port.send({ bus: 'unsub', ch: channel } satisfies BusFrame);
      };
    },
    async close() {
      off();
      ee.removeAllListeners();
    },
  };
}

/**
 * The primary's side: its own bus (the process that owns the database publishes and listens like
 * any other) and the relay between the socket processes attached to it.
 */
export function createBusHub() {
  const ee = localEmitter();
  const processes = new Map<IpcPort, Set<string>>();

  /** To the socket processes first (they hold the sockets), then to the primary's own listeners. */
  function relay(from: IpcPort | null, channel: string, message: string) {
    for (const [port, channels] of processes) if (port !== from && channels.has(channel)) port.send({ bus: 'msg', ch: channel, m: message } satisfies BusFrame);
    ee.emit(channel, message);
  }

  const bus: Bus = {
    kind: 'ipc',
    async publish(channel, message) {
      relay(null, channel, message);
    },
    async subscribe(channel, handler) {
      ee.on(channel, handler);
      return async () => void ee.off(channel, handler);
    },
    async close() {
      ee.removeAllListeners();
    },
  };

  return {
    bus,
    /** Relays for one socket process until the returned function detaches it (it exited). */
    attach(port: IpcPort) {
      const channels = new Set<string>();
      processes.set(port, channels);
      const off = port.onMessage((m) => {
        if (!isBusFrame(m)) return;
        if (m.bus === 'pub') relay(port, m.ch, m.m);
        else if (m.bus === 'sub') channels.add(m.ch);
        else if (m.bus === 'unsub') channels.delete(m.ch);
      });
      return () => {
        off();
        processes.delete(port);
      };
    },
  };
}
