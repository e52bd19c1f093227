import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `fallback` for the first paint and `children` once the browser is idle (at most
 * `timeout` ms later). For below-the-hero sections whose code should not delay the first view:
 * pair it with React.lazy children so their chunks are fetched only then.
 */
export function AfterFirstPaint({ children, fallback, timeout = 300 }: { children: ReactNode; fallback: ReactNode; timeout?: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => setReady(true), { timeout });
      return () => w.cancelIdleCallback?.(id);
    }
    const id = window.setTimeout(() => setReady(true), 50);
    return () => window.clearTimeout(id);
  }, [timeout]);
  return ready ? <Suspense fallback={fallback}>{children}</Suspense> : <>{fallback}</>;
}

/** The shimmering block a home section shows until its content arrives (about `rows` list rows tall). */
export const SectionPlaceholder = ({ rows }: { rows: number }) => <div className="home-placeholder" style={{ minHeight: rows * 56 }} aria-busy="true" />;
