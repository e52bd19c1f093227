import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const subscribe = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};

/** Whether the browser says it is online. */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

/**
 * The offline state: the app shell opened from the service worker's cache, but scores, chat and
 * money need the network; this says so plainly instead of leaving empty lists unexplained.
 */
export function OfflineBanner() {
  const { t } = useTranslation('mobile');
  const online = useOnline();
  if (online) return null;
  return (
    <div className="m-offline" role="status" data-testid="m-offline">
      <strong>{t('offline.title')}</strong>
      <span>{t('offline.text')}</span>
    </div>
  );
}
