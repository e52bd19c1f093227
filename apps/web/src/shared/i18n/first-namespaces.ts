/**
 * Namespaces the first page needs, loaded for the current language only before the first render
 * (shared/i18n/index.ts); also read by the build (build/route-preloads.ts) to name them in each
 * page's index.html. The desktop's header holds the search box; the phone's site (/m) has its own
 * texts instead.
 */
export const FIRST_NAMESPACES = { desktop: ['common', 'layout', 'home', 'search'], mobile: ['common', 'layout', 'home', 'mobile'] } as const;

/** A locale file's path: its language and namespace (`…/locales/en/live.json`). */
export const LOCALE_FILE = /locales\/([a-z]{2})\/([\w-]+)\.json$/;
