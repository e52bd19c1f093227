import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { IpcPort } from './ipc-bus.ts';

/**
 * Where the per-address socket caps are counted (socket-guard.ts), so that they hold for the
 * whole site and not per process (issue #51 item 4: one address held 600 score sockets with a cap
 * of 300, and 40 pre-login chat sockets with a cap of 20, with two socket processes):
 *  - one process: in memory (`localPlaces`);
 *  - socket processes without Redis: the primary holds the count, each socket process asks it over
 *    IPC (`placesOverIpc`, `servePlaces`); the places of a process that ends are given back;
 *  - with REDIS_URL (several machines, or processes that share Redis): in Redis (`redisPlaces`),
 *    each process's places under its own name, forgotten when the process stops saying it is alive.
 * `take(key, cap)` holds one place of `key` when fewer than `cap` are held; `give(key)` returns one.
 */
export interface SocketPlaces {
  take(key: string, cap: number): Promise<boolean>;
  give(key: string): void;
}

/** In-memory places; `held` is read by the primary's IPC side. */
export function localPlaces() {
  const held = new Map<string, number>();
  const takeNow = (key: string, cap: number) => {
    const n = held.get(key) ?? 0;
    if (n >= cap) return false;
    held.set(key, n + 1);
    return true;
  };
  const giveNow = (key: string, count = 1) => {
    const left = (held.get(key) ?? count) - count;
    if (left <= 0) held.delete(key);
    else held.set(key, left);
  };
  return { held, takeNow, giveNow, take: async (key: string, cap: number) => takeNow(key, cap), give: (key: string) => giveNow(key) };
}
export type LocalPlaces = ReturnType<typeof localPlaces>;

type PlaceAsk = { placeq: number; key: string; cap: number };
type PlaceAnswer = { placer: number; ok: boolean };
type PlaceGive = { placeg: string };
const isAsk = (m: unknown): m is PlaceAsk => typeof m === 'object' && m !== null && typeof (m as { placeq?: unknown }).placeq === 'number';
const isAnswer = (m: unknown): m is PlaceAnswer => typeof m === 'object' && m !== null && typeof (m as { placer?: unknown }).placer === 'number';
const isGive = (m: unknown): m is PlaceGive => typeof m === 'object' && m !== null && typeof (m as { placeg?: unknown }).placeg === 'string';

/** A socket process's places: each take answered by the primary. */
export function placesOverIpc(port: IpcPort): SocketPlaces {
  const waiting = new Map<number, (ok: boolean) => void>();
  let next = 1;
  port.onMessage((m) => {
    if (!isAnswer(m)) return;
    waiting.get(m.placer)?.(m.ok);
    waiting.delete(m.placer);
  });
  return {
    take: (key, cap) =>
      new Promise((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        port.send({ placeq: id, key, cap } satisfies PlaceAsk);
      }),
    give: (key) => port.send({ placeg: key } satisfies PlaceGive),
  };
}

/** The primary's side for one socket process; the returned function gives back all it still holds (the process ended). */
export function servePlaces(port: IpcPort, places: LocalPlaces) {
  const mine = new Map<string, number>();
  const off = port.onMessage((m) => {
    if (isAsk(m)) {
      const ok = places.takeNow(m.key, m.cap);
      if (ok) mine.set(m.key, (mine.get(m.key) ?? 0) + 1);
      return port.send({ placer: m.placeq, ok } satisfies PlaceAnswer);
    }
    if (isGive(m) && mine.get(m.placeg)) {
      places.giveNow(m.placeg);
      const left = mine.get(m.placeg)! - 1;
      if (left) mine.set(m.placeg, left);
      else mine.delete(m.placeg);
    }
  });
  return () => {
    off();
    for (const [key, n] of mine) places.giveNow(key, n);
    mine.clear();
  };
}

/** A process tells Redis it is alive this often; its places are forgotten ALIVE_TTL_S after it stops. */
const ALIVE_EVERY_MS = 10_000;
const ALIVE_TTL_S = 30;
/** Counted places of one key: a hash of process name → places; the other processes' fields whose alive key is gone are dropped. */
const TAKE = `
local total = 0
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  if fields[i] ~= ARGV[1] and redis.call('EXISTS', ARGV[3] .. fields[i]) == 0 then
    redis.call('HDEL', KEYS[1], fields[i])
  else
    total = total + tonumber(fields[i + 1])
  end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('EXPIRE', KEYS[1], 86400)
return 1`;
const GIVE = `
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return n`;

/**
 * Places counted in Redis. When Redis does not answer, this process counts alone (the cap holds
 * per process, as before) rather than refusing every socket.
 */
export function redisPlaces(redis: Redis, prefix: string, log: { warn(obj: unknown, msg?: string): void }) {
  const me = `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
  const alivePrefix = `${prefix}socket-places:alive:`;
  const keyOf = (key: string) => `${prefix}socket-places:${key}`;
  const fallback = localPlaces();
  /** Keys taken from the fallback (while Redis was down): given back there. */
  const local = new Map<string, number>();
  const alive = () => redis.set(`${alivePrefix}${me}`, '1', 'EX', ALIVE_TTL_S).catch(() => undefined);
  const ready = alive();
  const timer = setInterval(alive, ALIVE_EVERY_MS);
  timer.unref();
  return {
    async take(key: string, cap: number) {
      await ready;
      try {
        return (await redis.eval(TAKE, 1, keyOf(key), me, cap, alivePrefix)) === 1;
      } catch (err) {
        log.warn({ err }, 'socket places: Redis did not answer, counting in this process');
        const ok = fallback.takeNow(key, cap);
        if (ok) local.set(key, (local.get(key) ?? 0) + 1);
        return ok;
      }
    },
    give(key: string) {
      const n = local.get(key);
      if (n) {
        fallback.giveNow(key);
        if (n > 1) local.set(key, n - 1);
        else local.delete(key);
        return;
      }
      void redis.eval(GIVE, 1, keyOf(key), me).catch(() => undefined);
    },
    /** Stops saying this process is alive and drops its name (its places go with it at the next take). */
    async close() {
      clearInterval(timer);
      await redis.del(`${alivePrefix}${me}`).catch(() => undefined);
    },
  };
}
