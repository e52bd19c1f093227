import fs from 'node:fs';
import { articleDetail } from '@livesports/contracts/content';
import { getRoomInfo } from '@livesports/contracts/live';
import { pageId } from './page-images.ts';

interface Page {
  /** The URL pattern ('/live', '/m/score-live/:id') split into segments. */
  segments: string[];
  /** Its scripts and styles, as <link> tags. */
  links: string;
  /**
   * The same at low priority and without the files that only start a stream early, for a page
   * whose HTML shows what matters first (`quiet`: a headline, an offline room).
   */
  quietLinks: string;
  /** Its texts, per language, as <link> tags. */
  texts: Record<string, string>;
}

/** Each page of the site and the files it needs (the web build's route-preloads.json). */
export interface PagePreloads {
  pages: Page[];
  cache: Map<string, string>;
}

const safe = (f: string) => /^[\w./-]+$/.test(f);
// Scripts as module preloads (fetched and parsed, run when imported); styles as preloads, which
// the page's own import turns into a stylesheet without blocking the first paint meanwhile. Both
// `crossorigin`: Vite's loader adds its <link rel="stylesheet"> with crossorigin, and a preload in
// another credentials mode is not reused (Chromium fetched each style twice and warned).
// High priority (the default), except on a page whose first paint is in its HTML (`quiet`,
// page-images.ts): Chromium then holds them back while the page loads, and most pages need every
// one of them before they render.
const toLinks = (files: string[]) =>
  files
    .filter(safe)
    .map((f) => (f.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="/${f}">` : `<link rel="modulepreload" crossorigin href="/${f}">`))
    .join('');

/** The same links asked for at low priority: behind the page's picture, which its HTML already shows. */
const quietly = (links: string) =>
  links.replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ').replaceAll('<link rel="preload" as="style" ', '<link rel="preload" as="style" fetchpriority="low" ');

/**
 * Reads the web build's route-preloads.json: for each page of the site, the JavaScript and CSS it
 * loads (its layout, page and their imports) and its texts in each language. A missing or
 * unreadable file means no preloads, never a failed page.
 */
export function readPagePreloads(file: string): PagePreloads | null {
  try {
    const {
      routes,
      texts = {},
      streams = {},
    } = JSON.parse(fs.readFileSync(file, 'utf8')) as { routes: Record<string, string[]>; texts?: Record<string, Record<string, string[]>>; streams?: Record<string, string[]> };
    const pages = Object.entries(routes).map(([pattern, files]) => ({
      segments: pattern.toLowerCase().split('/').filter(Boolean),
      links: toLinks(files),
      quietLinks: quietly(toLinks(files.filter((f) => !streams[pattern]?.includes(f)))),
      texts: Object.fromEntries(Object.entries(texts[pattern] ?? {}).map(([lang, list]) => [lang, toLinks(list)])),
    }));
    return { pages, cache: new Map() };
  } catch {
    return null;
  }
}

const MAX_CACHED = 500;

/**
 * The answer a page waits on before it can show its main content, fetched with the HTML: a live
 * room's play URLs (desktop and phone). The app's early call (apps/web/src/app/early-calls.ts)
 * asks for the same URL the same way and gets this answer, so the room's picture does not wait
 * for a free connection behind the page's scripts; a headline's article. The id as the page reads it: a positive integer.
 */
export function earlyFetch(segments: string[], url: string): string {
  const call = EARLY_CALLS[segments.join('/')];
  if (!call) return '';
  const id = pageId(new URLSearchParams(url.split('?')[1]?.split('#')[0] ?? ''));
  return id ? `<link rel="preload" as="fetch" crossorigin href="/${call(id)}">` : '';
}

/** Page path → its early call for an id, as the app asks for it (apps/web/src/app/early-calls.ts). */
const EARLY_CALLS: Record<string, (id: number) => string> = {
  live: (id) => `${getRoomInfo.path}?room_id=${id}`,
  'm/live': (id) => `${getRoomInfo.path}?room_id=${id}`,
  // A headline's text and cover.
  detail: (id) => `${articleDetail.path}?id=${id}`,
  'm/detail': (id) => `${articleDetail.path}?id=${id}`,
};

/**
 * The index.html for a URL with its page's files named in <head>, texts in `lang` (the reader's
 * language as the API decides it: the `lang` cookie the app keeps, else Accept-Language). The
 * URL's path only; case ignored, as React Router does. `image`: the <link> of its main picture, if
 * any; `quiet`: the page shows it before any script (page-images.ts), so its files may come later.
 */
export function withPreloads(html: string, preloads: PagePreloads | null, url: string, lang: string, { image = '', quiet = false } = {}): string {
  const pathname = url.split(/[?#]/, 1)[0].toLowerCase();
  const segments = pathname.split('/').filter(Boolean);
  const key = `${lang} ${quiet ? 'quiet ' : ''}${segments.join('/')}`;
  let links = preloads ? preloads.cache.get(key) : '';
  if (links === undefined && preloads) {
    const page = preloads.pages.find((p) => p.segments.length === segments.length && p.segments.every((s, i) => s.startsWith(':') || s === segments[i]));
    const texts = page?.texts[lang] ?? '';
    links = page ? (quiet ? page.quietLinks + quietly(texts) : page.links + texts) : '';
    // Unknown paths (probes, typos) are not remembered: the cache holds the site's pages only.
    if (page && preloads.cache.size < MAX_CACHED) preloads.cache.set(key, links);
  }
  // The early answer first in <head>, then the page's main picture (platform/page-images.ts):
  // their requests go out before the scripts take the connections.
  const early = earlyFetch(segments, url) + image;
  const withEarly = early ? html.replace('<head>', `<head>${early}`) : html;
  return links ? withEarly.replace('</head>', `${links}</head>`) : withEarly;
}
