// What the mobile site's service worker (src/sw.ts) may keep, as plain predicates so they are
// unit-tested (sw-routes.test.ts). Everything else — API answers (scores, chat, wallet, orders),
// sockets, live and replay streams, uploads, the payment page — has no route and always goes to
// the network, so the site never shows yesterday's score or balance as today's.

/** Paths the worker keeps as it sees them; the shell itself is precached at install. */
export const SHELL_SCOPE = /^\/m(\/|$)/;

/** Build files: hashed names (assets/<name>-<hash>.<ext>) never change under their name. */
export function isBuildAsset(url: URL, origin: string): boolean {
  return url.origin === origin && /^\/assets\/[\w.-]+-[\w-]{8,}\.(js|css|woff2?|png|svg|webp|jpg)$/.test(url.pathname);
}

/** The site's public pictures and sounds (avatars, gift images, the whistle, the app icons). */
export function isPublicStatic(url: URL, origin: string): boolean {
  return url.origin === origin && /^\/(avatars|economy|sounds|icons)\/[\w./-]+\.(png|svg|webp|jpg|jpeg|gif|mp3|m4a|ogg|wav)$/.test(url.pathname) && !url.pathname.includes('..');
}

/** A page of the mobile site opened by the browser (a navigation), answered network first. */
export function isShellNavigation(request: { mode: string; method: string }, url: URL, origin: string): boolean {
  return request.mode === 'navigate' && request.method === 'GET' && url.origin === origin && SHELL_SCOPE.test(url.pathname);
}

/** How long a page may take on a weak connection before the cached shell opens instead (ms). */
export const NAVIGATION_TIMEOUT_MS = 4000;
