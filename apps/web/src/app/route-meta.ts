import { createContext, useContext } from 'react';

/** What each route declares in its `handle`: the i18n key of its title (namespace layout). */
export interface RouteHandle {
  title?: string;
  /** A short text under the coming-soon title saying what the page will hold. */
  hint?: string;
  /** Mobile site: the bottom tab the page belongs to. */
  tab?: 'home' | 'live' | 'scores' | 'news' | 'me';
  /** Mobile site: the page takes the whole screen (live room): no header, no tab bar. */
  immersive?: boolean;
}

/** The handle of the deepest matched route that declares a title (provided by app/router.tsx). */
export const RouteHandleContext = createContext<RouteHandle>({});

export function useRouteHandle(): RouteHandle {
  return useContext(RouteHandleContext);
}

/** The handle of the deepest route that declares a title, from the router's matches. */
export function deepestHandle(matches: ReadonlyArray<{ route: { handle?: unknown } }> | null): RouteHandle {
  for (let i = (matches?.length ?? 0) - 1; i >= 0; i--) {
    const h = matches![i].route.handle as RouteHandle | undefined;
    if (h?.title) return h;
  }
  return {};
}

/**
 * The keys (namespace 'meta', shared/i18n/meta.ts) of a route's meta description: its own (the
 * route of its title key `routes.<route>`) when it has one, else the site's.
 */
export function descriptionKeys(handle: RouteHandle): string[] {
  const route = handle.title?.replace(/^routes\./, '');
  return route ? [route, 'default'] : ['default'];
}
