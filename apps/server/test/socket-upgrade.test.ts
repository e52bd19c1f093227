import type { IncomingMessage } from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { imTouristAccount } from '@livesports/contracts/chat';
import { call, otherApp } from './helpers.ts';

// An open socket keeps nothing of its upgrade request (platform/socket-guard.ts releaseUpgrade):
// at kick-off ten thousand sockets each kept the request, the stand-in response and Fastify's
// request and reply, 8 kB of heap apiece that every garbage collection walked (issue #20).
// The socket goes on working, in the language its upgrade asked for.

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let app: FastifyInstance;
let origin: string;
const upgrades: Array<WeakRef<IncomingMessage>> = [];
const open: WebSocket[] = [];

beforeAll(async () => {
  app = await otherApp({ IM_SECRET: 'upgrade-test-secret', IM_SDKAPPID: '1400000778' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `127.0.0.1:${(app.server.address() as { port: number }).port}`;
  // Every upgrade request the server sees, held weakly: collected once nothing keeps it.
  app.server.prependListener('upgrade', (req: IncomingMessage) => void upgrades.push(new WeakRef(req)));
});
afterAll(async () => {
  for (const ws of open) ws.terminate();
  await app.close();
});

/** Opens a socket and collects its frames. */
async function connect(path: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`ws://${origin}${path}`, { headers });
  open.push(ws);
  const frames: any[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = async (type: string) => {
    for (let i = 0; i < 100; i++) {
      const f = frames.find((x) => x.type === type);
      if (f) return f;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no ${type} frame; got ${JSON.stringify(frames)}`);
  };
  return { ws, frames, next };
}

async function collect() {
  for (let i = 0; i < 5; i++) {
    gc();
    await new Promise((r) => setImmediate(r));
  }
}

describe('an open WebSocket lets go of its upgrade request', () => {
  it('chat and score sockets keep no upgrade request, and still answer', async () => {
    const cred = await call(app, imTouristAccount);
    const chat = await connect('/ws/im', { 'accept-language': 'es' });
    chat.ws.send(JSON.stringify({ type: 'login', identifier: cred.data.identifier, userSig: cred.data.userSig }));
    expect((await chat.next('login')).guest).toBe(true);
    const score = await connect('/ws/score');
    expect(upgrades.length).toBe(2);

    await collect();
    expect(upgrades.map((r) => r.deref() === undefined)).toEqual([true, true]);

    // Still a working socket, answering in the language the upgrade asked for.
    chat.ws.send('not json');
    expect((await chat.next('error')).msg).toBe('Solicitud desconocida');
    chat.ws.send(JSON.stringify({ type: 'ping' }));
    await chat.next('pong');
    expect(score.ws.readyState).toBe(WebSocket.OPEN);
  });
});
