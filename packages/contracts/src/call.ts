import type { z } from 'zod';

/**
 * One HTTP call of the public API: its path (as the spec writes it), method, input schema
 * (query for GET, body for POST) and the schema of `data` in the envelope.
 * Server routes and web fetchers both import these, so a path or shape lives in one place.
 */
export interface CallDef<I extends z.ZodType, O extends z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  input: I;
  data: O;
  /** True when the call needs a logged-in user (answers code 700 otherwise). */
  auth: boolean;
  /**
   * Whether the call changes anything (default: POST does, GET does not). The spec names some
   * state-changing calls GET (Bank_card/bind, Live/startRoom…) and some reads POST (all_match…):
   * they say so here. The server refuses a call that changes state when it comes from another site.
   */
  writes?: boolean;
  /** The other method the server also answers, as spec clients use it (spec GET, web app POST). */
  also?: 'GET' | 'POST';
  /**
   * Console calls: the staff role the caller needs (checked by the server before the input is
   * read; needs `auth: true`). Moderators run content and rooms; administrators everything,
   * including money, settings and roles.
   */
  role?: StaffRole;
}

/** Staff roles, weakest first: an administrator may do all a moderator may. */
export const STAFF_ROLES = ['moderator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Does this call change state (and so must never be accepted from another site)? */
export const changesState = (call: Pick<CallDef<z.ZodType, z.ZodType>, 'method' | 'writes'>): boolean => call.writes ?? call.method === 'POST';

export function defineCall<I extends z.ZodType, O extends z.ZodType, A extends boolean>(def: CallDef<I, O> & { auth: A }): CallDef<I, O> & { auth: A } {
  return def;
}

/** A call, or the web app's reference to one (`{ method, path, __call?: C }`, apps/web call-refs.ts). */
type Called<C> = C extends { readonly __call?: infer D } ? (D extends CallDef<z.ZodType, z.ZodType> ? D : C) : C;
export type CallInput<C> = C extends unknown ? (Called<C> extends CallDef<infer I, z.ZodType> ? z.input<I> : never) : never;
export type CallData<C> = C extends unknown ? (Called<C> extends CallDef<z.ZodType, infer O> ? z.output<O> : never) : never;

/**
 * The `api/` twin of a path the spec writes without that prefix (`anchor_dynamics/*`,
 * `anchor_dynamics_user/*`; every other call has it). Older clients built against the rest of the
 * API ask for `api/anchor_dynamics/...`: the server answers both paths the same, and the OpenAPI
 * document lists the twin as an alias. Null for a path that already has the prefix.
 */
export function apiAlias(path: string): string | null {
  const bare = path.replace(/^\/+/, '');
  return /^api\//i.test(bare) ? null : `api/${bare}`;
}

/** Paths match without regard to case or a leading slash (the spec writes both forms). */
export function normalizePath(path: string): string {
  return '/' + path.replace(/^\/+/, '').toLowerCase();
}
