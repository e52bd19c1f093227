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
/** Fetch Metadata values a request from our own pages (or typed into the address bar) carries. */
const OWN_SITE = new Set(['same-origin', 'same-site', 'none']);

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether a request comes from this site. Browsers send Fetch Metadata (`Sec-Fetch-Site`) on every
 * request since 2023: it must say the request started on this site (or from the address bar).
 * Where a browser sends none, `Origin` (or else `Referer`) must be the site's own: PUBLIC_URL's
 * origin or the origin the request was addressed to. A request with none of the three is not from
 * a browser page (curl, an app, a server) and carries its token in the header itself.
 */
export function fromOwnSite(req: FastifyRequest, publicOrigin: string | null): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site) return OWN_SITE.has(site);
  const origin = req.headers.origin ?? (typeof req.headers.referer === 'string' ? (originOf(req.headers.referer) ?? 'null') : undefined);
  if (origin === undefined) return true;
  if (origin === publicOrigin) return true;
  const host = req.headers.host;
  return !!host && (origin === `http://${host}` || origin === `https://${host}`);
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
