import type { FastifyRequest } from 'fastify';

/**
 * Parsed inputs of read calls, kept by their raw text (issue #14).
 *
 * At kick-off thousands of fans send the same few inputs (`{type:1}`, `?type=1`, `?id=…`). Each
 * used to go through the raw checks (input-guard.ts) and the contract's zod schema again: a tenth
 * of a cached all_match answer's CPU, more than the answer itself. A read call's validated input
 * depends on its raw text alone, so the first request with a given text pays and the rest reuse
 * the result.
 *
 * - Only calls that change nothing, only short raw texts (a hostile flood of distinct texts fills
 *   at most MAX_ENTRIES small entries per call, then the memo starts over).
 * - Only inputs that passed: a refused input is checked (and refused) every time.
 * - Each hit gets its own shallow copy, so a handler that adjusts its input cannot change the next
 *   caller's.
 */

const MAX_RAW = 512;
const MAX_ENTRIES = 500;

/** Inputs handed to Fastify's validator already validated (the route's validator passes them). */
const validated = new WeakSet<object>();

export function readInputMemo() {
  const entries = new Map<string, Record<string, unknown>>();
  return {
    /** The memo's key for this request, or null when its input is not one the memo keeps. */
    keyOf(req: FastifyRequest, where: 'body' | 'querystring'): string | null {
      if (where === 'body') return req.rawJson !== null && req.rawJson.length <= MAX_RAW ? req.rawJson : null;
      const q = req.url.indexOf('?');
      const raw = q < 0 ? '' : req.url.slice(q + 1);
      return raw.length <= MAX_RAW ? raw : null;
    },
    /** A copy of the validated input for this raw text, marked for the validator to pass. */
    hit(key: string): Record<string, unknown> | null {
      const found = entries.get(key);
      if (!found) return null;
      const copy = { ...found };
      validated.add(copy);
      return copy;
    },
    /** Keeps a validated input (a copy: the handler gets the original). */
    keep(key: string, input: unknown) {
      if (!input || typeof input !== 'object' || Array.isArray(input)) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { ...(input as Record<string, unknown>) });
    },
  };
}

/** Wraps a route's validator so an input from the memo is not validated again. */
export function passValidated<F extends (data: unknown) => unknown>(validate: F) {
  return ((data: unknown) => (data && typeof data === 'object' && validated.has(data) ? { value: data } : validate(data))) as F;
}
