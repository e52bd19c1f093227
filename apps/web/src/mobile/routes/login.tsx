import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { MobileHome } from '../mobile-home';

// /m/login: the login sheet over the mobile home; after login or closing, back to /m.
export function Component() {
  const navigate = useNavigate();
  const open = useLoginDialog((s) => s.open);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (useAuthStore.getState().islogin) navigate(paths.mobile, { replace: true });
    else useLoginDialog.getState().openLogin('login', paths.mobile);
  }, [navigate]);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current && window.location.pathname === paths.mobileLogin) navigate(paths.mobile, { replace: true });
  }, [open, navigate]);
  return <MobileHome />;
}
