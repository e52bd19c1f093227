import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../locales';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import type { ReportInput } from '../api/report';

// The dialog (Radix, the reasons, the report call and its schema) loads when a reader opens it: a
// headline shows this button on its first screen, and the dialog's code is most of a headline's.
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

/** "Report" for a post, comment or headline: asks a guest to log in, else opens the reasons. */
export function ReportButton({ target, testId }: { target: Pick<ReportInput, 'type' | 'id'>; testId?: string }) {
  const { t } = useTranslation('circle');
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-btn" onClick={() => (islogin ? setOpen(true) : openLogin('login'))} data-testid={testId}>
        {t('report.action')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
