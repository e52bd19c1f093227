import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { forgetSignedInData } from '@/shared/api/query-tags';

/** Logout (spec §4): sign-out call, user data cleared, token removed, dialog closed, go to /main. */
export function useLogout(home: string = paths.home) {
  const clear = useAuthStore((s) => s.clear);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // The sign-out call (its contract loads on demand) takes the token header as it starts, so
    // clearing right after it is sent is safe.
    try {
      const { signOut } = await import('../api/sign-out');
      signOut().catch((err) => console.warn('sign-out failed', err));
    } catch (err) {
      console.warn('sign-out failed', err);
    }
    clear();
    useLoginDialog.getState().close();
    // Everything that held this user's data goes; public answers with per-user flags refetch.
    forgetSignedInData(queryClient);
    navigate(home);
  }, [clear, queryClient, navigate, home]);
}
