/// <reference lib="webworker" />
// The mobile site's service worker (registered by src/mobile/pwa/register-sw.ts, scope /m), built
// by vite-plugin-pwa (injectManifest). It keeps the app shell and the static files a visit used, so
// the site opens offline; it never stores API answers (scores, chat, money), sockets or streams:
// those have no route here and always go to the network.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// A new build takes over at once (its precache replaces the old shell), so the next open is the new
// site: pages come from the network first anyway, the cached shell only when offline.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// The shell: index.html, the stylesheets, the icons (the list is written in at build time).
precacheAndRoute(self.__WB_MANIFEST);

const sameSite = (url: URL) => url.origin === self.location.origin;
const DAY = 24 * 3600;

// Hashed build files never change under their name. The page also sends the ones it loaded before
// this worker took control (workbox's CACHE_URLS message), so the first visit is enough.
registerRoute(
  ({ url }) => sameSite(url) && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'assets', plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * DAY })] }),
);

// Public pictures and sounds of the site (avatars, gift images, the whistle, icons).
registerRoute(
  ({ url }) => sameSite(url) && /^\/(avatars|economy|sounds|icons)\//.test(url.pathname),
  new CacheFirst({ cacheName: 'static', plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY })] }),
);

// Pages of the mobile site: the network first (a deploy is seen at once); offline, the cached shell,
// whose pages then say they are offline.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { allowlist: [/^\/m(\/|$)/] },
  ),
);
