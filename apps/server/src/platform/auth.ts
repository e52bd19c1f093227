import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '@livesports/contracts/call';
import { forbidden, notLoggedIn } from './errors.ts';

/** The logged-in user as the rest of the server sees it. */
export interface AuthUser {
  id: number;
  isAnchor: boolean;
  isAdmin: boolean;
  /** Content and room moderator of the console (administrators are moderators too). */
  isModerator: boolean;
  sessionId: number;
}

export type TokenResolver = (token: string) => Promise<AuthUser | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The session port: the platform checks every request's token through the resolver the
     * account module plugs in (`app.auth.useResolver`); until one is plugged in, nobody is logged in.
     */
    auth: { useResolver(resolve: TokenResolver): void };
  }
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

/**
 * Routes (by method and path) whose handler checks the session again inside the very statement that
 * does the work (a gift send checks it in its money statement). Only on these may the hook answer
 * from a short-lived cache of token → user instead of asking the database: a token logged out (or
 * a session expired, an account disabled) a moment ago still reaches the handler, whose statement
 * then refuses it and changes nothing. Every other route resolves the token on every request.
 */
const rechecked = new Set<string>();
export function sessionRecheckedBy(method: string, url: string) {
  rechecked.add(`${method} /${url.replace(/^\/+/, '')}`);
}
/** The request's method and path, as sessionRecheckedBy keys them (a path the router spells otherwise is simply not cached). */
function routeKey(req: FastifyRequest) {
  const q = req.url.indexOf('?');
  return `${req.method} ${q < 0 ? req.url : req.url.slice(0, q)}`;
}

/** How long a resolved session may be reused on a re-checking route, and how many are kept. */
const CACHE_TTL_MS = 10_000;
const CACHE_MAX = 20_000;

/** Resolves the session on every request; routes that need a user call `requireUser`. */
export const authPlugin = fp(
  async (app) => {
    let resolver: TokenResolver = async () => null;
    const opts = { resolve: (token: string) => resolver(token) };
    app.decorate('auth', { useResolver: (fn: TokenResolver) => void (resolver = fn) });
    app.decorateRequest('user', null);
    app.decorateRequest('token', null);
    const cache = new Map<string, { user: AuthUser; until: number }>();
    // preValidation: after the cookie parser (onRequest), before route checks and input parsing.
    app.addHook('preValidation', async (req) => {
      const token = tokenOf(req);
      req.token = token;
      if (!token || token.length > 200) return;
      if (!rechecked.size || !rechecked.has(routeKey(req))) {
        req.user = await opts.resolve(token);
        return;
      }
      const now = Date.now();
      const hit = cache.get(token);
      if (hit && hit.until > now) {
        req.user = hit.user;
        return;
      }
      req.user = await opts.resolve(token);
      if (hit) cache.delete(token);
      if (req.user) {
        if (cache.size >= CACHE_MAX) cache.clear();
        cache.set(token, { user: req.user, until: now + CACHE_TTL_MS });
      }
    });
  },
  { name: 'auth', fastify: '5.x', dependencies: ['envelope'] },
);

export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw notLoggedIn();
  return req.user;
}

/** Does this user hold the staff role (or a stronger one)? */
export const hasRole = (user: AuthUser | null, role: StaffRole): boolean => !!user && (user.isAdmin || (role === 'moderator' && user.isModerator));

/** The logged-in user, when they hold the role; 403 for anyone else (700 when not logged in). */
export function requireRole(req: FastifyRequest, role: StaffRole): AuthUser {
  const user = requireUser(req);
  if (!hasRole(user, role)) throw forbidden();
  return user;
}
