import { useSyncExternalStore } from 'react';

/** Spec §1/§9: the mobile layout applies below 992 px; below 500 px the mobile site takes over. */
export const MOBILE_LAYOUT_MAX = 991.98;

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', cb);
      return () => mql.removeEventListener('change', cb);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const useIsCompact = () => useMediaQuery(`(max-width: ${MOBILE_LAYOUT_MAX}px)`);
