import { use, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { afterNextPaint } from '@/shared/lib/after-paint';

// The phone site's page table (./table.tsx) with the preload lists of its ~30 lazy pages is about
// 3 kB of the first load; the home, where most visits start, is routed without it (the layout
// knows it) and the table comes after the first paint, ready for the first tap. Any other page
// waits for it (main.tsx's preloadRoute asks for it along with the layout).

type Table = typeof import('./table');
let table: Table | null = null;
let loading: Promise<Table> | null = null;

export function loadMobileTable(): Promise<Table> {
  loading ??= import('./table').then(
    (m) => (table = m),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export const isMobileHome = (pathname: string) => pathname === paths.mobile || pathname === `${paths.mobile}/`;

/** The table once loaded; on the home null until after the first paint, elsewhere it suspends until it is in. */
export function useMobileTable(): Table | null {
  const { pathname } = useLocation();
  const [loaded, setLoaded] = useState(table);
  const now = !loaded && !isMobileHome(pathname) ? use(loadMobileTable()) : null;
  useEffect(() => {
    if (loaded) return;
    let alive = true;
    const cancel = afterNextPaint(
      () =>
        void loadMobileTable().then(
          (m) => alive && setLoaded(m),
          () => undefined,
        ),
    );
    return () => {
      alive = false;
      cancel();
    };
  }, [loaded]);
  return loaded ?? now;
}
