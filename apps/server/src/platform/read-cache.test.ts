import { describe, expect, it } from 'vitest';
import { createMemoryBus } from './bus.ts';
import { cacheControl, pickEncoding } from './http-cache.ts';
import { createReadCache } from './read-cache.ts';

/** A load the test finishes by hand, to put drops in the middle of it. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('read cache', () => {
  it('loads a key once, shares the load with requests that arrive meanwhile, then answers from memory', async () => {
    const cache = createReadCache({ bus: createMemoryBus() });
    let loads = 0;
    const gate = deferred<void>();
    const r = cache.define('t', { key: (n: number) => String(n), tags: () => ['x'], load: async (n) => (await gate.promise, ++loads, n * 2) });
    const [a, b] = [r.get(21), r.get(21)];
    gate.resolve();
    expect((await a).data).toBe(42);
    expect(await b).toBe(await a);
    expect(await r.get(21)).toBe(await a);
    expect(loads).toBe(1);
    expect(cache.stats()).toMatchObject({ loads: 1, hits: 1, entries: 1 });
  });

  it('a patch rewrites stored answers of readers that take it, drops the rest and any entry still loading', async () => {
    const cache = createReadCache({ bus: createMemoryBus() });
    let loads = 0;
    const takes = cache.define('takes', {
      key: (k: string) => k,
      tags: () => ['list'],
      load: async () => (++loads, [1, 2]),
      patch: (d: number[], add) => (add === 0 ? d : d.map((n) => n + (add as number))),
    });
    const refuses = cache.define('refuses', { key: () => '', tags: () => ['list'], load: async () => (++loads, 'x') });
    const first = await takes.get('a');
    await refuses.get(undefined);
    const gate = deferred<void>();
    const slow = cache.define('slow', { key: () => '', tags: () => ['list'], load: async () => (await gate.promise, ++loads, [0]), patch: (d: number[]) => d });
    const pending = slow.get(undefined);
    cache.patch('list', 10);
    gate.resolve();
    await pending;
    const patched = await takes.get('a');
    expect(patched.data).toEqual([11, 12]);
    expect(patched).not.toBe(first);
    // The same data back: the same answer object (ETag and compressed forms kept).
    cache.patch('list', 0);
    expect(await takes.get('a')).toBe(patched);
    expect(loads).toBe(3);
    await refuses.get(undefined);
    await slow.get(undefined);
    expect(loads).toBe(5);
    expect(cache.stats().patches).toBe(1);
  });

  it('a dropped tag drops its entries only; the next read loads again', async () => {
    const cache = createReadCache({ bus: createMemoryBus() });
    let version = 1;
    const a = cache.define('a', { key: () => '', tags: () => ['match:1'], load: async () => version });
    const b = cache.define('b', { key: () => '', tags: () => ['match:2'], load: async () => version });
    expect((await a.get(undefined)).data).toBe(1);
    expect((await b.get(undefined)).data).toBe(1);
    version = 2;
    cache.drop(['match:1']);
    expect((await a.get(undefined)).data).toBe(2);
    expect((await b.get(undefined)).data).toBe(1);
  });

  it('a load that started before a drop answers its callers but is not kept; later readers load anew', async () => {
    const cache = createReadCache({ bus: createMemoryBus() });
    let version = 1;
    const gates: Array<ReturnType<typeof deferred<void>>> = [];
    const r = cache.define('t', {
      key: () => '',
      tags: () => ['scores'],
      async load() {
        const seen = version;
        const g = deferred<void>();
        gates.push(g);
        await g.promise;
        return seen;
      },
    });
    const early = r.get(undefined);
    version = 2;
    cache.drop(['scores']);
    // Arrives after the drop: must not join the load that read the old score.
    const late = r.get(undefined);
    expect(gates).toHaveLength(2);
    gates.forEach((g) => g.resolve());
    expect((await early).data).toBe(1);
    expect((await late).data).toBe(2);
    expect((await r.get(undefined)).data).toBe(2);
    // Whoever keeps answers outside the reader (hot-answers.ts) learns the early one is not current.
    expect((await early).current(Date.now())).toBe(false);
    expect((await late).current(Date.now())).toBe(true);
  });

  it('an answer stops being current when dropped, patched into a new one, evicted or past its age', async () => {
    const t = 1000;
    const cache = createReadCache({ bus: createMemoryBus(), now: () => t });
    let loads = 0;
    const r = cache.define('t', { key: (n: number) => String(n), tags: (n) => [`n:${n}`], max: 2, load: async (n) => ({ n, v: ++loads }), patch: (d, change) => ({ ...d, v: change as number }) });
    const aged = cache.define('a', { key: () => '', tags: () => [], maxAgeMs: 50, load: async () => ++loads });
    const one = await r.get(1);
    cache.patch('n:1', 99);
    const patched = await r.get(1);
    expect(patched.data.v).toBe(99);
    expect([one.current(t), patched.current(t)]).toEqual([false, true]);
    cache.drop(['n:1']);
    expect(patched.current(t)).toBe(false);
    const [a, b] = [await r.get(2), await r.get(3)];
    await r.get(4); // the reader keeps 2: the oldest goes
    expect([a.current(t), b.current(t)]).toEqual([false, true]);
    const young = await aged.get(undefined);
    expect(young.current(t + 50)).toBe(true);
    expect(young.current(t + 51)).toBe(false);
  });

  it('a failed load is not kept', async () => {
    const cache = createReadCache({ bus: createMemoryBus() });
    let fail = true;
    const r = cache.define('t', { key: () => '', tags: () => [], load: async () => (fail ? Promise.reject(new Error('down')) : 'ok') });
    await expect(r.get(undefined)).rejects.toThrow('down');
    fail = false;
    expect((await r.get(undefined)).data).toBe('ok');
  });

  it('invalidate reaches every process on the bus; maxAgeMs bounds clock-dependent answers', async () => {
    const bus = createMemoryBus();
    const one = createReadCache({ bus });
    const two = createReadCache({ bus });
    await two.listen();
    let version = 1;
    const r = two.define('t', { key: () => '', tags: () => ['rooms'], load: async () => version });
    expect((await r.get(undefined)).data).toBe(1);
    version = 2;
    await one.invalidate(['rooms']);
    expect((await r.get(undefined)).data).toBe(2);

    let clock = 0;
    const timed = createReadCache({ bus, now: () => clock });
    const t = timed.define('t', { key: () => '', tags: () => [], maxAgeMs: 1000, load: async () => clock });
    expect((await t.get(undefined)).data).toBe(0);
    clock = 1000;
    expect((await t.get(undefined)).data).toBe(0);
    clock = 1001;
    expect((await t.get(undefined)).data).toBe(1001);
  });

  it('keeps at most `max` entries per reader, the oldest going first', async () => {
    const cache = createReadCache({ bus: createMemoryBus() });
    let loads = 0;
    const r = cache.define('t', { key: (n: number) => String(n), tags: () => ['x'], max: 2, load: async (n) => (loads++, n) });
    await r.get(1);
    await r.get(2);
    await r.get(3);
    expect(cache.stats().entries).toBe(2);
    await r.get(3);
    expect(loads).toBe(3);
    await r.get(1);
    expect(loads).toBe(4);
  });
});

describe('http cache helpers', () => {
  it('picks brotli, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('*')).toBe('gzip');
  });
  it('writes the shared-cache lifetime apart from the browser one', () => {
    expect(cacheControl({ sMaxAge: 1, swr: 2 })).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=2');
  });
});
