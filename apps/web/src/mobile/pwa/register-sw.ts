// The mobile site's service worker (apps/web/src/sw.ts, built by vite-plugin-pwa): registered by the
// mobile layout only, for pages under /m. Not in development (Vite serves no worker there).
export const SW_URL = '/sw.js';
export const SW_SCOPE = '/m';

/**
 * The files this visit loaded before the worker took control (the first visit's scripts, styles,
 * pictures): handed to the worker to keep (workbox's CACHE_URLS message), so the shell opens
 * offline after one visit. API answers are never among them (the worker has no route for them).
 */
function warmCache(worker: ServiceWorker) {
  const here = window.location.origin;
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => u.startsWith(here) && /^\/(assets|avatars|economy|sounds|icons)\//.test(new URL(u).pathname));
  worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [...new Set(urls)] } });
}

export function registerServiceWorker() {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const go = async () => {
    try {
      await navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE, updateViaCache: 'none' });
      const ready = await navigator.serviceWorker.ready;
      if (ready.active) warmCache(ready.active);
    } catch {
      /* no worker (private mode, old browser): the site works online as before */
    }
  };
  // After the page has loaded: installing the worker must not compete with the first paint.
  if (document.readyState === 'complete') void go();
  else window.addEventListener('load', () => void go(), { once: true });
}
