import { EventEmitter } from 'node:events';
import type { Worker } from 'node:cluster';
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectionCap, frontServerOptions, trustedPeers } from '../platform/front.ts';
import { createHandOut } from './hand-out.ts';

/**
 * A socket process as the primary sees it: it records what it is sent and says it took each
 * connection on its next turn, as a socket process does (`takes = false`: only when told to, `take()`).
 */
class FakeWorker extends EventEmitter {
  sent: Array<{ id: number; head: string; socket: net.Socket }> = [];
  takes = true;
  isConnected = () => true;
  constructor(opts: { takes?: boolean } = {}) {
    super();
    this.takes = opts.takes ?? true;
  }
  send(m: { conn: number; head: Uint8Array }, socket: net.Socket, _opts: object, cb: (err: Error | null) => void) {
    this.sent.push({ id: m.conn, head: Buffer.from(m.head).toString('latin1'), socket });
    cb(null);
    if (this.takes) setImmediate(() => this.take());
    return true;
  }
  /** Says it took the last connection it was sent. */
  take() {
    this.emit('message', { taken: this.sent.at(-1)!.id });
  }
}

const servers: net.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** The hand-out with `workers` ready, in front of a primary whose own server answers "primary <path>". */
async function startHandOut(workers: FakeWorker[], front: Parameters<typeof createHandOut>[1] = {}) {
  // The primary's own server has the front's timeouts too (platform/front.ts, app.ts).
  const own = http.createServer(front.headMs ? frontServerOptions({ perIp: 0, headMs: front.headMs, keepAliveMs: 5000 }) : {}, (req, res) => res.end(`primary ${req.url}`));
  const handOut = createHandOut(own, front);
  servers.push(handOut.server, own);
  // Listening on a loopback port of its own, as the primary's does: Node checks its connections' timeouts from then on.
  await new Promise<void>((r) => own.listen(0, '127.0.0.1', () => r()));
  if (!workers.length) {
    await new Promise<void>((r) => handOut.server.listen(0, '127.0.0.1', () => r()));
    return { handOut, port: (handOut.server.address() as net.AddressInfo).port };
  }
  const listening = new Promise<void>((r) => {
    for (const w of workers) handOut.add(w as unknown as Worker, { host: '127.0.0.1', port: 0 }, () => r());
  });
  for (const w of workers) w.emit('message', { edgeReady: 1 });
  await listening;
  return { handOut, port: (handOut.server.address() as net.AddressInfo).port };
}
const start = async (workers: FakeWorker[]) => (await startHandOut(workers)).port;

const UPGRADE = 'GET /ws/score HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n';
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
  it('gives the ready socket processes one WebSocket connection each in turn, with the bytes it read', async () => {
    const [a, b] = [new FakeWorker(), new FakeWorker()];
    const port = await start([a, b]);
    const clients = [];
    for (let i = 0; i < 6; i++) {
      const c = await connect(port);
      c.write(UPGRADE);
      clients.push(c);
      await until(() => a.sent.length + b.sent.length === i + 1);
    }
    expect([a.sent.length, b.sent.length]).toEqual([3, 3]);
    // What the primary read comes along (at least the request line): the socket process reads on from there.
    for (const { head } of [...a.sent, ...b.sent]) {
      expect(head.startsWith('GET /ws/score HTTP/1.1\r\n')).toBe(true);
      expect(UPGRADE.startsWith(head)).toBe(true);
    }
    for (const c of clients) c.destroy();
  });

  it("reads nothing more of a connection it handed out: what the client sends next is the socket process's", async () => {
    const w = new FakeWorker({ takes: false });
    const port = await start([w]);
    const c = await connect(port);
    c.write(UPGRADE);
    await until(() => w.sent.length === 1);
    const mine = w.sent[0].socket;
    const read = mine.bytesRead;
    // A chat client's login, sent the moment it has the 101 (the FakeWorker never says `taken`,
    // so the primary's copy stays open meanwhile).
    for (let i = 0; i < 5; i++) {
      c.write('{"type":"login"}');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(mine.bytesRead).toBe(read);
    c.destroy();
  });

  it('waits for a request line that comes in pieces before it decides', async () => {
    const w = new FakeWorker();
    const port = await start([w]);
    const c = await connect(port);
    c.write('GE');
    await new Promise((r) => setTimeout(r, 50));
    c.write('T /ws/im HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => w.sent.length === 1);
    expect(w.sent[0].head.startsWith('GET /ws/im HTTP/1.1\r\n')).toBe(true);
    c.destroy();
  });

  it("answers plain HTTP with the primary's own server, keep-alive requests included, and hands none of it out", async () => {
    const w = new FakeWorker();
    const port = await start([w]);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (p: string, method = 'GET') =>
      new Promise<string>((resolve, reject) => {
        http
          .request({ host: '127.0.0.1', port, path: p, method, agent }, (res) => {
            let body = '';
            res.on('data', (d) => (body += d));
            res.on('end', () => resolve(body));
          })
          .on('error', reject)
          .end();
      });
    expect(await get('/api/Universal/getSystem')).toBe('primary /api/Universal/getSystem');
    // On the same connection, a path that starts like a socket's: still the primary's.
    expect(await get('/ws/score')).toBe('primary /ws/score');
    expect(await get('/api/feed/events', 'POST')).toBe('primary /api/feed/events');
    expect(w.sent).toHaveLength(0);
    agent.destroy();
  });

  it('serves WebSockets itself while no socket process is ready', async () => {
    const port = await start([]);
    const c = await connect(port);
    const answer = new Promise<string>((r) => c.once('data', (d) => r(d.toString())));
    c.write('GET /ws/score HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await answer).toContain('primary /ws/score');
    c.destroy();
  });

  it('closes the connection a socket process never took when it ends, so its client reconnects', async () => {
    const w = new FakeWorker({ takes: false });
    const port = await start([w]);
    const client = await connect(port);
    client.write(UPGRADE);
    const closed = new Promise((r) => client.once('close', r));
    await until(() => w.sent.length === 1);
    w.emit('exit', null, 'SIGKILL');
    await closed;
  });

  /** `n` WebSocket connections, each written its upgrade request, once the hand-out has read them all. */
  async function sockets(port: number, n: number, read: () => number) {
    const clients = [];
    for (let i = 0; i < n; i++) {
      const c = await connect(port);
      c.write(UPGRADE);
      clients.push(c);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(read()).toBeGreaterThan(0);
    return clients;
  }

  it('sends a socket process one connection at a time: the next once it says it took the last (the rest wait in the primary, not in the IPC channel)', async () => {
    const w = new FakeWorker({ takes: false });
    const port = await start([w]);
    const clients = await sockets(port, 4, () => w.sent.length);
    // Node would hold every other message for this process (chat, goals) behind queued handles.
    expect(w.sent).toHaveLength(1);
    for (let i = 2; i <= 4; i++) {
      w.take();
      await until(() => w.sent.length === i);
      expect(w.sent).toHaveLength(i);
    }
    // Each went once, and the primary's copy of each taken one is closed.
    expect(new Set(w.sent.map((s) => s.id)).size).toBe(4);
    await until(() => w.sent.slice(0, 3).every((s) => s.socket.destroyed));
    for (const c of clients) c.destroy();
  });

  it('sends the connections still waiting for a process that ends to the processes still up', async () => {
    const [a, b] = [new FakeWorker({ takes: false }), new FakeWorker()];
    const port = await start([a, b]);
    const clients = await sockets(port, 6, () => a.sent.length);
    // Turn by turn: three each, of which a (never answering) was sent one.
    expect(a.sent).toHaveLength(1);
    await until(() => b.sent.length === 3);
    const cut = new Promise((r) => clients[0].once('close', r));
    a.emit('exit', null, 'SIGKILL');
    // The one on its way to a is closed (its client reconnects); the two waiting go to b.
    await cut;
    await until(() => b.sent.length === 5);
    expect(b.sent.every((s) => s.head.startsWith('GET /ws/score HTTP/1.1\r\n'))).toBe(true);
    for (const c of clients) c.destroy();
  });

  it('gives a process that becomes ready its share of the connections waiting for the others', async () => {
    const [a, b] = [new FakeWorker({ takes: false }), new FakeWorker()];
    const { handOut, port } = await startHandOut([a]);
    const clients = await sockets(port, 7, () => a.sent.length);
    expect(a.sent).toHaveLength(1);
    // b (a restarted process, say) comes up while six wait for a: it takes three of them.
    handOut.add(b as unknown as Worker, { host: '127.0.0.1', port: 0 }, () => {});
    b.emit('message', { edgeReady: 1 });
    await until(() => b.sent.length === 3);
    // a goes on with the other three, one at a time.
    a.take();
    await until(() => a.sent.length === 2);
    expect(new Set([...a.sent, ...b.sent].map((s) => s.id)).size).toBe(5);
    for (const c of clients) c.destroy();
  });
});

/** What a client reads before its connection ends, and how long that took. */
const readToEnd = (c: net.Socket) =>
  new Promise<{ text: string; ms: number }>((resolve) => {
    const at = Date.now();
    let text = '';
    c.on('data', (d) => (text += d.toString('latin1')));
    c.on('error', () => undefined);
    c.once('close', () => resolve({ text, ms: Date.now() - at }));
  });

describe('the connection front in the primary (issue #51 item 5)', () => {
  it('holds at most CONN_PER_IP connections of one address: one more is closed unread, a place frees when one closes', async () => {
    const cap = createConnectionCap({ perIp: 3, trusted: null });
    const { port } = await startHandOut([new FakeWorker()], { cap });
    const held = [await connect(port), await connect(port), await connect(port)];
    await until(() => cap.count('127.0.0.1') === 3);
    const fourth = await connect(port);
    fourth.write('GET /api/x HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await readToEnd(fourth)).toMatchObject({ text: '' });
    // The three held are served as ever.
    const answer = readToEnd(held[0]);
    held[0].write('GET /api/x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect((await answer).text).toContain('primary /api/x');
    await until(() => cap.count('127.0.0.1') === 2);
    const again = await connect(port);
    const served = readToEnd(again);
    again.write('GET /api/y HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect((await served).text).toContain('primary /api/y');
    for (const c of held) c.destroy();
  });

  it('counts a WebSocket connection a socket process took until that process says it closed, or ends', async () => {
    const cap = createConnectionCap({ perIp: 2, trusted: null });
    const w = new FakeWorker();
    const { port } = await startHandOut([w], { cap });
    const clients = [await connect(port), await connect(port)];
    for (const c of clients) c.write(UPGRADE);
    await until(() => w.sent.length === 2);
    // The primary's copies are closed once taken; the places stay held for the socket process's.
    await until(() => w.sent.every((s) => s.socket.destroyed));
    expect(cap.count('127.0.0.1')).toBe(2);
    const third = await connect(port);
    expect(await readToEnd(third)).toMatchObject({ text: '' });
    // The socket process says the first closed: one place is free.
    w.emit('message', { gone: w.sent[0].id });
    expect(cap.count('127.0.0.1')).toBe(1);
    // It ends: the places of the connections it held go with it.
    w.emit('exit', null, 'SIGKILL');
    expect(cap.count('127.0.0.1')).toBe(0);
    for (const c of clients) c.destroy();
  });

  it('does not cap a proxy TRUST_PROXY names (every visitor comes from its address)', async () => {
    const cap = createConnectionCap({ perIp: 1, trusted: trustedPeers(['127.0.0.1']) });
    const { port } = await startHandOut([], { cap });
    const held = [await connect(port), await connect(port)];
    const answer = readToEnd(held[1]);
    held[1].write('GET /api/x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect((await answer).text).toContain('primary /api/x');
    held[0].destroy();
  });

  it('closes a connection that sends no whole request head within HEAD_TIMEOUT_MS (twice that at most), answering 408', async () => {
    const { port } = await startHandOut([new FakeWorker()], { headMs: 300 });
    // Nothing at all; half a socket's request line (the hand-out's wait); an API request line
    // without the rest of its head (the primary's HTTP server's headersTimeout).
    const idle = await connect(port);
    const slowSocket = await connect(port);
    slowSocket.write('GET /ws/sco');
    const slowHead = await connect(port);
    slowHead.write('GET /api/Universal/getSystem HTTP/1.1\r\nHost: x\r\n');
    const all = await Promise.all([readToEnd(idle), readToEnd(slowSocket), readToEnd(slowHead)]);
    for (const r of all) {
      expect(r.text).toMatch(/^HTTP\/1\.1 408 /);
      expect(r.ms).toBeGreaterThanOrEqual(250);
      expect(r.ms).toBeLessThan(1500);
    }
  });
});
