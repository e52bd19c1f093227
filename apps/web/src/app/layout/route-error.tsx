import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';

/** A lazy chunk that no longer exists after a deploy (spec §8 ChunkLoadError). */
export function isChunkLoadError(err: unknown): boolean {
  const e = err as { name?: string; message?: string } | null;
  return !!e && (e.name === 'ChunkLoadError' || /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(e.message ?? ''));
}

export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation('layout');
  const chunk = isChunkLoadError(error);
  // Offline, a page whose code was never loaded cannot open (the mobile site's service worker keeps
  // only what was visited): say so rather than "a new version".
  const offline = chunk && typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <section className="page status-page" role="alert">
      <div className="status-page__code">{chunk ? '↻' : '!'}</div>
      <h1 className="status-page__title">{offline ? t('status.offlineTitle') : chunk ? t('status.chunkTitle') : t('status.errorTitle')}</h1>
      <p className="status-page__text">{offline ? t('status.offlineText') : chunk ? t('status.chunkText') : t('status.errorText')}</p>
      <Button onClick={() => window.location.reload()}>{t('status.reload')}</Button>
    </section>
  );
}

class Boundary extends Component<{ children: ReactNode; at: string }, { error: unknown; at: string }> {
  state = { error: null as unknown, at: this.props.at };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  // Another page is another chance: leaving the failed page clears the error (as a route's
  // errorElement did).
  static getDerivedStateFromProps(props: { at: string }, state: { error: unknown; at: string }) {
    return props.at === state.at ? null : { error: null, at: props.at };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
  }
  render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** A route's error state (a page that threw, a lazy chunk that failed to load), reset by navigating. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return <Boundary at={pathname + search}>{children}</Boundary>;
}
