import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { frontOfServer } from '../src/platform/front.ts';
import { otherApp } from './helpers.ts';

// The connection front of a site that accepts its own connections (issue #51 item 5; the cluster's
// primary has the same in its hand-out, cluster/hand-out.fast.test.ts). Small limits so it is quick.
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await otherApp({ HEAD_TIMEOUT_MS: '400', KEEP_ALIVE_TIMEOUT_MS: '300', CONN_PER_IP: '4', RATE_LIMIT_SCALE: '1' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // What main.ts puts in front of the one-process site.
  frontOfServer(app.server, app.config);
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(() => app.close());

const open = () =>
  new Promise<net.Socket>((resolve, reject) => {
    const c = net.connect(port, '127.0.0.1', () => resolve(c));
    c.once('error', reject);
  });
/** Everything a connection reads until it ends (or `ms` passes), and when it ended. */
const readToEnd = (c: net.Socket, ms = 5000) =>
  new Promise<{ text: string; ms: number; closed: boolean }>((resolve) => {
    const at = Date.now();
    let text = '';
    c.on('data', (d) => (text += d.toString('latin1')));
    c.on('error', () => undefined);
    const timer = setTimeout(() => resolve({ text, ms: Date.now() - at, closed: false }), ms);
    c.once('close', () => (clearTimeout(timer), resolve({ text, ms: Date.now() - at, closed: true })));
  });
const UPGRADE = 'GET /ws/score HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';

describe('the connection front', () => {
  it('answers a WebSocket upgrade sent right behind another request on a keep-alive connection', async () => {
    const c = await open();
    const got = readToEnd(c, 2000);
    // Both at once (pipelined): the upgrade arrives while the first answer is on its way.
    c.write(`GET /api/Universal/getSystem HTTP/1.1\r\nHost: x\r\n\r\n${UPGRADE}`);
    const { text } = await got;
    expect(text.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 101']);
    c.destroy();
  });

  it('answers an upgrade that follows a finished answer on the same connection', async () => {
    const c = await open();
    let text = '';
    c.on('data', (d) => (text += d.toString('latin1')));
    c.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    for (let i = 0; i < 50 && !text.includes('\r\n\r\n'); i++) await new Promise((r) => setTimeout(r, 20));
    c.write(UPGRADE);
    for (let i = 0; i < 50 && !text.includes('101 Switching'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(text).toContain('HTTP/1.1 101 Switching Protocols');
    c.destroy();
  });

  it('closes an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const c = await open();
    const got = readToEnd(c);
    c.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const r = await got;
    expect(r.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(r.closed).toBe(true);
    expect(r.ms).toBeLessThan(2000);
  });

  it('closes a connection whose request head does not arrive within HEAD_TIMEOUT_MS, with a 408', async () => {
    const idle = await open();
    const slow = await open();
    slow.write('GET /api/Universal/getSystem HTTP/1.1\r\nHost: x\r\n');
    const [a, b] = await Promise.all([readToEnd(idle), readToEnd(slow)]);
    expect(b).toMatchObject({ closed: true });
    expect(b.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(a.closed).toBe(true);
    for (const r of [a, b]) expect(r.ms).toBeLessThan(2000);
  });

  it('holds at most CONN_PER_IP connections of one address', async () => {
    const held = await Promise.all([open(), open(), open(), open()]);
    const fifth = await open();
    const r = await readToEnd(fifth, 2000);
    expect(r).toMatchObject({ closed: true, text: '' });
    // A held one still gets answers.
    const got = readToEnd(held[0], 2000);
    held[0].write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect((await got).text).toMatch(/^HTTP\/1\.1 200 /);
    for (const c of held) c.destroy();
  });
});
