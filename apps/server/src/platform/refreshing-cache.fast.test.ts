import { describe, expect, it } from 'vitest';
import { createRefreshingCache } from './refreshing-cache.ts';

function setup(load: (key: string) => Promise<number>) {
  let now = 0;
  const calls: string[] = [];
  const cache = createRefreshingCache<string, number>({
    freshMs: 10,
    staleMs: 100,
    now: () => now,
    load: (k) => (calls.push(k), load(k)),
  });
  return { cache, calls, at: (t: number) => void (now = t) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('refreshing cache', () => {
  it('shares one load, answers stale at once while one refresh runs, then serves the refreshed value', async () => {
    let version = 1;
    let release: () => void = () => {};
    const { cache, calls, at } = setup(() => new Promise((r) => (release = () => r(version))));
    const first = [cache.get('a'), cache.get('a')];
    release();
    expect(await Promise.all(first)).toEqual([1, 1]);
    expect(calls).toEqual(['a']);

    at(50); // stale: the old answer at once, one refresh started
    version = 2;
    expect(await cache.get('a')).toBe(1);
    expect(await cache.get('a')).toBe(1);
    expect(calls).toEqual(['a', 'a']);
    release();
    await tick();
    expect(await cache.get('a')).toBe(2);

    at(500); // too old: waited for
    version = 3;
    const waited = cache.get('a');
    release();
    expect(await waited).toBe(3);
    expect(calls).toHaveLength(3);
  });

  it('keeps the old answer when a refresh fails, and keeps no failed first load', async () => {
    let fail = false;
    const { cache, calls, at } = setup(async () => {
      if (fail) throw new Error('database down');
      return 7;
    });
    expect(await cache.get('a')).toBe(7);
    at(50);
    fail = true;
    expect(await cache.get('a')).toBe(7);
    await tick();
    expect(await cache.get('a')).toBe(7);
    await expect(cache.get('b')).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get('b')).toBe(7);
    expect(calls.filter((k) => k === 'b')).toHaveLength(2);
  });

  it('a deleted key is loaded again', async () => {
    let n = 0;
    const { cache } = setup(async () => ++n);
    expect(await cache.get('a')).toBe(1);
    cache.delete('a');
    expect(await cache.get('a')).toBe(2);
  });
});

describe('refreshing cache under a crowd of stale keys', () => {
  it('runs at most refreshLimit refreshes at once, still answering every key at once', async () => {
    let now = 0;
    let inFlight = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    let version = 1;
    const cache = createRefreshingCache<number, number>({
      freshMs: 10,
      staleMs: 1000,
      refreshLimit: 2,
      now: () => now,
      load: () => {
        inFlight++;
        most = Math.max(most, inFlight);
        const v = version;
        return new Promise((r) => releases.push(() => (inFlight--, r(v))));
      },
    });
    const keys = Array.from({ length: 50 }, (_, i) => i);
    const first = keys.map((k) => cache.get(k));
    releases.splice(0).forEach((r) => r());
    expect(await Promise.all(first)).toEqual(keys.map(() => 1));

    // All 50 go stale together: every get answers the old value at once, and only 2 loads run.
    now = 100;
    version = 2;
    most = 0;
    expect(await Promise.all(keys.map((k) => cache.get(k)))).toEqual(keys.map(() => 1));
    expect(inFlight).toBe(2);
    // The rest follow as places free up, each key once.
    let loads = 0;
    while (releases.length) {
      loads += releases.length;
      releases.splice(0).forEach((r) => r());
      await tick();
    }
    expect(most).toBe(2);
    expect(loads).toBe(50);
    expect(await Promise.all(keys.map((k) => cache.get(k)))).toEqual(keys.map(() => 2));
  });

  it('skips a waiting refresh whose key was dropped meanwhile', async () => {
    let now = 0;
    const calls: number[] = [];
    const releases: Array<() => void> = [];
    const cache = createRefreshingCache<number, number>({
      freshMs: 10,
      staleMs: 1000,
      refreshLimit: 1,
      now: () => now,
      load: (k) => (calls.push(k), new Promise((r) => releases.push(() => r(k)))),
    });
    const first = [cache.get(1), cache.get(2)];
    releases.splice(0).forEach((r) => r());
    await Promise.all(first);
    now = 100;
    await cache.get(1);
    await cache.get(2); // waits behind 1's refresh
    cache.delete(2);
    releases.splice(0).forEach((r) => r());
    await tick();
    expect(calls).toEqual([1, 2, 1]);
  });
});

describe('refreshing cache loading keys together (loadMany)', () => {
  function batched(opts: { refreshGatherMs?: number; firstGatherMs?: number; batchMax?: number } = {}) {
    let now = 0;
    let version = 1;
    let fail = false;
    const calls: number[][] = [];
    const cache = createRefreshingCache<number, string>({
      freshMs: 10,
      staleMs: 1000,
      now: () => now,
      ...opts,
      loadMany: async (keys) => {
        calls.push(keys);
        if (fail) throw new Error('database down');
        return keys.map((k) => `${k}v${version}`);
      },
    });
    return { cache, calls, at: (t: number) => void (now = t), bump: () => void version++, failing: (f: boolean) => void (fail = f) };
  }

  it('answers the first loads asked in one turn with one call, each key its own value', async () => {
    const { cache, calls } = batched();
    expect(await Promise.all([cache.get(1), cache.get(2), cache.get(3), cache.get(2)])).toEqual(['1v1', '2v1', '3v1', '2v1']);
    expect(calls).toEqual([[1, 2, 3]]);
    // Asked in a later turn: a call of its own.
    expect(await cache.get(4)).toBe('4v1');
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('with firstGatherMs, first loads asked in different turns within it share one call', async () => {
    const { cache, calls } = batched({ firstGatherMs: 30 });
    const first = cache.get(1);
    await new Promise((r) => setTimeout(r, 5));
    const second = cache.get(2);
    expect(calls).toEqual([]); // still gathering
    expect(await Promise.all([first, second])).toEqual(['1v1', '2v1']);
    expect(calls).toEqual([[1, 2]]);
  });

  it('splits a crowd into calls of at most batchMax keys', async () => {
    const { cache, calls } = batched({ batchMax: 2 });
    expect(await Promise.all([1, 2, 3, 4, 5].map((k) => cache.get(k)))).toEqual(['1v1', '2v1', '3v1', '4v1', '5v1']);
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('gathers refreshes due within refreshGatherMs into one call, answering stale meanwhile', async () => {
    const { cache, calls, at, bump } = batched({ refreshGatherMs: 20 });
    await Promise.all([1, 2, 3].map((k) => cache.get(k)));
    at(100);
    bump();
    expect(await cache.get(1)).toBe('1v1');
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.get(2)).toBe('2v1');
    expect(await cache.get(3)).toBe('3v1');
    expect(calls).toHaveLength(1); // nothing loaded yet: the refreshes gather
    await new Promise((r) => setTimeout(r, 40));
    expect(calls).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    expect(await Promise.all([1, 2, 3].map((k) => cache.get(k)))).toEqual(['1v2', '2v2', '3v2']);
  });

  it('keeps the old answers when a gathered refresh fails, and keeps no failed first load', async () => {
    const { cache, calls, at, failing } = batched({ refreshGatherMs: 1 });
    await Promise.all([1, 2].map((k) => cache.get(k)));
    at(100);
    failing(true);
    expect(await cache.get(1)).toBe('1v1');
    await new Promise((r) => setTimeout(r, 10));
    expect(await cache.get(1)).toBe('1v1');
    await expect(cache.get(9)).rejects.toThrow('database down');
    failing(false);
    expect(await cache.get(9)).toBe('9v1');
    expect(calls.filter((c) => c.includes(9))).toHaveLength(2);
  });
});
