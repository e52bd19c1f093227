import { Suspense, useState } from 'react';
import { lazyWithQueries } from '@/shared/api/with-queries';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { SliderCaptcha } from '../captcha';

const LoginDialog = lazyWithQueries(() => import('@/features/auth/components/login-dialog').then((m) => m.LoginDialog));

/** Loads the login dialog (and its form validation) the first time it is opened. */
export function LoginDialogHost({ variant = 'modal', fallback }: { variant?: 'modal' | 'sheet'; fallback?: string }) {
  const open = useLoginDialog((s) => s.open);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog Captcha={SliderCaptcha} variant={variant} fallback={fallback} />
    </Suspense>
  );
}
