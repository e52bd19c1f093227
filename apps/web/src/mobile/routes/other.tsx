import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toDesktopPath } from '@/config/paths';
import { setPreferDesktop } from '@/shared/lib/device';
import { EmptyState } from '@/shared/ui/empty-state';

/** Any other mobile path: not on the mobile site yet; offers the desktop page of the same path. */
export function Component() {
  const { t } = useTranslation('mobile');
  const { pathname, search } = useLocation();
  const name = new URLSearchParams(search).get('name');
  const open = () => {
    setPreferDesktop(true);
    window.location.assign(toDesktopPath(pathname, search));
  };
  return (
    <div className="m-page">
      <EmptyState
        title={name ? t('searchFor', { name }) : t('otherTitle')}
        text={t('otherText')}
        action={
          <button type="button" className="btn btn--primary btn--md" onClick={open} data-testid="open-desktop-page">
            {t('openDesktop')}
          </button>
        }
      />
    </div>
  );
}
