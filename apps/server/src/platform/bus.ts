import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Fan-out between server processes: chat, danmaku, scores and presence publish here.
 * Redis pub/sub when REDIS_URL is set; otherwise an in-process emitter (one process is all there is),
 * or, when one machine runs several socket processes (WORKERS), the cluster's IPC (ipc-bus.ts).
 */
export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly kind: 'memory' | 'redis' | 'ipc';
}

export function createMemoryBus(): Bus {
  const ee = new EventEmitter();
  ee.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(channel, message) {
      ee.emit(channel, message);
    },
    async subscribe(channel, handler) {
      ee.on(channel, handler);
      return async () => void ee.off(channel, handler);
    },
    async close() {
      ee.removeAllListeners();
    },
  };
}

/** `prefix` (settings: REDIS_PREFIX) goes before every channel, so sites sharing a Redis stay apart. */
export function createRedisBus(url: string, prefix = ''): Bus {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: false });
  // Keyed by the channel as Redis names it (with the prefix).
  const handlers = new Map<string, Set<(m: string) => void>>();
  sub.on('message', (channel: string, message: string) => {
    for (const h of handlers.get(channel) ?? []) h(message);
  });
  return {
    kind: 'redis',
    async publish(channel, message) {
      await pub.publish(prefix + channel, message);
    },
    async subscribe(name, handler) {
      const channel = prefix + name;
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await sub.subscribe(channel);
      }
      set.add(handler);
      return async () => {
        set!.delete(handler);
        if (set!.size === 0) {
          handlers.delete(channel);
          await sub.unsubscribe(channel);
        }
      };
    },
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

/** The bus from the settings (Redis with REDIS_URL), or one given (tests); closes only its own. */
export const busPlugin = fp<{ bus?: Bus }>(
  async (app, opts) => {
    const bus = opts.bus ?? (app.config.REDIS_URL ? createRedisBus(app.config.REDIS_URL, app.config.REDIS_PREFIX) : createMemoryBus());
    app.decorate('bus', bus);
    if (!opts.bus) app.addHook('onClose', async () => bus.close());
  },
  { name: 'bus', fastify: '5.x', dependencies: ['config'] },
);
