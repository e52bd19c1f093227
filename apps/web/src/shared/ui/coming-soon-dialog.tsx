import { useTranslation } from 'react-i18next';
import { useComingSoon } from '../stores/coming-soon';
import { Button } from './button';
import { Dialog } from './dialog';
import { IconBuild } from './icons';

/** The spec's under-development dialog ('开发中...'). */
export function ComingSoonDialog() {
  const open = useComingSoon((s) => s.open);
  const hide = useComingSoon((s) => s.hide);
  const { t } = useTranslation('common');
  return (
    <Dialog open={open} onOpenChange={(o) => !o && hide()} title={t('comingSoon.title')} width={360} testId="coming-soon-dialog" closeLabel={t('close')}>
      <div className="coming-soon-dialog">
        <IconBuild size={36} />
        <p>{t('underDevelopment')}</p>
        <Button onClick={hide}>{t('ok')}</Button>
      </div>
    </Dialog>
  );
}
