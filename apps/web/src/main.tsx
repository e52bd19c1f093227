import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hasMobilePage, toMobilePath } from '@/config/paths';
import { initI18n } from '@/shared/i18n';
import { isMobilePath, isNarrow, prefersDesktop } from '@/shared/lib/device';
import { listenForInstall } from './mobile/pwa/install';
import { AppProvider } from './app/provider';
import { startEarlyCalls } from './app/early-calls';
import { AppRoutes, preloadRoute } from './app/router';
import './styles/global.css';

// Spec §1: narrow screens start on the mobile site (its page of the same screen, same query); decide before the first paint.
if (isNarrow() && !prefersDesktop() && !isMobilePath(window.location.pathname) && hasMobilePage(window.location.pathname)) {
  window.history.replaceState(null, '', toMobilePath(window.location.pathname, window.location.search) + window.location.hash);
}

// Chromium offers "add to home screen" once, early in the page's life: keep it for /downLoad.
listenForInstall();

// A deploy may remove an old lazy chunk (spec §8 ChunkLoadError): reload once to pick up the new build.
// Offline (the mobile site's worker keeps only what was visited) a reload cannot help: the route shows its offline state.
window.addEventListener('vite:preloadError', (event) => {
  if (!navigator.onLine) return;
  const key = 'chunkReloadAt';
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last > 10_000) {
    sessionStorage.setItem(key, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  }
});

// The layout and page of this URL load alongside the texts rather than after them: two round trips
// fewer before the first paint on a phone's network (a failure is the router's to report later).
const route = preloadRoute(window.location.pathname);
startEarlyCalls(window.location.pathname, window.location.search);

// The texts of the current language and the page's code first (the static shell in index.html shows
// meanwhile), then the app renders the page at once: a spinner first would hold the page back
// (React's fallback throttle, shared/lib/preloadable-lazy.ts). A page slower than ROUTE_WAIT_MS
// renders behind the spinner as it arrives. The boot:* user-timing marks say when each part was
// ready (DevTools' timings lane; bench/live prints them for a live room).
const ROUTE_WAIT_MS = 3000;
void Promise.all([
  initI18n().then(() => performance.mark('boot:texts')),
  Promise.race([route.then(() => performance.mark('boot:route')), new Promise((resolve) => setTimeout(resolve, ROUTE_WAIT_MS))]),
]).then(() => {
  performance.mark('boot:render');
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProvider>
      </StrictMode>,
    ),
  );
});
