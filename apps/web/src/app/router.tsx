import { Suspense, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { isMobileHome, loadMobileTable } from '@/mobile/routes/use-mobile-table';
import { lazyWithQueries } from '@/shared/api/with-queries';
import { AfterFirstPaint } from '@/shared/ui/after-first-paint';
import { PageSpinner } from '@/shared/ui/spinner';
import { lazyPage, preloadElement, preloadMatches, withPreload, type RouteModule } from './lazy-routes';
import { RouteErrorBoundary } from './layout/route-error';

// Every route of spec §2: here the three layouts (the console, the phone's site under /m, the
// desktop site), each a lazy module that routes its own pages (app/layout/desktop-routes.tsx,
// mobile/routes/table.tsx) — a first visit loads one site's table, not both. Titles are i18n keys
// in the layout namespace (meta descriptions in 'meta', see route-meta.ts). How routing works
// without React Router's data router: app/lazy-routes.tsx.

type LayoutModule = RouteModule & { preloadPage?: (pathname: string) => Promise<unknown> };

// System settings and the signed-in user's info (app-init.tsx), fetched once a layout and its first
// page have painted: beside the layout under its Suspense, it mounts only when the layout does.
const AppInit = lazyWithQueries(() => import('./app-init').then((m) => m.AppInit));
const appStart = (
  <AfterFirstPaint fallback={null}>
    <AppInit />
  </AfterFirstPaint>
);

/**
 * A layout: its own error state, a spinner while its module loads; preloading it preloads its page
 * too (`preloadPage`, default the layout module's own).
 */
function layout(load: () => Promise<LayoutModule>, options: { queries?: boolean; preloadPage?: (pathname: string) => Promise<unknown> } = {}): ReactNode {
  const page = lazyPage(load, options);
  const element = (
    <RouteErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        {page}
        {appStart}
      </Suspense>
    </RouteErrorBoundary>
  );
  const preloadPage = options.preloadPage ?? ((pathname: string) => load().then((m) => m.preloadPage?.(pathname)));
  return withPreload(element, (pathname) => Promise.all([preloadElement(page, pathname), preloadPage(pathname)]));
}

export const routes: RouteObject[] = [
  // The operator's console: its own layout and pages (features/console), one lazy chunk that the
  // public pages never load. Its pages are routed inside it, from its page registry.
  { path: `${paths.admin}/*`, element: layout(() => import('@/features/console/console-app')) },
  // The mobile site: its own layout, loaded only when visited (none of it loads on desktop pages).
  // Header, tab bar and the home paint without the QueryClient; every other page brings it.
  // Away from the home (which the layout routes itself), the page table and page load with it.
  {
    path: `${paths.mobile}/*`,
    element: layout(() => import('@/mobile/mobile-layout').then((m) => ({ Component: m.MobileLayout })), {
      queries: false,
      preloadPage: (pathname) => (isMobileHome(pathname) ? Promise.resolve() : loadMobileTable().then((t) => t.preloadPage(pathname))),
    }),
  },
  // The desktop layout is a lazy module too, so the mobile site's first load does not carry it.
  { path: '/*', element: layout(() => import('./layout/main-layout').then((m) => ({ Component: m.MainLayout, preloadPage: m.preloadPage }))) },
];

/** The layout of the current URL (which routes its page). */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the layout and page of a URL (main.tsx, while the texts load): the first render waits for
 * the texts and these, not for a chain of them, and renders the page at once.
 */
export function preloadRoute(pathname: string): Promise<void> {
  return preloadMatches(routes, pathname);
}
