import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openApiDocument } from '@livesports/contracts/openapi';

type Json = Record<string, any>;

/** Server-to-server callbacks that are not calls of the contracts (no envelope for a browser). */
const CALLBACKS: Record<string, Json> = {
  '/api/payment/notify/{provider}': {
    post: {
      operationId: 'paymentNotify',
      tags: ['callbacks'],
      summary: 'Payment provider notification (signed by the provider; the sandbox provider in demo mode)',
      parameters: [{ name: 'provider', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { 200: { description: 'Accepted (the order is credited once, whatever the number of notifications)' }, 400: { description: 'Bad signature or unknown order' } },
    },
  },
  '/api/live/hooks': {
    post: {
      operationId: 'srsHook',
      tags: ['callbacks'],
      summary: 'An external SRS media server asks whether a stream may publish (action in the body)',
      responses: { 200: { description: '{ code: 0 } to allow, anything else refuses' } },
    },
  },
  '/api/live/hooks/{action}': {
    post: {
      operationId: 'srsHookAction',
      tags: ['callbacks'],
      summary: 'The same SRS callback with the action in the path (on_publish, on_unpublish)',
      parameters: [{ name: 'action', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { 200: { description: '{ code: 0 } to allow, anything else refuses' } },
    },
  },
};

/** `/api/x/:id` as OpenAPI writes it: `/api/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * The API described for outsiders: the OpenAPI 3.1 document generated from packages/contracts at
 * /api/openapi.json, and a reference UI (Swagger UI, served from the package's own files, nothing
 * from another host) at /api/docs. Once every route is registered, a call the server also answers
 * on its other method (the spec's GET calls accept POST too, and the reverse) gets that method in
 * the document as well; callbacks for providers are described by hand above.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    const document = openApiDocument({ serverUrl: app.config.PUBLIC_URL || '/' }) as Json;
    Object.assign(document.paths, CALLBACKS);
    const routes = new Set<string>();
    app.decorate('apiRoutes', routes);
    app.addHook('onRoute', (r) => {
      if (!r.url.toLowerCase().startsWith('/api/') || r.url.startsWith('/api/docs') || r.url === '/api/openapi.json') return;
      for (const m of [r.method].flat()) if (m !== 'HEAD') routes.add(`${m} ${r.url}`);
    });
    app.addHook('onReady', async () => {
      const byPath = new Map(Object.entries(document.paths as Record<string, Json>).map(([p, ops]) => [p.toLowerCase(), ops]));
      for (const r of routes) {
        const [method, url] = r.split(' ');
        const ops = byPath.get(openApiPath(url).toLowerCase());
        const m = method.toLowerCase();
        if (!ops || ops[m]) continue;
        const [, op] = Object.entries(ops)[0] as [string, Json];
        const twin: Json = { ...op, operationId: `${op.operationId}${method === 'POST' ? 'Post' : 'Get'}`, summary: `${method} twin of ${op.summary}` };
        if (method === 'POST' && op.parameters) {
          twin.requestBody = { required: false, content: { 'application/json': { schema: { type: 'object', properties: Object.fromEntries(op.parameters.map((p: Json) => [p.name, p.schema])) } } } };
          delete twin.parameters;
        } else if (method === 'GET' && op.requestBody) {
          const schema = op.requestBody.content['application/json'].schema as Json;
          twin.parameters = Object.entries((schema.properties ?? {}) as Json).map(([name, s]) => ({ name, in: 'query', required: (schema.required ?? []).includes(name), schema: s }));
          delete twin.requestBody;
        }
        ops[m] = twin;
      }
    });
    // Static mode keeps this very object, so the twins added on ready show in the UI too.
    await app.register(swagger, { mode: 'static', specification: { document: document as never } });
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none', deepLinking: true } });
    app.get('/api/openapi.json', { schema: { hide: true } }, async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return document;
    });
  },
  { name: 'openapi', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /api/…` of every API route registered (the OpenAPI test compares them with the document). */
    apiRoutes: Set<string>;
  }
}
