import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

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
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const { publicUrl, S3_PUBLIC_URL } = app.config;
    const https = publicUrl.startsWith('https://');
    const site = new URL(publicUrl);
    const sockets = [`${https ? 'wss' : 'ws'}://${site.host}`];
    const bucket = S3_PUBLIC_URL ? [new URL(S3_PUBLIC_URL).origin] : [];
    await app.register(helmet, {
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
  },
  { name: 'security-headers', dependencies: ['config'] },
);
