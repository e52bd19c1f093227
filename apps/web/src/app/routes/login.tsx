import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ownPath } from '@livesports/contracts/return-path';
import { paths } from '@/config/paths';
import { HomePage } from '@/features/home/pages/home';
import { HotSearches } from '@/features/search/components/hot-searches';
import { lastLocation } from '@/shared/lib/last-location';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';

// /login: the login dialog over the home page. After login the person goes back to ?redirect=,
// else to the page they came from, else /main. Closing the dialog leaves for /main.
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const islogin = useAuthStore((s) => s.islogin);
  const open = useLoginDialog((s) => s.open);
  const wasOpen = useRef(false);

  useEffect(() => {
    const target = ownPath(params.get('redirect')) ?? lastLocation() ?? paths.home;
    if (islogin) {
      navigate(target, { replace: true });
      return;
    }
    // An invite link (/login?invite=CODE) opens sign-up with the code filled in.
    const invite = params.get('invite')?.trim().slice(0, 32);
    useLoginDialog.getState().openLogin(invite ? 'register' : 'login', target, invite || undefined);
    // Only on arrival: later changes are handled by the dialog itself.
  }, []);

  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current && window.location.pathname === paths.login) navigate(paths.home, { replace: true });
  }, [open, navigate]);

  return <HomePage aside={<HotSearches />} />;
}
