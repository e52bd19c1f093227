import { lazy, useMemo, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { lazyWithQueries, loadQueryClient } from '@/shared/api/with-queries';
import { RouteErrorBoundary } from './layout/route-error';
import { deepestHandle, type RouteHandle } from './route-meta';

// The pieces of the route tables (app/router.tsx for the layouts, app/layout/desktop-routes.tsx and
// mobile/routes/table.tsx for the pages of each site, each loaded with its layout).
//
// React Router's declarative routing (<BrowserRouter> + useRoutes), not its data router: the site
// has no loaders or actions, and the data router's navigation state machine was a sixth of the
// framework chunk every first visit downloads (the phone's budget is 120 kB of JavaScript, #16).
// What the data router gave is here instead: lazy pages (React.lazy, under the layouts' Suspense),
// each route's `handle` (RouteHandleContext, provided by the layouts), error states
// (RouteErrorBoundary) and app/scroll-restoration.tsx.

export type RouteModule = { Component: ComponentType };

/** How to start loading a route's element before it renders (see preloadMatches). */
const preloaders = new WeakMap<object, (pathname: string) => Promise<unknown>>();

/**
 * A route's page: its module loads the first time the route is shown, with the QueryClient
 * (shared/api/with-queries.tsx) unless it paints without reading the server itself.
 */
export function lazyPage(load: () => Promise<RouteModule>, { queries = true }: { queries?: boolean } = {}): ReactNode {
  const Page = queries ? lazyWithQueries(() => load().then((m) => m.Component)) : lazy(() => load().then((m) => ({ default: m.Component })));
  const element = <Page />;
  preloaders.set(element, queries ? () => Promise.all([load(), loadQueryClient()]) : load);
  return element;
}

/** An element whose preloading is done by `preload` (a layout: its module, then its page). */
export function withPreload(element: ReactNode, preload: (pathname: string) => Promise<unknown>): ReactNode {
  preloaders.set(element as object, preload);
  return element;
}

/** Starts loading what these routes render at `pathname` (a failure is the router's to report later). */
export function preloadMatches(routes: RouteObject[], pathname: string, basename?: string) {
  for (const m of matchRoutes(routes, pathname, basename) ?? []) {
    const element = m.route.element;
    if (element && typeof element === 'object')
      void preloaders
        .get(element)?.(pathname)
        .catch(() => undefined);
  }
}

/**
 * A layout's page for the current URL (inside its error boundary) and the handle of its route
 * (title, tab), from the layout's own table: `basename` is where the layout is mounted.
 */
export function usePageRoutes(routes: RouteObject[], basename: string): { page: ReactNode; handle: RouteHandle } {
  const location = useLocation();
  const page = useRoutes(routes, location);
  const handle = useMemo(() => deepestHandle(matchRoutes(routes, location, basename)), [routes, location, basename]);
  return { page: <RouteErrorBoundary>{page}</RouteErrorBoundary>, handle };
}
