import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { IconCheck, IconDownload } from '@/shared/ui/icons';
import { isIosSafari, promptInstall, useInstall } from './install';
import '../locales';
import './install-card.css';

/**
 * "Add to home screen" on /m/downLoad and /downLoad: the browser's own install prompt where it
 * offers one (Chromium), the Share-menu steps on iOS Safari, and a plain note once installed. It
 * brings its own texts and styles, so the desktop site can place it too.
 */
export function InstallCard() {
  const { t } = useTranslation('mobile');
  const event = useInstall((s) => s.event);
  const installed = useInstall((s) => s.installed);
  const [busy, setBusy] = useState(false);
  return (
    <section className="card m-install" data-testid="m-install">
      <h2 className="m-install__title">
        <IconDownload size={18} /> {t('install.title')}
      </h2>
      {installed ? (
        <p className="m-install__done" data-testid="m-install-done">
          <IconCheck size={16} /> {t('install.done')}
        </p>
      ) : event ? (
        <>
          <p className="muted">{t('install.text')}</p>
          <Button
            loading={busy}
            onClick={async () => {
              setBusy(true);
              await promptInstall().finally(() => setBusy(false));
            }}
            data-testid="m-install-button"
          >
            {t('install.button')}
          </Button>
        </>
      ) : (
        <p className="muted" data-testid="m-install-hint">
          {isIosSafari() ? t('install.ios') : t('install.other')}
        </p>
      )}
    </section>
  );
}
