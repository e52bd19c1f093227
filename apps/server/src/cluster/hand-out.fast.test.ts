import { EventEmitter } from 'node:events';
import type { Worker } from 'node:cluster';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHandOut } from './hand-out.ts';

/** A socket process as the primary sees it: it records what it is sent and answers when told to. */
class FakeWorker extends EventEmitter {
  sent: Array<{ id: number; socket: net.Socket }> = [];
  isConnected = () => true;
  send(m: { conn: number }, socket: net.Socket, _opts: object, cb: (err: Error | null) => void) {
    this.sent.push({ id: m.conn, socket });
    cb(null);
    return true;
  }
}

const servers: net.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function start(workers: FakeWorker[]) {
  const handOut = createHandOut();
  servers.push(handOut.server);
  const listening = new Promise<void>((r) => {
    for (const w of workers) handOut.add(w as unknown as Worker, { host: '127.0.0.1', port: 0 }, () => r());
  });
  for (const w of workers) w.emit('message', { edgeReady: 1 });
  await listening;
  return (handOut.server.address() as net.AddressInfo).port;
}

const connect = (port: number) =>
  new Promise<net.Socket>((resolve, reject) => {
    const c = net.connect(port, '127.0.0.1', () => resolve(c));
    c.once('error', reject);
  });
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(ok()).toBe(true);
};

describe('the primary hands connections out (cluster/hand-out.ts)', () => {
  it('gives the ready socket processes one connection each in turn', async () => {
    const [a, b] = [new FakeWorker(), new FakeWorker()];
    const port = await start([a, b]);
    const clients = [];
    for (let i = 0; i < 6; i++) {
      clients.push(await connect(port));
      await until(() => a.sent.length + b.sent.length === i + 1);
    }
    expect([a.sent.length, b.sent.length]).toEqual([3, 3]);
    for (const c of clients) c.destroy();
  });

  it('closes the connections a socket process never took when it ends, so their clients reconnect', async () => {
    const w = new FakeWorker();
    const port = await start([w]);
    const client = await connect(port);
    const closed = new Promise((r) => client.once('close', r));
    await until(() => w.sent.length === 1);
    w.emit('exit', null, 'SIGKILL');
    await closed;
  });
});
