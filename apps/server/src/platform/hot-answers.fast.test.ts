import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@livesports/contracts/call';
import { authPlugin } from './auth.ts';
import { createMemoryBus } from './bus.ts';
import { envelopePlugin } from './envelope.ts';
import { installHotAnswers } from './hot-answers.ts';
import { createReadCache } from './read-cache.ts';
import { route } from './route.ts';

// Repeats of public cached answers leave from the server's first step (hot-answers.ts). What a
// client must not notice: every answer is the one Fastify would have sent, headers included, and
// nothing personal, stale, limited or counted is ever answered from there.

const data = z.object({ n: z.number(), word: z.string(), pad: z.string() });
const input = z.object({ type: z.coerce.number({ error: 'matches.type_invalid' }).int().min(1, 'matches.type_invalid') });
const getCall = defineCall({ method: 'GET', path: 'api/test/hot', auth: false, input, data });
const postCall = defineCall({ method: 'POST', path: 'api/test/hot_post', writes: false, auth: false, input, data });
const countedCall = defineCall({ method: 'GET', path: 'api/test/counted', auth: false, input, data });
const agedCall = defineCall({ method: 'GET', path: 'api/test/aged', auth: false, input, data });
const slowCall = defineCall({ method: 'GET', path: 'api/test/slow', auth: false, input, data });

const cache = createReadCache({ bus: createMemoryBus() });
let loads = 0;
const calls = { get: 0, post: 0, counted: 0 };
const reader = cache.define('test:hot', {
  key: (type: number) => String(type),
  tags: (type) => [`t:${type}`],
  // Over 1 kB, so brotli and gzip copies are made.
  load: async (type) => ({ n: ++loads, word: `type ${type}`, pad: 'x'.repeat(type === 9 ? 10 : 1500) }),
});
/** A load the test lets finish by hand, to drop its tag in the middle. */
let release: () => void = () => undefined;
const slow = cache.define('test:slow', {
  key: () => '',
  tags: () => ['slow'],
  load: async () => {
    const n = ++loads;
    await new Promise<void>((r) => (release = r));
    return { n, word: 'slow', pad: '' };
  },
});
const aged = cache.define('test:aged', { key: () => '', tags: () => ['aged'], maxAgeMs: 60, load: async () => ({ n: ++loads, word: 'aged', pad: '' }) });

/** The same routes on the same read cache, with or without hot answers in front. */
async function makeApp(hot: boolean) {
  const app = Fastify();
  await app.register(cookie);
  await app.register(envelopePlugin);
  await app.register(authPlugin);
  app.auth.useResolver(async (token) => (token === 'good' ? { id: 7, isAnchor: false, isAdmin: false, isModerator: false, sessionId: 1 } : null));
  route(app, getCall, (i) => (calls.get++, reader.get(i.type)));
  route(app, postCall, (i) => (calls.post++, reader.get(i.type)));
  route(app, countedCall, (i) => (calls.counted++, reader.get(i.type)), { eachRead: true });
  route(app, agedCall, () => aged.get(undefined));
  route(app, slowCall, () => slow.get(undefined));
  if (hot) installHotAnswers(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

let app: FastifyInstance;
let origin = '';
/** Fastify alone, to compare with. */
let plain: { app: FastifyInstance; origin: string };
beforeAll(async () => {
  ({ app, origin } = await makeApp(true));
  plain = await makeApp(false);
});
afterAll(() => Promise.all([app.close(), plain.app.close()]));

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw HTTP request (no automatic decompression); `parts` sends the body in pieces. */
function send(method: string, path: string, headers: Record<string, string> = {}, parts: string[] = [], to = origin): Promise<Got> {
  return new Promise((resolve, reject) => {
    const length = parts.reduce((n, p) => n + Buffer.byteLength(p), 0);
    const req = http.request(`${to}${path}`, { method, headers: { ...headers, ...(parts.length ? { 'content-length': String(length) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    const write = (i: number) => {
      if (i >= parts.length) return req.end();
      req.write(parts[i]);
      setTimeout(() => write(i + 1), 30);
    };
    req.flushHeaders();
    write(0);
  });
}

const withoutDate = (h: http.IncomingHttpHeaders) => {
  const { date: _d, ...rest } = h;
  return rest;
};
const json = (g: Got) =>
  JSON.parse((g.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(g.body) : g.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(g.body) : g.body).toString());
const hits = () => app.hotAnswers!.stats().hits;

describe('hot answers', () => {
  it('sends a repeat exactly as Fastify sent the first, without running the handler', async () => {
    const first = await send('GET', '/api/test/hot?type=1', { 'accept-encoding': 'gzip, br', lang: 'es' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const before = { handler: calls.get, hits: hits() };
    const again = await send('GET', '/api/test/hot?type=1', { 'accept-encoding': 'gzip, br', lang: 'es' });
    expect(calls.get).toBe(before.handler);
    expect(hits()).toBe(before.hits + 1);
    expect(again.body.equals(first.body)).toBe(true);
    expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
    expect(json(again)).toMatchObject({ code: 200, msg: 'Éxito', data: { word: 'type 1' } });
  });

  it('keeps each language and encoding apart', async () => {
    const zh = await send('GET', '/api/test/hot?type=1', { 'accept-language': 'zh-CN,zh;q=0.9' });
    const zhAgain = await send('GET', '/api/test/hot?type=1', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(zh.headers['content-encoding']).toBeUndefined();
    expect(json(zhAgain).msg).toBe(json(zh).msg);
    expect(json(zh).msg).not.toBe('Éxito');
    const cookieEs = await send('GET', '/api/test/hot?type=1', { cookie: 'lang=es', 'accept-language': 'zh', 'accept-encoding': 'gzip' });
    const cookieEsAgain = await send('GET', '/api/test/hot?type=1', { cookie: 'lang=es', 'accept-language': 'zh', 'accept-encoding': 'gzip' });
    expect(cookieEsAgain.headers['content-encoding']).toBe('gzip');
    expect(json(cookieEsAgain).msg).toBe('Éxito');
    expect(cookieEsAgain.body.equals(cookieEs.body)).toBe(true);
  });

  it('answers If-None-Match with 304 and the same validators', async () => {
    const first = await send('GET', '/api/test/hot?type=1', { lang: 'en' });
    const before = calls.get;
    const revalidated = await send('GET', '/api/test/hot?type=1', { lang: 'en', 'if-none-match': first.headers.etag as string });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(calls.get).toBe(before);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(revalidated.headers['content-type']).toBeUndefined();
  });

  it('never serves an answer its reader has dropped', async () => {
    const first = await send('GET', '/api/test/hot?type=2', { lang: 'en' });
    await send('GET', '/api/test/hot?type=2', { lang: 'en' });
    cache.drop(['t:2']);
    const before = calls.get;
    const after = await send('GET', '/api/test/hot?type=2', { lang: 'en' });
    expect(calls.get).toBe(before + 1);
    expect(json(after).data.n).toBeGreaterThan(json(first).data.n);
    expect(after.headers.etag).not.toBe(first.headers.etag);
  });

  it('never keeps an answer whose load a drop overtook (it may hold the old score)', async () => {
    const early = send('GET', '/api/test/slow?type=1', { lang: 'en' });
    await new Promise((r) => setTimeout(r, 30));
    cache.drop(['slow']);
    release();
    const old = await early;
    const next = send('GET', '/api/test/slow?type=1', { lang: 'en' });
    await new Promise((r) => setTimeout(r, 30));
    release();
    expect(json(await next).data.n).toBeGreaterThan(json(old).data.n);
  });

  it('never serves a clock-bound answer past its age', async () => {
    const first = await send('GET', '/api/test/aged?type=1', { lang: 'en' });
    await new Promise((r) => setTimeout(r, 90));
    const later = await send('GET', '/api/test/aged?type=1', { lang: 'en' });
    expect(json(later).data.n).toBeGreaterThan(json(first).data.n);
  });

  it('leaves signed-in callers to Fastify and keeps nothing of theirs', async () => {
    await send('GET', '/api/test/hot?type=3', { lang: 'en' });
    for (const headers of [{ token: 'good' }, { cookie: 'lang=en; token=good' }] as Array<Record<string, string>>) {
      const before = calls.get;
      const mine = await send('GET', '/api/test/hot?type=3', { lang: 'en', ...headers });
      expect(calls.get).toBe(before + 1);
      expect(mine.headers['cache-control']).toBe('private, no-cache');
    }
    // An unknown token is still a token: Fastify's to judge.
    const before = calls.get;
    await send('GET', '/api/test/hot?type=3', { lang: 'en', token: 'stale' });
    expect(calls.get).toBe(before + 1);
    const visitor = await send('GET', '/api/test/hot?type=3', { lang: 'en' });
    expect(visitor.headers['cache-control']).toMatch(/^public/);
  });

  it('sends a POST read again from its JSON body, whole or in pieces', async () => {
    const headers = { 'content-type': 'application/json', 'accept-encoding': 'br', lang: 'en' };
    const first = await send('POST', '/api/test/hot_post', headers, ['{"type":4}']);
    expect(first.status).toBe(200);
    const before = calls.post;
    const again = await send('POST', '/api/test/hot_post', headers, ['{"type":4}']);
    const pieces = await send('POST', '/api/test/hot_post', headers, ['{"ty', 'pe":4}']);
    expect(calls.post).toBe(before);
    expect(again.body.equals(first.body)).toBe(true);
    expect(pieces.body.equals(first.body)).toBe(true);
    // A body it has not seen reaches Fastify with every byte, split or not.
    const other = await send('POST', '/api/test/hot_post', headers, ['{"type"', ':5}']);
    expect(calls.post).toBe(before + 1);
    expect(json(other).data.word).toBe('type 5');
    // Bad input still gets its message from Fastify.
    const bad = await send('POST', '/api/test/hot_post', headers, ['{"type":0}']);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString()).msg).toBe('Unknown sport type');
    // The same text as a form is not the JSON read it looks like.
    const form = await send('POST', '/api/test/hot_post', { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, ['{"type":4}']);
    expect(calls.post).toBe(before + 1);
    expect(form.status).toBe(415);
  });

  it('runs an eachRead handler on every read', async () => {
    await send('GET', '/api/test/counted?type=1', { lang: 'en' });
    await send('GET', '/api/test/counted?type=1', { lang: 'en' });
    await send('GET', '/api/test/counted?type=1', { lang: 'en' });
    expect(calls.counted).toBe(3);
  });

  it('keeps the connection usable after a kept POST answer', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const once = () =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${origin}/api/test/hot_post`, { method: 'POST', agent, headers: { 'content-type': 'application/json', lang: 'en' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        req.end('{"type":9}');
      });
    expect(await Promise.all([once(), once(), once(), once()])).toEqual([200, 200, 200, 200]);
    agent.destroy();
  });

  it('answers any request exactly as Fastify alone does (headers a visitor may send, in any form)', async () => {
    const text = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz=;,"% -*.0123456789ESZH'.split('')), maxLength: 24 });
    const cookieHeader = fc.oneof(text, fc.constantFrom('lang=es', 'lang=zh', 'lang="es"', 'lang=%65s', 'lang=ES-mx', 'a=1; lang=zh', 'lang=zh; lang=es', 'token=', 'token=good', 'x=%E0%A4%A'));
    const request = fc.record(
      {
        cookie: cookieHeader,
        lang: fc.oneof(text, fc.constantFrom('es', 'zh-CN', 'EN')),
        'accept-language': fc.oneof(text, fc.constantFrom('zh-CN,zh;q=0.9', 'es-ES', '*')),
        'accept-encoding': fc.oneof(text, fc.constantFrom('gzip, deflate, br', 'br;q=0', 'gzip;q=0, br', 'identity', '*')),
        token: fc.constantFrom('good', 'stale', ''),
      },
      { requiredKeys: [] },
    );
    const call = fc.oneof(
      fc.record({ method: fc.constant('GET'), path: fc.constantFrom('/api/test/hot?type=1', '/api/test/hot?type=9', '/api/test/hot?type=0', '/api/TEST/hot?type=1&x=1'), body: fc.constant('') }),
      fc.record({ method: fc.constant('POST'), path: fc.constant('/api/test/hot_post'), body: fc.constantFrom('{"type":1}', '{"type":9}', '{"type":"1"}', '{"type":0}', '{', '') }),
    );
    const hitsBefore = hits();
    await fc.assert(
      fc.asyncProperty(call, request, async (c, headers) => {
        const h: Record<string, string> = { ...headers, ...(c.method === 'POST' ? { 'content-type': 'application/json' } : {}) };
        const parts = c.body ? [c.body] : [];
        await send(c.method, c.path, h, parts);
        const hot = await send(c.method, c.path, h, parts);
        const alone = await send(c.method, c.path, h, parts, plain.origin);
        expect(hot.status).toBeLessThan(500);
        expect(hot.status).toBe(alone.status);
        expect(withoutDate(hot.headers)).toEqual(withoutDate(alone.headers));
        expect(hot.body.equals(alone.body)).toBe(true);
      }),
      { numRuns: 150 },
    );
    // Many of those requests were repeats answered before Fastify, not only Fastify against itself.
    expect(hits()).toBeGreaterThan(hitsBefore + 20);
  });
});
