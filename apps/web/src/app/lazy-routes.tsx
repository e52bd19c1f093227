import { useMemo, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { preloadableWithQueries } from '@/shared/api/with-queries';
import { preloadableLazy } from '@/shared/lib/preloadable-lazy';
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
 * (shared/api/with-queries.tsx) unless it paints without reading the server itself. Preloaded
 * (preloadMatches, before the first render), it renders at once instead of suspending.
 */
export function lazyPage(load: () => Promise<RouteModule>, { queries = true }: { queries?: boolean } = {}): ReactNode {
  const component = () => load().then((m) => m.Component);
  const { Component: Page, preload } = queries ? preloadableWithQueries(component) : preloadableLazy(component);
  const element = <Page />;
  preloaders.set(element, preload);
  return element;
}

/** An element whose preloading is done by `preload` (a layout: its module, then its page). */
export function withPreload(element: ReactNode, preload: (pathname: string) => Promise<unknown>): ReactNode {
  preloaders.set(element as object, preload);
  return element;
}

/** Loads what an element renders at `pathname`, when it was made by lazyPage or withPreload. */
export function preloadElement(element: ReactNode, pathname: string): Promise<unknown> {
  return (element && typeof element === 'object' && preloaders.get(element)?.(pathname)) || Promise.resolve();
}

/**
 * Loads what these routes render at `pathname`; resolves when it has loaded (or failed: a failure
 * is the router's to report when it renders).
 */
export function preloadMatches(routes: RouteObject[], pathname: string, basename?: string): Promise<void> {
  const loads = (matchRoutes(routes, pathname, basename) ?? []).map((m) => preloadElement(m.route.element, pathname).catch(() => undefined));
  return Promise.all(loads).then(() => undefined);
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
