import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Headers of a careful site (issue #13 item 6), through helmet:
 *  - a Content-Security-Policy the built web app runs under with no violation: scripts only from
 *    this site (the build has no inline script); styles from this site plus inline style attributes
 *    (React's `style`, the checkout page); media and workers from blob: (the players feed
 *    MediaSource from workers); images also from https: (third-party login avatars) and data:;
 *    sockets and calls to this site; no plugins; framed only by this site; forms post here only;
 *  - X-Content-Type-Options: nosniff on every answer (uploads included), a strict Referrer-Policy,
 *    HSTS only when PUBLIC_URL is https (a plain-http demo must not pin browsers to https).
 * The token cookie's HttpOnly/Secure flags are set where it is written (account routes).
 *
 * The headers are the same for every answer, so helmet runs once at start and each answer gets the
 * finished set in one `reply.headers()` (helmet per request rebuilt the policy strings every time:
 * about a tenth of a cached answer's CPU on match day, issue #14).
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const { publicUrl, S3_PUBLIC_URL } = app.config;
    const https = publicUrl.startsWith('https://');
    const site = new URL(publicUrl);
    const sockets = [`${https ? 'wss' : 'ws'}://${site.host}`];
    const bucket = S3_PUBLIC_URL ? [new URL(S3_PUBLIC_URL).origin] : [];
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...bucket],
          mediaSrc: ["'self'", 'blob:', ...bucket],
          connectSrc: ["'self'", ...sockets, ...bucket],
          workerSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: https ? { maxAge: 180 * 86400, includeSubDomains: false } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Players, uploads and images are embedded by other sites' pages and read by other front ends.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginEmbedderPolicy: false,
      // The recharge checkout opens in its own window and reports back to the room.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      xFrameOptions: { action: 'sameorigin' },
    });
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);

/** The headers helmet sets with these options, computed once. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
