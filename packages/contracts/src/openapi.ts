import { z } from 'zod';
import { allCalls } from './calls.ts';
import { apiAlias } from './call.ts';
import { Code } from './envelope.ts';

// The public API as an OpenAPI 3.1 document, generated from the contracts (the same schemas the
// server validates with and the web app types with), for third-party front ends and data providers.
// Served at /api/openapi.json with a reference UI at /api/docs, and written to docs/openapi.json by
// `npm run openapi`.

type Json = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12', reused: 'inline', cycles: 'ref' }) as Json;
  return rest;
};

const envelope = (data: Json, code: number, description: string): Json => ({
  type: 'object',
  description,
  required: ['code', 'msg', 'data'],
  properties: { code: { const: code }, msg: { type: 'string', description: 'A message in the language the request asks for (Accept-Language or the lang cookie).' }, data },
});

export function openApiDocument(opts: { title?: string; version?: string; serverUrl?: string } = {}): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const { module, name, call } of allCalls()) {
    const input = toSchema(call.input, 'input');
    const operation: Json = {
      operationId: name,
      tags: [module],
      summary: `${call.method} ${call.path}`,
      security: call.auth ? [{ token: [] }, { cookie: [] }] : [],
      responses: {
        200: {
          description: [
            'Every answer is HTTP 200 with the envelope { code, msg, data }:',
            `code ${Code.OK} success with data;`,
            `code ${Code.ERROR} a refusal whose msg says why (bad input, a business rule, a limit);`,
            call.auth ? `code ${Code.NOT_LOGGED_IN} not logged in (no token, or a token that ended).` : '',
          ].join(' '),
          content: {
            'application/json': {
              schema: {
                oneOf: [
                  envelope(toSchema(call.data, 'output'), Code.OK, 'Success'),
                  envelope({ type: 'null' }, Code.ERROR, 'Refused; msg says why'),
                  ...(call.auth ? [envelope({ type: 'null' }, Code.NOT_LOGGED_IN, 'Not logged in')] : []),
                ],
              },
            },
          },
        },
        429: { description: 'Too many requests from this client; the envelope says when to try again.' },
      },
    };
    if (call.method === 'GET') {
      const props = (input.properties ?? {}) as Record<string, Json>;
      const required = new Set((input.required as string[] | undefined) ?? []);
      operation.parameters = Object.entries(props).map(([param, schema]) => ({ name: param, in: 'query', required: required.has(param), schema }));
    } else {
      operation.requestBody = {
        required: false,
        content: { 'application/json': { schema: input }, 'application/x-www-form-urlencoded': { schema: input } },
      };
    }
    const path = '/' + call.path.replace(/^\/+/, '');
    paths[path] ??= {};
    paths[path][call.method.toLowerCase()] = operation;
    // The same call under `api/` (the spec writes these few without it): documented as an alias.
    const alias = apiAlias(call.path);
    if (alias) {
      paths['/' + alias] ??= {};
      paths['/' + alias][call.method.toLowerCase()] = { ...operation, operationId: `${name}Api`, summary: `${call.method} ${alias} (alias of ${call.path})` };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: opts.title ?? 'LiveSports API',
      version: opts.version ?? '1',
      description:
        'Live rooms, danmaku and chat, gifts and wallets, live scores and headlines. Every call answers { code, msg, data }. Log in with api/user/login (answer: data.token) and send the token in the `token` header; a browser on this site sends it in its HttpOnly cookie instead.',
    },
    servers: [{ url: opts.serverUrl ?? '/' }],
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
      },
    },
    paths,
  };
}
