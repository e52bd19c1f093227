import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from './helpers.ts';

// The API described for outsiders: every api/… route the server registers is in the OpenAPI
// document (a route added without a contract, or a contract module missing from calls.ts, fails
// here), the document is valid OpenAPI 3.1 in shape, and the reference UI is served.

describe('OpenAPI document and reference UI', () => {
  let app: FastifyInstance;
  let doc: { openapi: string; paths: Record<string, Record<string, { operationId: string; parameters?: unknown[]; requestBody?: unknown; security: unknown[] }>> };
  beforeAll(async () => {
    app = await testApp();
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });

  it('lists every registered api route with its method', () => {
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.toLowerCase()}`)));
    const missing = [...app.apiRoutes].filter((r) => {
      const [m, p] = r.split(' ');
      return !documented.has(`${m} ${p.replace(/:(\w+)/g, '{$1}').toLowerCase()}`);
    });
    expect(app.apiRoutes.size).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('describes inputs, answers and who may call', () => {
    expect(doc.openapi).toBe('3.1.0');
    const send = doc.paths['/api/Barrage/send'].post;
    expect(send.operationId).toBe('barrageSend');
    expect(send.security).toEqual([{ token: [] }, { cookie: [] }]);
    expect(JSON.stringify(send.requestBody)).toContain('"room_id"');
    const list = doc.paths['/api/Live/getRoomList'] ?? Object.entries(doc.paths).find(([p]) => p.toLowerCase() === '/api/live/getroomlist')![1];
    expect(list.get.security).toEqual([]);
    expect(list.get.parameters?.length).toBeGreaterThan(0);
  });

  it('serves the reference UI from its own files', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
    expect(page.body).not.toMatch(/src="https?:\/\//);
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json().paths['/api/Barrage/send']).toBeTruthy();
    // A spec GET call the server also answers on POST shows both methods.
    const bind = Object.entries(json.json().paths as Record<string, object>).find(([p]) => p.toLowerCase() === '/api/bank_card/bind')![1];
    expect(Object.keys(bind).sort()).toEqual(['get', 'post']);
  });
});
