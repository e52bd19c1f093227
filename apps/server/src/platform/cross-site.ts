import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '@livesports/contracts/envelope';
import { localize, sendError } from './envelope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route changes state (set by route() from the contract; other routes: by method). */
    writes?: boolean;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Fetch Metadata values a request from our own pages (or typed into the address bar) carries.
 * Not `same-site` (issue #51 item 1): to a browser another port of the same host, or a sibling
 * subdomain, is the same site, and a page there bound an anchor's payout card to its own name.
 */
const OWN_SITE = new Set(['same-origin', 'none']);

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether a request comes from this very origin. Browsers send Fetch Metadata (`Sec-Fetch-Site`)
 * on every request to a secure or local origin since 2023: it must say `same-origin` (or `none`,
 * the address bar and bookmarks). Where a browser sends none (plain http to a named host),
 * `Origin` (or else `Referer`) must be exactly PUBLIC_URL's origin — not whatever `Host` says, which
 * any sibling of the site shares. A request with none of the three is not from a browser page
 * (curl, an app, a server; some keep the login cookie, so a cookie alone does not make a browser).
 * A cross-site link that hides where it came from (`rel=noreferrer`, plain http) carries no session:
 * the login cookie is SameSite=Strict.
 */
export function fromOwnSite(req: FastifyRequest, publicOrigin: string | null): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site) return OWN_SITE.has(site);
  const origin = req.headers.origin ?? (typeof req.headers.referer === 'string' ? (originOf(req.headers.referer) ?? 'null') : undefined);
  if (origin === undefined) return true;
  return origin === publicOrigin;
}

/**
 * No request from another site changes anything: every call that changes state (POST, and the
 * GET calls the spec names that change state — contracts mark them `writes`) is refused with 403
 * when it comes from another site's page, whatever its method — a link, a form, an image, a frame or
 * a script there. Read-only calls stay open to everyone (third-party front ends, embeds).
 */
export const crossSitePlugin = fp(
  async (app) => {
    const publicOrigin = originOf(app.config.publicUrl);
    app.addHook('onRequest', async (req, reply) => {
      const writes = req.routeOptions.config?.writes ?? !READ_METHODS.has(req.method);
      if (!writes || fromOwnSite(req, publicOrigin)) return;
      req.log.warn({ url: req.url, site: req.headers['sec-fetch-site'], origin: req.headers.origin, referer: req.headers.referer }, 'cross-site request refused');
      return sendError(reply, 403, Code.ERROR, localize(req, 'common.cross_site'));
    });
  },
  { name: 'cross-site', dependencies: ['config', 'envelope'] },
);
