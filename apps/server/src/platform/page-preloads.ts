import fs from 'node:fs';

/** A page's URL pattern ('/live', '/m/score-live/:id') split into segments, and the files it needs. */
export interface PagePreloads {
  pages: Array<{ segments: string[]; links: string }>;
  cache: Map<string, string>;
}

/**
 * Reads the web build's route-preloads.json: for each page of the site, the JavaScript and CSS it
 * loads (its layout, page and their imports). A missing or unreadable file means no preloads, never
 * a failed page.
 */
export function readPagePreloads(file: string): PagePreloads | null {
  try {
    const { routes } = JSON.parse(fs.readFileSync(file, 'utf8')) as { routes: Record<string, string[]> };
    const pages = Object.entries(routes).map(([pattern, files]) => ({
      segments: pattern.toLowerCase().split('/').filter(Boolean),
      // Scripts as module preloads (fetched and parsed, run when imported); styles as preloads, which
      // the page's own import turns into a stylesheet without blocking the first paint meanwhile.
      // (Not fetchpriority=low: Chromium then holds them back while the page loads, and the page
      // needs every one of them before it renders.)
      links: files
        .filter((f) => /^[\w./-]+$/.test(f))
        .map((f) => (f.endsWith('.css') ? `<link rel="preload" as="style" href="/${f}">` : `<link rel="modulepreload" crossorigin href="/${f}">`))
        .join(''),
    }));
    return { pages, cache: new Map() };
  } catch {
    return null;
  }
}

const MAX_CACHED = 500;

/** The index.html for a URL with its page's files named in <head> (the URL's path only; case as React Router: ignored). */
export function withPreloads(html: string, preloads: PagePreloads, url: string): string {
  const pathname = url.split(/[?#]/, 1)[0].toLowerCase();
  const segments = pathname.split('/').filter(Boolean);
  const key = segments.join('/');
  let links = preloads.cache.get(key);
  if (links === undefined) {
    const page = preloads.pages.find((p) => p.segments.length === segments.length && p.segments.every((s, i) => s.startsWith(':') || s === segments[i]));
    links = page?.links ?? '';
    // Unknown paths (probes, typos) are not remembered: the cache holds the site's pages only.
    if (page && preloads.cache.size < MAX_CACHED) preloads.cache.set(key, links);
  }
  return links ? html.replace('</head>', `${links}</head>`) : html;
}
