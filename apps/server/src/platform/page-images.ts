import fp from 'fastify-plugin';
import type { Lang } from '@livesports/contracts/messages';

/**
 * The picture a page shows largest when it first renders, for a page URL's query: a live room's
 * poster, a headline's cover, the home's first live room. '' when there is none.
 */
export type PageImageSource = (query: URLSearchParams, lang: Lang) => Promise<string>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Page path without slashes at either end ('live', 'm/detail', '' for the site root) → where its
     * main picture comes from. Modules add theirs; the web plugin names the picture in that page's
     * HTML (platform/web.ts).
     */
    pageImages: Map<string, PageImageSource>;
  }
}

/**
 * Why: a page's largest picture (its Largest Contentful Paint) is only asked for once the page's
 * scripts have run and its data arrived: on a phone that was 2.4–2.8 s of waiting (issue #16,
 * Lighthouse's "load delay"). Named in the HTML, it downloads with the scripts and is in the cache
 * when React puts the <img> in the page.
 */
export const pageImagesPlugin = fp(
  async (app) => {
    app.decorate('pageImages', new Map<string, PageImageSource>());
  },
  { name: 'page-images', fastify: '5.x' },
);

/** Pictures the site itself serves (uploads, live stills, avatars), or an https address; nothing that could break out of an attribute. */
const SAFE_IMAGE = /^(\/\w[\w./-]*(\?[\w=&.-]*)?|https:\/\/[\w.-]+(:\d+)?\/[\w./%~+-]*(\?[\w=&.%~+-]*)?)$/;

/** The address as an attribute value, or null when it is not one to name. */
const attribute = (url: string) => (url && url.length <= 500 && SAFE_IMAGE.test(url) ? url.replaceAll('&', '&amp;') : null);

/** The page's `id` as its page reads it (a room, a headline): a positive integer, else null. */
export function pageId(query: URLSearchParams): number | null {
  const id = query.get('id') ?? '';
  return /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}

/** The <link> that asks for a page's main picture early, or '' when the address is not one to name. */
export function imagePreloadLink(url: string): string {
  const href = attribute(url);
  return href ? `<link rel="preload" as="image" fetchpriority="high" href="${href}">` : '';
}

/** How long the HTML may wait for a page's picture (a cached read; a cold one is not worth the wait). */
export const PAGE_IMAGE_WAIT_MS = 80;

/** The page's picture, or '' when it has none, fails, or takes longer than PAGE_IMAGE_WAIT_MS. */
export async function pageImage(sources: Map<string, PageImageSource>, path: string, query: URLSearchParams, lang: Lang): Promise<string> {
  const source = sources.get(path);
  if (!source) return '';
  let timer: NodeJS.Timeout | undefined;
  try {
    const waited = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(''), PAGE_IMAGE_WAIT_MS);
    });
    return await Promise.race([source(query, lang).catch(() => ''), waited]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Pages whose picture is the first thing on a phone's screen, full width: a phone's live room
 * (its player, 16:9 at the top). Their HTML shows that picture before any script
 * (`posterShell`), where the player will be; the app replaces it when it renders. The picture a
 * viewer sees at once is the room's own still, and the page's largest paint happens at its first.
 */
const POSTER_PAGES = new Set(['m/live']);

/** The page's HTML with its picture in the first paint (index.html's `.boot-poster` style), when the page is one of POSTER_PAGES. */
export function posterShell(html: string, path: string, url: string): string {
  const src = POSTER_PAGES.has(path) ? attribute(url) : null;
  return src ? html.replace('<div id="root">', `<div id="root" class="boot-room"><img class="boot-poster" alt="" fetchpriority="high" src="${src}">`) : html;
}
