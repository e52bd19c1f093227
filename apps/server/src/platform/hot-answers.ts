import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { parseCookie } from 'cookie';
import { pickLang } from '@livesports/contracts/messages';
import { etagMatches, pickEncoding } from './http-cache.ts';
import type { Cached } from './read-cache.ts';

/**
 * Repeats of public cached answers, sent from the HTTP server's first step (issue #14).
 *
 * A public read answered from the read cache (read-cache.ts, http-cache.ts) still went through all
 * of Fastify for every request: routing, four hooks, the input memo, the handler, the reply's
 * headers one by one. On match day the same few URLs are asked for thousands of times a second,
 * and that walk cost more than half of the server's time per answer (the calls ran at 0.3–0.5 of a
 * bare Fastify route). Here the finished answer (status, every header, the body in the encoding
 * sent) is kept under what decided it, and an identical request gets it back before Fastify sees
 * it, the way nginx answers from its cache without asking upstream.
 *
 * What decides an answer, so what the key holds: method, the raw URL (query included), the raw
 * JSON body of a POST read, the language (`lang` header, `lang` cookie, Accept-Language: picked as
 * envelope.ts picks it) and the encoding picked from Accept-Encoding. Anything personal is never
 * kept nor served: a request with a token (header or cookie) goes to Fastify; only answers sent to
 * callers without one are kept.
 *
 * Kept true by the read cache: each kept answer holds the `Cached` it was made from, and is served
 * only while that is still its reader's answer (`Cached.current`: no tag dropped, no patch made a
 * newer one, a clock-bound answer not past its age). A goal that drops or patches a list retires
 * its kept answers in the same step, before the goal frame leaves the process.
 *
 * Which calls: `route()` keeps the answers of read calls that return a `Cached`, unless the call
 * has a rate limit or says `eachRead` (its handler must run on every read: a headline counts its
 * reads). A handler whose `Cached` depends on anything but the input, the language and whether the
 * caller is signed in (the clock, the caller's address) must say `eachRead` too.
 *
 * Not through here: HEAD and every other method; a POST that is not a kept read path, not JSON, or
 * over MAX_BODY bytes; requests with a token. They cost one Map lookup at most.
 */

/** POST bodies of kept reads are small filters; anything longer goes straight to Fastify. */
const MAX_BODY = 512;
/** Kept answers; past this the oldest go first (each is a reference to buffers the read cache holds). */
const MAX_ENTRIES = 4000;
/** Headers a 304 does not carry (RFC 9110 §15.4.5: it has no content). */
const NOT_ON_304 = new Set(['content-type', 'content-length', 'content-encoding']);

export interface HotAnswerStats {
  hits: number;
  notModified: number;
  kept: number;
  entries: number;
}

interface Kept {
  cached: Cached<unknown>;
  etag: string;
  headers: Array<string | number>;
  notModified: Array<string | number>;
  body: Buffer;
}

export interface HotAnswers {
  /** Sends the kept answer of this request when there is one; otherwise hands it on (`next`). */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /**
   * Keeps the answer Fastify is about to send for this request: the `Cached` it came from, its
   * ETag, every header (as the reply holds them) and the body as sent. `rawBody` is a POST read's
   * JSON text (null for a GET); `lang` the language Fastify picked for it (envelope.ts), the one
   * `handle` picks the same way. The caller has checked that the request carries no token.
   */
  keep(
    req: IncomingMessage,
    rawBody: string | null,
    lang: string,
    answer: { cached: Cached<unknown>; etag: string; headers: Record<string, string | number | string[] | undefined>; body: Buffer },
  ): void;
  stats(): HotAnswerStats;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers kept for the server's first step (buildApp); absent on an app built without it (unit tests). */
    hotAnswers?: HotAnswers;
  }
}

/** The language the request asks for, as envelope.ts picks it (`lang` header, cookie, Accept-Language). */
function langOf(req: IncomingMessage, cookies: Record<string, string | undefined> | null) {
  return pickLang(req.headers['lang'] as string | undefined, cookies?.lang, req.headers['accept-language']);
}

/** The request's cookies, or null without a Cookie header. */
function cookiesOf(req: IncomingMessage) {
  const header = req.headers.cookie;
  return header ? parseCookie(header) : null;
}

/** A token (header or cookie, as auth.ts reads it) makes every answer personal. */
const signedIn = (req: IncomingMessage, cookies: Record<string, string | undefined> | null) => !!req.headers['token'] || !!cookies?.token;

const isJson = (type: string | undefined) => !!type && /^application\/json\s*(;|$)/i.test(type);

function flat(headers: Record<string, string | number | string[] | undefined>, skip?: Set<string>) {
  const out: Array<string | number> = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || skip?.has(name)) continue;
    if (Array.isArray(value)) for (const v of value) out.push(name, v);
    else out.push(name, value);
  }
  return out;
}

export function createHotAnswers(opts: { pickEncoding: (header: string | string[] | undefined) => string | null; now?: () => number }): HotAnswers {
  const now = opts.now ?? Date.now;
  const kept = new Map<string, Kept>();
  /** Paths (lower case, no query) of POST reads that have a kept answer: other POSTs are not read here. */
  const postPaths = new Set<string>();
  const stats = { hits: 0, notModified: 0, kept: 0 };

  const pathOf = (url: string) => {
    const q = url.indexOf('?');
    return (q < 0 ? url : url.slice(0, q)).toLowerCase();
  };
  const keyOf = (req: IncomingMessage, lang: string, body: string) => `${req.method} ${req.url}\n${lang}\n${opts.pickEncoding(req.headers['accept-encoding']) ?? ''}\n${body}`;

  /** The kept answer for this key, while its `Cached` is still its reader's. */
  function lookup(key: string) {
    const k = kept.get(key);
    if (!k) return undefined;
    if (k.cached.current(now())) return k;
    kept.delete(key);
    return undefined;
  }

  function send(req: IncomingMessage, res: ServerResponse, k: Kept) {
    if (req.method === 'GET' && etagMatches(req.headers['if-none-match'], k.etag)) {
      stats.notModified++;
      res.writeHead(304, k.notModified);
      res.end();
      return;
    }
    stats.hits++;
    res.writeHead(200, k.headers);
    res.end(k.body);
  }

  /**
   * Reads a small POST body without taking it from Fastify: on a miss what was read is put back
   * (`unshift`, before the request is handed on), so Fastify's body parser reads it as if nobody had.
   */
  function peekBody(req: IncomingMessage, length: number, serve: (body: Buffer) => boolean, next: () => void) {
    const chunks: Buffer[] = [];
    let got = 0;
    let finished = false;
    const finish = (complete: boolean) => {
      if (finished) return;
      finished = true;
      req.removeListener('readable', onReadable);
      req.removeListener('error', onError);
      const body = Buffer.concat(chunks);
      if (complete && serve(body)) return void req.resume();
      try {
        if (body.length) req.unshift(body);
      } catch {
        // The request ended or broke meanwhile: Fastify sees what is left of it.
      }
      next();
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while ((chunk = req.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        got += chunk.length;
      }
      // Node's parser never gives more than Content-Length; fewer means more is on its way.
      if (got >= length) finish(got === length);
    };
    const onError = () => finish(false);
    req.on('readable', onReadable);
    req.once('error', onError);
  }

  return {
    handle(req, res, next) {
      const method = req.method;
      if (!kept.size || (method !== 'GET' && method !== 'POST')) return next();
      const url = req.url ?? '';
      if (method === 'POST' && !postPaths.has(pathOf(url))) return next();
      let cookies: Record<string, string | undefined> | null;
      try {
        cookies = cookiesOf(req);
      } catch {
        return next();
      }
      if (signedIn(req, cookies)) return next();
      const lang = langOf(req, cookies);
      if (method === 'GET') {
        const k = lookup(keyOf(req, lang, ''));
        return k ? send(req, res, k) : next();
      }
      const length = Number(req.headers['content-length']);
      if (!isJson(req.headers['content-type']) || req.headers['transfer-encoding'] || !(length > 0 && length <= MAX_BODY)) return next();
      peekBody(
        req,
        length,
        (body) => {
          const k = lookup(keyOf(req, lang, body.toString('utf8')));
          if (k) send(req, res, k);
          return !!k;
        },
        next,
      );
    },

    keep(req, rawBody, lang, answer) {
      if (req.method !== 'GET' && req.method !== 'POST') return;
      if (req.method === 'POST' && (rawBody === null || Buffer.byteLength(rawBody) > MAX_BODY || !isJson(req.headers['content-type']))) return;
      const key = keyOf(req, lang, rawBody ?? '');
      if (kept.size >= MAX_ENTRIES && !kept.has(key)) kept.delete(kept.keys().next().value!);
      kept.set(key, {
        cached: answer.cached,
        etag: answer.etag,
        headers: flat(answer.headers),
        notModified: flat(answer.headers, NOT_ON_304),
        body: answer.body,
      });
      if (req.method === 'POST') postPaths.add(pathOf(req.url ?? ''));
      stats.kept++;
    },

    stats: () => ({ ...stats, entries: kept.size }),
  };
}

/**
 * Puts kept answers in front of the app's HTTP server (its request handler: Fastify's, or a socket
 * process's) and lets `sendCached` keep them (`app.hotAnswers`). Call before the app listens.
 */
export function installHotAnswers(app: FastifyInstance, opts: { now?: () => number } = {}): HotAnswers {
  const hot = createHotAnswers({ pickEncoding, now: opts.now });
  app.decorate('hotAnswers', hot);
  const server = app.server;
  const handlers = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  if (handlers.length !== 1) throw new Error(`expected one request handler, found ${handlers.length}`);
  const [handler] = handlers;
  server.removeListener('request', handler);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => hot.handle(req, res, () => handler(req, res)));
  return hot;
}
