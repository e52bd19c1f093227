import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { vi } from 'vitest';
import type { AuthUser } from '../src/platform/auth.ts';
import type { Bus } from '../src/platform/bus.ts';

// The fast inner loop (`npm test -- fast`, files named *.fast.test.ts): services built on fake
// repositories, the way Immich's service specs do it, with no database, so they run in a blink.
// A fake repository answers only the methods a test gives it; calling any other fails loudly, so
// a test states exactly which queries a rule may make.

/** A repository of type T whose methods are `impl`'s (as vi.fn spies); any other method throws. */
export function fakeRepo<T extends object>(impl: { [K in keyof T]?: T[K] } = {}): T & { [K in keyof T]: ReturnType<typeof vi.fn> } {
  const spies = new Map<PropertyKey, ReturnType<typeof vi.fn>>();
  for (const [k, v] of Object.entries(impl)) spies.set(k, vi.fn(v as (...a: unknown[]) => unknown));
  return new Proxy({} as T & { [K in keyof T]: ReturnType<typeof vi.fn> }, {
    get(_, key) {
      const spy = spies.get(key);
      if (spy) return spy;
      if (typeof key === 'symbol' || key === 'then') return undefined;
      // Services may pass a method along at build time; only calling it is a test failure.
      return () => {
        throw new Error(`unexpected repository call: ${String(key)}`);
      };
    },
  });
}

/** A bus that records what was published and delivers nothing. */
export function fakeBus(): Bus & { published: Array<[string, unknown]> } {
  const published: Array<[string, unknown]> = [];
  return {
    kind: 'memory',
    published,
    publish: async (channel, message) => void published.push([channel, JSON.parse(message)]),
    subscribe: async () => async () => {},
    close: async () => {},
  };
}

/** A clock that stands still until a test moves it. */
export function fakeClock(start = '2030-01-01T12:00:00Z') {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

let nextId = 1000;
/** A logged-in user as the services see one. */
export const authUser = (over: Partial<AuthUser> = {}): AuthUser => ({ id: nextId++, isAnchor: false, isAdmin: false, isModerator: false, sessionId: nextId++, ...over });

/** Whether a redis-server binary is installed (tests that need a real Redis run only then). */
export const hasRedisServer = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A throw-away redis-server on a free port, nothing kept on disk; `stop()` ends it. */
export async function throwawayRedis(): Promise<{ url: string; stop: () => void }> {
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 300));
  return { url: `redis://127.0.0.1:${port}`, stop: () => void proc.kill() };
}
