import { lazy, type ComponentType } from 'react';

// React.lazy suspends on its first render even when its module arrived long ago (it learns so only
// a microtask later). A suspended first render commits the fallback, and React then holds the
// content back until 300 ms after that fallback (its fallback throttle, once per nested boundary):
// a live room whose scripts had all arrived appeared 300–550 ms later (issue #19). A page's layout
// and page are preloaded before the first render (main.tsx); with this they render at once.

export interface PreloadableLazy<P extends object> {
  Component: ComponentType<P>;
  /** Loads the component (once; again after a failure). Once it has loaded, the component renders without suspending. */
  preload(): Promise<ComponentType<P>>;
}

export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableLazy<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Component = lazy(() => {
    const ready = loaded;
    // React.lazy reads a thenable that answers at once synchronously (react's lazyInitializer).
    if (ready) return { then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve({ default: ready }) } as Promise<{ default: ComponentType<P> }>;
    return preload().then((component) => ({ default: component }));
  });
  return { Component: Component as unknown as ComponentType<P>, preload };
}
