/// <reference lib="webworker" />
// The mobile site's service worker (registered by src/mobile/pwa/register-sw.ts, scope /m), built
// by vite-plugin-pwa (injectManifest). It keeps the app shell and the static files a visit used, so
// the site opens offline; it never stores API answers (scores, chat, money), sockets or streams:
// what it may keep is decided by mobile/pwa/sw-routes.ts (unit-tested); all else goes to the network.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { NAVIGATION_TIMEOUT_MS, isBuildAsset, isPublicStatic, isShellNavigation } from './mobile/pwa/sw-routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Updates, deliberately: a new worker (a deploy) activates at once and takes the open pages. That is
// safe here because pages are always asked from the network first (below), hashed files of the old
// build stay in the runtime cache until they expire, and a chunk that is gone makes the page reload
// once (main.tsx, vite:preloadError). The next open is therefore the new build, never a stale shell.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// The shell: index.html, the stylesheets, the icons (the list is written in at build time).
precacheAndRoute(self.__WB_MANIFEST);

const origin = self.location.origin;
const DAY = 24 * 3600;

// Hashed build files. The page also sends the ones it loaded before this worker took control
// (workbox's CACHE_URLS message, see register-sw.ts), so the first visit is enough to open offline.
registerRoute(({ url }) => isBuildAsset(url, origin), new CacheFirst({ cacheName: 'assets', plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * DAY })] }));

// Public pictures and sounds of the site (avatars, gift images, the whistle, icons).
registerRoute(({ url }) => isPublicStatic(url, origin), new CacheFirst({ cacheName: 'static', plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY })] }));

const shell = async () => (await matchPrecache('/index.html')) ?? Response.error();

// Pages of the mobile site: the network first (a deploy is seen at once); offline, or when a weak
// connection has not answered in a few seconds, the cached shell, whose pages then say they are offline.
registerRoute(
  ({ request, url }) => isShellNavigation(request, url, origin),
  async ({ request }) => {
    const network = fetch(request);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), NAVIGATION_TIMEOUT_MS)));
    try {
      const first = await Promise.race([network, slow]);
      return first === 'slow' ? await shell() : first;
    } catch {
      return shell();
    } finally {
      clearTimeout(timer);
    }
  },
);
