import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@livesports/contracts/call';
import { envelopePlugin } from './envelope.ts';
import { route } from './route.ts';

// A read call's validated input is reused for the same raw text (read-input-memo.ts). What a
// client must not notice: every answer is as if its input had been checked afresh.

let parses = 0;
const input = z.object({
  type: z.preprocess((v) => (parses++, v), z.coerce.number({ error: 'matches.type_invalid' }).int('matches.type_invalid').min(1, 'matches.type_invalid')),
  limit: z.coerce.number().int().default(20),
  tags: z.array(z.string()).default([]),
});
const read = defineCall({ method: 'POST', path: 'api/test/read', writes: false, auth: false, input, data: z.object({ type: z.number(), limit: z.number(), tags: z.array(z.string()) }) });
const readGet = defineCall({ method: 'GET', path: 'api/test/read_get', auth: false, input, data: z.object({ type: z.number(), limit: z.number(), tags: z.array(z.string()) }) });
const write = defineCall({ method: 'POST', path: 'api/test/write', auth: false, input, data: z.object({ type: z.number(), limit: z.number(), tags: z.array(z.string()) }) });

const app = Fastify();
beforeAll(async () => {
  await app.register(envelopePlugin);
  // A careless handler that changes its input: the next caller with the same text must not see it.
  const careless = async (i: z.output<typeof input>) => {
    const seen = { type: i.type, limit: i.limit, tags: [...i.tags] };
    i.limit = 999;
    return seen;
  };
  route(app, read, careless);
  route(app, readGet, careless);
  route(app, write, careless);
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, payload: string) => app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', lang: 'en' } });

describe('read input memo', () => {
  it('answers a repeated read as the first, and checks its text once', async () => {
    const before = parses;
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/test/read', '{"type":"2"}')));
    for (const a of answers) expect(a.json()).toEqual({ code: 200, msg: expect.any(String), data: { type: 2, limit: 20, tags: [] } });
    const again = await post('/api/test/read', '{"type":"2"}');
    expect(again.json().data).toEqual({ type: 2, limit: 20, tags: [] });
    // Concurrent first requests may each parse; a later one reuses what they found.
    expect(parses - before).toBeLessThanOrEqual(3);
    const settled = parses;
    await post('/api/test/read', '{"type":"2"}');
    expect(parses).toBe(settled);
  });

  it('still refuses bad input every time, with its message', async () => {
    for (let i = 0; i < 2; i++) {
      const bad = await post('/api/test/read', '{"type":0}');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toBe('Unknown sport type');
    }
    const nul = await post('/api/test/read', '{"type":"2\\u0000"}');
    expect(nul.statusCode).toBe(400);
  });

  it('works for query strings, and a write call checks every time', async () => {
    const a = await app.inject({ method: 'GET', url: '/api/test/read_get?type=3&limit=5', headers: { lang: 'en' } });
    const settled = parses;
    const b = await app.inject({ method: 'GET', url: '/api/test/read_get?type=3&limit=5', headers: { lang: 'en' } });
    expect(a.json().data).toEqual({ type: 3, limit: 5, tags: [] });
    expect(b.json().data).toEqual({ type: 3, limit: 5, tags: [] });
    expect(parses).toBe(settled);
    await post('/api/test/write', '{"type":4}');
    await post('/api/test/write', '{"type":4}');
    expect(parses).toBe(settled + 2);
  });
});
