import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { imSign } from '@livesports/contracts/chat';
import { call, otherApp } from '../helpers.ts';
import { liveUser } from '../live.helpers.ts';
import { ScoreClient as WsClient } from '../score-client.ts';

// WebSockets a stranger cannot swamp (issue #13 item 5): big frames are dropped before they are
// buffered, one address holds only so many sockets that have not logged in (chat) or at all
// (scores), and a socket that floods frames (pings included) is closed.

let app: FastifyInstance;
let base: string;
const open: WsClient[] = [];
const connect = async (path: string) => {
  const c = await WsClient.connect(`${base}${path}`);
  open.push(c);
  return c;
};

beforeAll(async () => {
  app = await otherApp({ RATE_LIMIT_SCALE: '1' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const c of open) c.ws.terminate();
  await app.close();
});

describe('socket limits', () => {
  it('closes a chat socket that sends a frame over 8 kB before login, and the server keeps answering', async () => {
    const c = await connect('/ws/im');
    const closed = c.closed();
    c.ws.send('x'.repeat(1024 * 1024));
    expect(await closed).toBe(1009);
    const d = await connect('/ws/im');
    d.send({ type: 'ping' });
    expect(await d.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
    d.ws.terminate();
  });

  it('lets one address hold 20 chat sockets that have not logged in; a login frees a place', async () => {
    const waiting = await Promise.all(Array.from({ length: 20 }, () => connect('/ws/im')));
    const refused = await connect('/ws/im');
    expect(await refused.closed()).toBe(1008);
    // One of them logs in: its place is free again.
    const u = await liveUser(app);
    const cred = (await call(app, imSign, {}, { token: u.token })).data;
    waiting[0].send({ type: 'login', identifier: cred.identifier, userSig: cred.userSig });
    await waiting[0].next((f) => f.type === 'login');
    const next = await connect('/ws/im');
    next.send({ type: 'ping' });
    expect(await next.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
    for (const c of [...waiting, next]) c.ws.terminate();
  });

  it('closes a socket that floods frames, pings included', async () => {
    for (const path of ['/ws/im', '/ws/score']) {
      const c = await connect(path);
      const closed = c.closed();
      for (let i = 0; i < 200; i++) c.ws.send(JSON.stringify({ type: 'ping' }));
      expect({ path, code: await closed }).toEqual({ path, code: 1008 });
    }
  });

  it('caps score sockets per address', async () => {
    const many = await Promise.all(Array.from({ length: 300 }, () => connect('/ws/score')));
    const refused = await connect('/ws/score');
    expect(await refused.closed()).toBe(1008);
    for (const c of many) c.ws.terminate();
  });
});
