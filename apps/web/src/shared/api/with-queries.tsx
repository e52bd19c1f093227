import type { ComponentType } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { preloadableLazy, type PreloadableLazy } from '../lib/preloadable-lazy';

// TanStack Query's core (the QueryClient and its caches, observers and retryer) is not part of the
// first load: the phone's home (/m) paints its hero, categories and section titles before any of it
// arrives (issue #16: 120 kB of JavaScript before the home shows), and what reads the server loads
// it along with its own code. Every component that calls a query hook is reached through
// `lazyWithQueries` (pages, layouts, dialogs, the home's sections), which loads its module and the
// client together and places it under the client's provider. (QueryClientProvider is a React
// context only; the client's module is the weight.)

let loading: Promise<QueryClient> | null = null;

/** The site's QueryClient, loaded once (the first caller starts it). */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(
    (m) => m.queryClient,
    (error: unknown) => {
      // Offline, say: the next caller tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * React.lazy for a component that reads the server: its module and the QueryClient load in
 * parallel, and it renders under the client's provider. `preload` loads both ahead (a page before
 * the first render: then it renders without suspending, see shared/lib/preloadable-lazy.ts).
 */
export function preloadableWithQueries<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableLazy<P> {
  return preloadableLazy(async () => {
    const [Component, qc] = await Promise.all([load(), loadQueryClient()]);
    return function WithQueries(props: P) {
      return (
        <QueryClientProvider client={qc}>
          <Component {...props} />
        </QueryClientProvider>
      );
    };
  });
}

/** React.lazy for a component that reads the server (see preloadableWithQueries). */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return preloadableWithQueries(load).Component;
}
