import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { Code } from '@livesports/contracts/envelope';
import { localize, sendError } from './envelope.ts';
import type { Lang } from '@livesports/contracts/messages';
import { imagePreloadLink, pageImage, posterShell } from './page-images.ts';
import { readPagePreloads, withPreloads, type PagePreloads } from './page-preloads.ts';
import { pickEncoding, webAssets } from './web-assets.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
// WEB_DIST: a web build elsewhere (a separate build step, or a second build next to a running site).
// Read when the plugin registers, so each app built in one process sees the setting of its time.
/** The page names its texts in the reader's language (the `lang` cookie, else Accept-Language). */
const HTML_VARY = 'Accept-Language, Cookie';
const webDist = () => (process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.resolve(here, '../../../web/dist'));

/**
 * The built web app (SERVE_WEB): hashed assets, index.html for the site root and every client-side
 * route, and the one not-found answer for everything else. Registered last, after every module.
 */
export const webPlugin = fp(
  async (app) => {
    const WEB_DIST = webDist();
    const hasWeb = app.config.SERVE_WEB && fs.existsSync(path.join(WEB_DIST, 'index.html'));
    if (hasWeb) {
      // The build's hashed scripts and styles: from memory, as the build compressed them.
      const assets = webAssets(path.join(WEB_DIST, 'assets'));
      app.get('/assets/:file', { compress: false }, async (req, reply) => {
        const asset = await assets.get((req.params as { file: string }).file);
        if (!asset) return sendError(reply, 404, Code.ERROR, localize(req, 'common.not_found'));
        const encoding = pickEncoding(req.headers['accept-encoding'], asset);
        reply.header('content-type', asset.type).header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'Accept-Encoding');
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply.send(encoding === 'br' ? asset.br : encoding === 'gzip' ? asset.gzip : asset.body);
      });
      await app.register(fastifyStatic, {
        root: WEB_DIST,
        prefix: '/',
        // Wildcard lookup (not a route per file found at start), so a rebuild's new bundles are
        // served at once; a missing file falls through to the not-found handler below.
        wildcard: true,
        index: false,
        // The web build's brotli/gzip copies of each asset (apps/web/build/precompress.ts), sent as
        // they are: no compression per request.
        preCompressed: true,
        // Hashed assets never change; index.html must always be fresh.
        setHeaders: (reply, file) => {
          if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
          // The mobile site's service worker and manifest: always checked, so an update is seen on the next open.
          else if (file.endsWith(`${path.sep}sw.js`) || file.endsWith('.webmanifest') || file.endsWith('index.html')) reply.header('cache-control', 'no-cache');
          if (file.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json');
        },
      });
    }
    // index.html names the hashed bundles: re-read it when a rebuild replaced it, so a running server
    // never hands out asset names that no longer exist.
    const indexPath = path.join(WEB_DIST, 'index.html');
    let index = { mtime: 0, html: null as string | null };
    const indexHtml = () => {
      if (!hasWeb) return null;
      const mtime = fs.statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs ?? 0;
      if (mtime !== index.mtime) index = { mtime, html: mtime ? fs.readFileSync(indexPath, 'utf8') : null };
      return index.html;
    };

    // The files each page needs (written by the web build, apps/web/build/route-preloads.ts), named
    // in the index.html of that URL so the browser fetches them at once with the entry.
    const preloadsPath = path.join(WEB_DIST, 'route-preloads.json');
    let preloads = { mtime: -1, pages: null as PagePreloads | null };
    const pageHtml = async (url: string, lang: Lang) => {
      const html = indexHtml();
      if (!html) return null;
      const mtime = fs.statSync(preloadsPath, { throwIfNoEntry: false })?.mtimeMs ?? 0;
      if (mtime !== preloads.mtime) preloads = { mtime, pages: mtime ? readPagePreloads(preloadsPath) : null };
      // The page's largest picture, asked for with its scripts (modules add theirs: page-images.ts).
      const [pathname, query = ''] = url.split('#', 1)[0].split('?', 2);
      const path = pathname.toLowerCase().replace(/^\/+|\/+$/g, '');
      const image = await pageImage(app.pageImages, path, new URLSearchParams(query), lang);
      const shell = posterShell(html, path, image);
      return withPreloads(shell.html, preloads.pages, url, lang, { image: imagePreloadLink(image?.src ?? ''), quiet: shell.quiet });
    };

    // The site root is a directory to the static plugin (403): hand it to the single-page app too.
    if (hasWeb)
      app.get('/', async (req, reply) =>
        reply
          .type('text/html')
          .header('cache-control', 'no-cache')
          .header('vary', HTML_VARY)
          .send(await pageHtml('/', req.lang)),
      );

    app.setNotFoundHandler(async (req, reply) => {
      const url = req.url.toLowerCase();
      const html = indexHtml();
      // A missing script or style (an old build's chunk) is a 404, never the page: a module script
      // answered with HTML fails with a MIME error instead of the app's reload-on-new-build path.
      if (url.startsWith('/api/') || url.startsWith('/ws/') || url.startsWith('/uploads/') || url.startsWith('/assets/') || !html || req.method !== 'GET') {
        return sendError(reply, 404, Code.ERROR, localize(req, 'common.not_found'));
      }
      // Client-side routes: the single-page app decides (and shows its own 404 page).
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .header('vary', HTML_VARY)
        .send(await pageHtml(req.url, req.lang));
    });
  },
  { name: 'web', fastify: '5.x', dependencies: ['config', 'envelope', 'page-images'] },
);
