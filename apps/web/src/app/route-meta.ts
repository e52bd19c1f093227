import { useMatches } from 'react-router';

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

/** The handle of the deepest route that declares a title. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle as RouteHandle | undefined;
    if (h?.title) return h;
  }
  return {};
}
