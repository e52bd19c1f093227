import { Component, Suspense, startTransition, useEffect, useState, type ReactNode } from 'react';
import { afterNextPaint } from '../lib/after-paint';

/** A section whose code cannot load (offline, a chunk the phone's worker never kept) keeps its placeholder instead of failing the page. */
class KeepFallback extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn(error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Renders `fallback` for the first paint and `children` once the browser has painted a frame and is
 * idle (at most `timeout` ms later). For below-the-hero sections whose code should not delay the
 * first view: pair it with React.lazy children so their chunks are fetched only then. (The frame
 * comes first: on a busy phone an idle timeout alone could fire before anything was painted.)
 */
export function AfterFirstPaint({ children, fallback, timeout = 300 }: { children: ReactNode; fallback: ReactNode; timeout?: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
    let idle = 0;
    // A transition: the section renders in slices the browser can interrupt (a tap, a frame),
    // not in one long task (issue #16: a phone's total blocking time).
    const show = () => startTransition(() => setReady(true));
    const cancel = afterNextPaint(() => {
      if (w.requestIdleCallback) idle = w.requestIdleCallback(show, { timeout });
      else show();
    });
    return () => {
      cancel();
      if (idle) w.cancelIdleCallback?.(idle);
    };
  }, [timeout]);
  return ready ? (
    <KeepFallback fallback={fallback}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </KeepFallback>
  ) : (
    <>{fallback}</>
  );
}

/** The shimmering block a home section shows until its content arrives (about `rows` list rows tall). */
export const SectionPlaceholder = ({ rows }: { rows: number }) => <div className="home-placeholder" style={{ minHeight: rows * 56 }} aria-busy="true" />;
