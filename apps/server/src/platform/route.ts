import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions as FastifyRouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '@livesports/contracts/envelope';
import { type CallDef, apiAlias, changesState } from '@livesports/contracts/call';
import type { MessageKey } from '@livesports/contracts/messages';
import { type AuthUser, requireRole, requireUser } from './auth.ts';
import { localize } from './envelope.ts';
import { badInput, tooMany } from './errors.ts';
import { hostile, numberFields, strictNumbers } from './input-guard.ts';
import { HTTP, type HttpPolicy, sendCached } from './http-cache.ts';
import { Cached } from './read-cache.ts';
import { passValidated, readInputMemo } from './read-input-memo.ts';

export interface CallContext<Auth extends boolean> {
  req: FastifyRequest;
  reply: FastifyReply;
  user: Auth extends true ? AuthUser : AuthUser | null;
}

/** A handler may name the success message it wants shown (e.g. 'register success'). */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly msg: MessageKey,
  ) {}
}
export const answer = <T>(data: T, msg: MessageKey) => new Answer(data, msg);

type Limit = { max: number; timeWindow: number | string; keyGenerator?: (req: FastifyRequest) => string };

export interface RouteOptions {
  /** Per-IP (or custom key) limit for this call. */
  rateLimit?: Limit;
  /** A second, independent limit (e.g. per address on top of per account). */
  alsoLimit?: Limit;
  /** How long shared caches may keep this call's cached answers (default HTTP.live). */
  http?: HttpPolicy;
  /**
   * The handler must run on every read even when it answers from the read cache: it counts reads
   * (a headline's views), or its cached answer depends on more than the input, the language and
   * whether the caller is signed in. Without it, a repeat of a public cached answer is sent by the
   * server's first step without reaching the handler (platform/hot-answers.ts).
   */
  eachRead?: boolean;
}

/**
 * Registers one contract call: the path and schemas come from packages/contracts, the handler
 * only turns the parsed input into a service call; the envelope is added here.
 */
export function route<I extends z.ZodType, O extends z.ZodType, A extends boolean>(
  app: FastifyInstance,
  call: CallDef<I, O> & { auth: A },
  handler: (input: z.output<I>, ctx: CallContext<A>) => Promise<z.input<O> | Answer<z.input<O>> | Cached<z.input<O>>>,
  opts: RouteOptions = {},
) {
  // Whether the call changes state is the call's, whichever method it arrives by.
  const writes = changesState(call);
  // A path the spec writes without `api/` is answered under `api/` as well (older clients).
  const alias = apiAlias(call.path);
  for (const path of alias ? [call.path, alias] : [call.path]) {
    registerRoute(app, { ...call, path }, handler, opts, writes);
    // The spec's method and the one our web app uses (POST keeps passwords and card numbers out of URLs and logs).
    if (call.also) registerRoute(app, { ...call, path, method: call.also }, handler, opts, writes);
  }
}

function registerRoute<I extends z.ZodType, O extends z.ZodType, A extends boolean>(
  app: FastifyInstance,
  call: CallDef<I, O> & { auth: A },
  handler: (input: z.output<I>, ctx: CallContext<A>) => Promise<z.input<O> | Answer<z.input<O>> | Cached<z.input<O>>>,
  opts: RouteOptions,
  writes: boolean,
) {
  const envelope = z.object({ code: z.number(), msg: z.string(), data: call.data });
  const where = call.method === 'GET' ? 'querystring' : 'body';
  const numeric = numberFields(call.input);
  // A read call's validated input depends on its raw text alone: repeats reuse it (read-input-memo.ts).
  const memo = writes ? null : readInputMemo();
  // Repeats of its public cached answers may skip Fastify altogether (hot-answers.ts), unless the
  // call is limited per caller or its handler must see every read.
  const keep = !writes && !opts.rateLimit && !opts.alsoLimit && !opts.eachRead;
  const memoKey = new WeakMap<FastifyRequest, string>();
  // The plugin runs one limiter per request; a second, independent one is checked here by hand.
  const check = opts.alsoLimit ? app.createRateLimit(opts.alsoLimit) : null;
  const alsoLimit = check
    ? async (req: FastifyRequest) => {
        const r = await check(req);
        if (!r.isAllowed && r.isExceeded) throw tooMany();
      }
    : undefined;
  // Input types come from the contract (the handler's `input`), so the route itself needs no
  // type provider generics; the zod compilers set in envelope.ts do the parsing.
  const options: FastifyRouteOptions = {
    method: call.method,
    url: '/' + call.path.replace(/^\/+/, ''),
    schema: { [where]: call.input, response: { 200: envelope } },
    validatorCompiler: (route) => passValidated(validatorCompiler(route as Parameters<typeof validatorCompiler>[0])),
    // `writes`: the cross-site rule (cross-site.ts) refuses this call from another site's page.
    config: { writes, ...(opts.rateLimit ? { rateLimit: opts.rateLimit } : {}) },
    // Not logged in is answered before the input is looked at (code 700 wins over code 1). A POST
    // with no parameters may come with no body at all: it is read as {}.
    preValidation: async (req) => {
      if (where === 'body' && (req.body === undefined || req.body === null)) req.body = {};
      if (call.auth) requireUser(req);
      // A console call: the staff role before anything else (403, whatever the input).
      if (call.role) requireRole(req, call.role);
      const key = memo?.keyOf(req, where);
      if (key != null) {
        const input = memo!.hit(key);
        if (input) {
          if (where === 'body') req.body = input;
          else req.query = input;
          return;
        }
        memoKey.set(req, key);
      }
      // Hostile raw values get a clear 400 before the schema sees them (input-guard.ts).
      const raw = (where === 'body' ? req.body : req.query) as unknown;
      const bad = hostile(raw);
      if (bad) throw badInput(bad === 'nul' ? 'common.bad_characters' : 'common.input_error');
      if (numeric.size && raw && typeof raw === 'object' && !Array.isArray(raw)) strictNumbers(raw as Record<string, unknown>, numeric);
    },
    preHandler: alsoLimit,
    handler: async (req, reply) => {
      const input = (where === 'body' ? req.body : req.query) as z.output<I>;
      const key = memo && memoKey.get(req);
      if (key != null) memo!.keep(key, input);
      const result = await handler(input, { req, reply, user: req.user } as CallContext<A>);
      // A public answer from the read cache (platform/read-cache.ts): ETag, Cache-Control, 304.
      if (result instanceof Cached) return sendCached(req, reply, result, call.data, opts.http ?? HTTP.live, keep);
      // Anything else may be personal or one-off: no browser, proxy or CDN keeps it.
      reply.header('cache-control', 'no-store');
      const { data, msg } = result instanceof Answer ? result : { data: result, msg: 'common.ok' as MessageKey };
      return { code: Code.OK, msg: localize(req, msg), data: data ?? null };
    },
  };
  app.route(options);
}
