import { useMatches } from 'react-router';

/** What each route declares in its `handle`: the i18n key of its title (namespace layout). */
export interface RouteHandle {
  title?: string;
  /** A short text under the coming-soon title saying what the page will hold. */
  hint?: string;
}

/** The title key of the deepest route that declares one. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle as RouteHandle | undefined;
    if (h?.title) return h;
  }
  return {};
}
