import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { userInfoQueryOptions } from '@/features/auth/api/get-user-info';
import { systemQueryOptions } from '@/features/system/api/get-system';
import { syncAuthFromCookie, useAuthStore } from '@/shared/stores/auth';
import { useAppStore } from '@/shared/stores/app';

/**
 * App start (spec §4): system settings are fetched; a logged-in visitor's user info is refreshed.
 * (The upload token is fetched when an upload needs it, not here.)
 */
export function AppInit() {
  const islogin = useAuthStore((s) => s.islogin);
  const setUser = useAuthStore((s) => s.setUser);
  const setSystem = useAppStore((s) => s.setSystem);
  const system = useQuery(systemQueryOptions());
  const user = useQuery({ ...userInfoQueryOptions(), enabled: islogin });

  useEffect(() => {
    if (system.data) setSystem(system.data);
  }, [system.data, setSystem]);

  useEffect(() => {
    if (user.data && useAuthStore.getState().islogin) setUser(user.data);
  }, [user.data, setUser]);

  // Another tab may log out: follow the cookie when this tab comes back.
  useEffect(() => {
    const onFocus = () => syncAuthFromCookie();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);

  return null;
}
