import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bus, createRedisBus } from './bus.ts';

// Two sites (or two test runs) on one Redis: REDIS_PREFIX keeps their channels apart. A throwaway
// redis-server on a free port, as flood-gate.fast.test.ts does.
const redisServer = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.runIf(redisServer)('Redis bus with REDIS_PREFIX', () => {
  let proc: ChildProcess;
  let url = '';
  const buses: Bus[] = [];
  beforeAll(async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    url = `redis://127.0.0.1:${port}`;
    await new Promise((r) => setTimeout(r, 300));
  });
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    proc?.kill();
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
