import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';

/** A lazy chunk that no longer exists after a deploy (spec §8 ChunkLoadError). */
export function isChunkLoadError(err: unknown): boolean {
  const e = err as { name?: string; message?: string } | null;
  return !!e && (e.name === 'ChunkLoadError' || /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(e.message ?? ''));
}

export function RouteError() {
  const err = useRouteError();
  const { t } = useTranslation('layout');
  const chunk = isChunkLoadError(err);
  // Offline, a page whose code was never loaded cannot open (the mobile site's service worker keeps
  // only what was visited): say so rather than "a new version".
  const offline = chunk && typeof navigator !== 'undefined' && !navigator.onLine;
  console.error(err);
  const detail = isRouteErrorResponse(err) ? `${err.status} ${err.statusText}` : null;
  return (
    <section className="page status-page" role="alert">
      <div className="status-page__code">{chunk ? '↻' : '!'}</div>
      <h1 className="status-page__title">{offline ? t('status.offlineTitle') : chunk ? t('status.chunkTitle') : t('status.errorTitle')}</h1>
      <p className="status-page__text">{offline ? t('status.offlineText') : chunk ? t('status.chunkText') : (detail ?? t('status.errorText'))}</p>
      <Button onClick={() => window.location.reload()}>{t('status.reload')}</Button>
    </section>
  );
}
