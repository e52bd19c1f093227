import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, throwawayRedis } from '../../test/fast.ts';
import { type Bus, createRedisBus } from './bus.ts';

// Two sites (or two test runs) on one Redis: REDIS_PREFIX keeps their channels apart, on a
// throw-away redis-server.
describe.runIf(hasRedisServer)('Redis bus with REDIS_PREFIX', () => {
  let redis: Awaited<ReturnType<typeof throwawayRedis>>;
  let url = '';
  const buses: Bus[] = [];
  beforeAll(async () => {
    redis = await throwawayRedis();
    url = redis.url;
  });
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    redis?.stop();
  });
  const bus = (prefix: string) => {
    const b = createRedisBus(url, prefix);
    buses.push(b);
    return b;
  };

  it('a message reaches processes of the same site only', async () => {
    const [siteA1, siteA2, siteB] = [bus('a:'), bus('a:'), bus('b:')];
    const heardA: string[] = [];
    const heardB: string[] = [];
    await siteA2.subscribe('room:1', (m) => heardA.push(m));
    await siteB.subscribe('room:1', (m) => heardB.push(m));
    await siteA1.publish('room:1', 'goal for site a');
    await siteB.publish('room:1', 'goal for site b');
    await new Promise((r) => setTimeout(r, 200));
    expect(heardA).toEqual(['goal for site a']);
    expect(heardB).toEqual(['goal for site b']);
  });
});

describe('REDIS_PREFIX setting', () => {
  it('is empty unless set, and refuses characters that would blur key names', async () => {
    const { loadConfig } = await import('../config.ts');
    expect(loadConfig({}).REDIS_PREFIX).toBe('');
    expect(loadConfig({ REDIS_PREFIX: 'staging:' }).REDIS_PREFIX).toBe('staging:');
    expect(() => loadConfig({ REDIS_PREFIX: 'a b*' })).toThrow(/REDIS_PREFIX: letters, digits and : \. _ - only/);
  });
});
