import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { notLoggedIn } from './errors.ts';

/** The logged-in user as the rest of the server sees it. */
export interface AuthUser {
  id: number;
  isAnchor: boolean;
  isAdmin: boolean;
  sessionId: number;
}

export type TokenResolver = (token: string) => Promise<AuthUser | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Filled by the auth hook when a valid token came with the request. */
    user: AuthUser | null;
    /** The raw token the request carried, if any. */
    token: string | null;
  }
}

/** Token from the `token` header (spec: sent on every request), else the `token` cookie. */
export function tokenOf(req: FastifyRequest): string | null {
  const header = req.headers['token'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return fromHeader;
  const cookies = (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies;
  return cookies?.token || null;
}

/** Resolves the session on every request; routes that need a user call `requireUser`. */
export const authPlugin = fp<{ resolve: TokenResolver }>(
  async (app, opts) => {
    app.decorateRequest('user', null);
    app.decorateRequest('token', null);
    // preValidation: after the cookie parser (onRequest), before route checks and input parsing.
    app.addHook('preValidation', async (req) => {
      const token = tokenOf(req);
      req.token = token;
      if (token && token.length <= 200) req.user = await opts.resolve(token);
    });
  },
  { name: 'auth', dependencies: ['envelope'] },
);

export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw notLoggedIn();
  return req.user;
}
