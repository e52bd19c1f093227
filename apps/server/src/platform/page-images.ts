import fp from 'fastify-plugin';
import type { Lang } from '@livesports/contracts/messages';
import { escapeHtml } from './html.ts';

/** A page's largest picture, and the title shown above it where the page has one (a headline's). */
export interface PagePicture {
  src: string;
  title?: string;
  /**
   * The page shows what matters without its scripts (a headline; an offline room, whose cover
   * stands behind its panel): on a page with a shell, its files are asked for behind the picture.
   * Not a live room: its stream needs them.
   */
  quiet?: boolean;
}

/**
 * The picture a page shows largest when it first renders, for a page URL's query: a live room's
 * poster, a headline's cover, the home's first live room. null when there is none.
 */
export type PageImageSource = (query: URLSearchParams, lang: Lang) => Promise<PagePicture | null>;

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

/** The page's picture, or null when it has none, fails, or takes longer than PAGE_IMAGE_WAIT_MS. */
export async function pageImage(sources: Map<string, PageImageSource>, path: string, query: URLSearchParams, lang: Lang): Promise<PagePicture | null> {
  const source = sources.get(path);
  if (!source) return null;
  let timer: NodeJS.Timeout | undefined;
  try {
    const waited = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), PAGE_IMAGE_WAIT_MS);
    });
    return await Promise.race([source(query, lang).catch(() => null), waited]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Pages whose picture is among the first things on a phone's screen get it in their HTML, before
 * any script, where the app will show it; the app replaces it when it renders. The viewer sees the
 * picture at once, and the page's largest paint is its first (the app's own copy is no larger).
 * - a phone's live room: its still where the player will be (16:9, the top of the page); offline,
 *   its cover, dimmed, where the offline panel shows it;
 * - a phone's headline: its title and cover in the article's card, as the app lays them out
 *   (index.html's `.boot-article` style, the app's card below 500 px; its cover 1 px wider on
 *   each side, since the app's copy a fraction of a pixel larger would count as a new, later
 *   largest paint).
 * When all a viewer first looks at is then in the HTML (`quiet`), the page's scripts and styles
 * are asked for at low priority: on a slow link the picture does not share it with 250 kB of scripts.
 */
const SHELLS: Partial<Record<string, (src: string, picture: PagePicture) => { className: string; html: string }>> = {
  'm/live': (src, { quiet }) => ({ className: quiet ? 'boot-room boot-room--offline' : 'boot-room', html: `<img class="boot-poster" alt="" fetchpriority="high" src="${src}">` }),
  'm/detail': (src, { title }) => ({
    className: 'boot-article',
    html: `<div class="boot-article__card" aria-hidden="true"><h1>${escapeHtml(title ?? '')}</h1><img alt="" fetchpriority="high" src="${src}"></div>`,
  }),
};

/** Where index.html's #root takes a page's first picture (after the header bar). */
const SHELL_MARK = /<!--page-shell[^>]*-->/;

/**
 * The page's HTML with its picture in the first paint (index.html's boot styles), when the page is
 * one of SHELLS; `quiet` when its scripts may wait behind that picture.
 */
export function posterShell(html: string, path: string, picture: PagePicture | null): { html: string; quiet: boolean } {
  const shell = SHELLS[path];
  const src = picture && attribute(picture.src);
  if (!shell || !picture || !src) return { html, quiet: false };
  const { className, html: content } = shell(src, picture);
  return { html: html.replace('<div id="root">', `<div id="root" class="${className}">`).replace(SHELL_MARK, () => content), quiet: picture.quiet === true };
}
