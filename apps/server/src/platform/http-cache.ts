import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Code } from '@livesports/contracts/envelope';
import { localize } from './envelope.ts';
import type { Cached } from './read-cache.ts';

/**
 * How a cached public answer goes out over HTTP, so browsers, nginx and CDNs can carry match day.
 *
 * - The envelope is rendered once per language (its `msg` is localized) and kept with the answer,
 *   with its ETag and its gzip / brotli forms made on first request: a hit costs no serializing and
 *   no compressing.
 * - `ETag` (weak: the gzip, brotli and plain bodies are the same answer) and `If-None-Match` → 304.
 * - `Cache-Control: public, max-age=0, s-maxage=N, stale-while-revalidate=M`: a browser asks again
 *   every time (a 304 when nothing changed), a shared cache keeps it N s and may serve it M s more
 *   while it asks again. Score rows carry `rev`, and the web keeps the newer of a fetched row and
 *   the socket's, so a list up to N + M seconds old never puts an old score on screen.
 * - `Vary`: the language picks the `msg` and names; `token` because a signed-in caller gets their
 *   own (no-store) answer instead of the shared one.
 * A signed-in caller who gets the shared answer (nothing of theirs in it) gets `private, no-cache`.
 * Everything that is not a cached public answer leaves with `no-store` (platform/route.ts).
 */

export interface HttpPolicy {
  /** How long a shared cache (nginx, CDN) may keep the answer, in seconds. */
  sMaxAge: number;
  /** How long past that it may still serve it while it fetches a new one, in seconds. */
  swr: number;
}

export const HTTP = {
  /** Scores, live rooms: fresh within a second or two. */
  live: { sMaxAge: 1, swr: 1 },
  /** Headlines, tables, leaderboards, settings: a few seconds change nothing for a reader. */
  calm: { sMaxAge: 5, swr: 10 },
} satisfies Record<string, HttpPolicy>;

/** Compressing an answer smaller than this costs more than it saves. */
const COMPRESS_MIN_BYTES = 1024;
const VARY = 'Accept-Encoding, lang, Accept-Language, token';

interface Variant {
  body: Buffer;
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
}

export const cacheControl = (p: HttpPolicy) => `public, max-age=0, s-maxage=${p.sMaxAge}, stale-while-revalidate=${p.swr}`;

type Encoding = 'br' | 'gzip' | null;
/** Browsers send a handful of Accept-Encoding texts: each is read once (bounded against floods). */
const encodings = new Map<string, Encoding>();

/** The encoding to send: brotli, then gzip, when the client takes it (q=0 refuses). */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  let known = encodings.get(value);
  if (known === undefined) {
    if (encodings.size >= 64) encodings.clear();
    encodings.set(value, (known = readEncoding(value)));
  }
  return known;
}

function readEncoding(value: string): Encoding {
  const accepted = new Set<string>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** True when one of the If-None-Match tags is the answer's (weak comparison, as RFC 9110 asks). */
export function etagMatches(header: string | string[] | undefined, etag: string) {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return value.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

function variant<T>(req: FastifyRequest, cached: Cached<T>, schema: z.ZodType): Variant {
  const lang = req.lang;
  let v = cached.variants.get(lang) as Variant | undefined;
  if (v) return v;
  // The contract shapes the data once per answer (unknown keys dropped, as the route serializer does).
  cached.json ??= JSON.stringify(z.encode(schema, cached.data as never));
  const body = Buffer.from(`{"code":${Code.OK},"msg":${JSON.stringify(localize(req, 'common.ok'))},"data":${cached.json}}`);
  v = { body, etag: `W/"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` };
  cached.variants.set(lang, v);
  return v;
}

/**
 * Sends a cached public answer: ETag, Cache-Control, 304, and a body compressed once. With `keep`,
 * the finished answer to a caller without a token is also kept for the server's first step
 * (hot-answers.ts), which sends it to the next identical request without entering Fastify.
 */
export function sendCached<T>(req: FastifyRequest, reply: FastifyReply, cached: Cached<T>, schema: z.ZodType, policy: HttpPolicy, keep = false) {
  const v = variant(req, cached, schema);
  // A signed-in caller got the shared answer because nothing of theirs is in it: their browser must
  // still ask every time (no stale-while-revalidate), or a toggle they just made could show undone.
  const control = req.user ? 'private, no-cache' : cacheControl(policy);
  reply.header('etag', v.etag).header('cache-control', control).header('vary', VARY);
  // 304 is for reads; a POST read (all_match) still tells its ETag to caches that key on the body.
  if ((req.method === 'GET' || req.method === 'HEAD') && etagMatches(req.headers['if-none-match'], v.etag)) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoding = v.body.length >= COMPRESS_MIN_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
  let body = v.body;
  if (encoding === 'br') {
    body = v.br ??= zlib.brotliCompressSync(v.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: v.body.length } });
  } else if (encoding === 'gzip') {
    body = v.gzip ??= zlib.gzipSync(v.body, { level: 6 });
  }
  if (encoding) reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  if (keep && !req.user && !req.token) {
    req.server.hotAnswers?.keep(req.raw, req.method === 'POST' ? req.rawJson : null, req.lang, { cached, etag: v.etag, headers: reply.getHeaders(), body });
  }
  return reply.send(body);
}
