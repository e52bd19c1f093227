import { EventEmitter } from 'node:events';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { IpcPort } from '../src/platform/ipc-bus.ts';
import { type SocketPlaces, localPlaces, placesOverIpc, servePlaces } from '../src/platform/socket-places.ts';
import { testDatabase } from './helpers.ts';

// Issue #51 item 4: the per-address socket caps held per process, so with two socket processes one
// address held twice the cap. Here two sites stand for two processes of one site, counting the
// places in the primary (over an IPC channel, as socket processes without Redis do) or in Redis.
// RATE_LIMIT_SCALE 0.02 makes the caps small: 1 pre-login chat socket, 6 score sockets per address.

const REDIS = 'redis://127.0.0.1:6379';

/** Two ends of an in-memory IPC channel (messages cloned, one turn later), as a cluster worker's. */
function channel(): [IpcPort, IpcPort] {
  const a = new EventEmitter();
  const b = new EventEmitter();
  const end = (me: EventEmitter, other: EventEmitter): IpcPort => ({
    send: (m) => queueMicrotask(() => other.emit('message', structuredClone(m))),
    onMessage(h) {
      me.on('message', h);
      return () => void me.off('message', h);
    },
  });
  return [end(a, b), end(b, a)];
}

async function site(env: Record<string, string>, socketPlaces?: SocketPlaces) {
  const config = loadConfig({ DATA_DIR: process.env.TEST_DATA_DIR, LOG_LEVEL: 'silent', SERVE_WEB: 'off', DEMO_DATA: 'off', RATE_LIMIT_SCALE: '0.02', ...env });
  const app = await buildApp({ config, database: await testDatabase(), logger: false, ...(socketPlaces ? { socketPlaces } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

const open: WebSocket[] = [];
/** A socket that is still open a moment after it connected ('held'), or the code it was closed with. */
async function attempt(url: string): Promise<{ ws: WebSocket; outcome: 'held' | number }> {
  const ws = new WebSocket(url);
  open.push(ws);
  const outcome = await new Promise<'held' | number>((resolve) => {
    ws.once('close', (code) => resolve(code));
    ws.once('error', () => undefined);
    ws.once('open', () => setTimeout(() => resolve('held'), 300));
  });
  return { ws, outcome };
}
const closed = (ws: WebSocket) => new Promise((r) => (ws.readyState === ws.CLOSED ? r(null) : ws.once('close', r)));

describe.each([
  { counted: 'by the primary over IPC', redis: false },
  { counted: 'in Redis', redis: true },
])('per-address socket caps across two processes, counted $counted', ({ redis }) => {
  let a: { app: FastifyInstance; url: string };
  let b: { app: FastifyInstance; url: string };
  let stopServing: () => void = () => {};
  beforeAll(async () => {
    if (redis) {
      // A prefix of this test's own: nobody else's sockets from 127.0.0.1 count here.
      const env = { REDIS_URL: REDIS, REDIS_PREFIX: `caps-${crypto.randomBytes(4).toString('hex')}:` };
      [a, b] = [await site(env), await site(env)];
    } else {
      const places = localPlaces();
      const [edgeEnd, primaryEnd] = channel();
      stopServing = servePlaces(primaryEnd, places);
      [a, b] = [await site({}, places), await site({}, placesOverIpc(edgeEnd))];
    }
  });
  afterAll(async () => {
    for (const ws of open.splice(0)) ws.terminate();
    await a.app.close();
    await b.app.close();
  });

  it('one address holds the score cap on the two together, not on each; a closed socket frees its place for either', async () => {
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await attempt(`${a.url}/ws/score`), await attempt(`${b.url}/ws/score`));
    expect(held.map((h) => h.outcome)).toEqual(Array(6).fill('held'));
    expect((await attempt(`${a.url}/ws/score`)).outcome).toBe(1008);
    expect((await attempt(`${b.url}/ws/score`)).outcome).toBe(1008);
    held[0].ws.close();
    await closed(held[0].ws);
    await new Promise((r) => setTimeout(r, 100));
    expect((await attempt(`${b.url}/ws/score`)).outcome).toBe('held');
    // A socket that got its place answers as ever.
    const [last] = open.slice(-1);
    const answer = new Promise<any>((r) => last.once('message', (raw) => r(JSON.parse(raw.toString()))));
    last.send(JSON.stringify({ type: 'register', info: {} }));
    expect(await answer).toMatchObject({ code: 101 });
  });

  it('pre-login chat sockets of one address count on both processes together', async () => {
    const first = await attempt(`${a.url}/ws/im`);
    expect(first.outcome).toBe('held');
    expect((await attempt(`${b.url}/ws/im`)).outcome).toBe(1008);
    first.ws.close();
    await closed(first.ws);
    await new Promise((r) => setTimeout(r, 100));
    expect((await attempt(`${b.url}/ws/im`)).outcome).toBe('held');
  });

  it.runIf(!redis)("gives back a socket process's places when it ends", async () => {
    for (const ws of open.splice(0)) ws.terminate();
    await new Promise((r) => setTimeout(r, 200));
    // b stands for a socket process: its sockets, then its end as the primary sees it.
    const mine = [];
    for (let i = 0; i < 6; i++) mine.push(await attempt(`${b.url}/ws/score`));
    expect((await attempt(`${a.url}/ws/score`)).outcome).toBe(1008);
    stopServing();
    expect((await attempt(`${a.url}/ws/score`)).outcome).toBe('held');
  });
});
