import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import '@/shared/i18n/messages';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { toast } from '@/shared/stores/toast';
import { ownPath } from '@livesports/contracts/return-path';
import type { LoginAnswer } from '../api/login';

const NOT_A_TARGET = [paths.login, paths.loginWithTwitter, paths.mobileLogin];

/** A safe in-site path to go to after login (never back to a login page). */
export function loginTarget(redirect: string | undefined, fallback: string = paths.home): string {
  // Only a path of this site (`/\evil.example`, `/%5Cevil` and the like leave it: ownPath refuses them).
  const own = ownPath(redirect);
  if (!own) return fallback;
  const path = own.split(/[?#]/)[0];
  if (NOT_A_TARGET.some((p) => path.toLowerCase() === p.toLowerCase())) return fallback;
  return own;
}

/**
 * After any successful login (spec §4): store token and user, close the dialog, toast the server's
 * message, then go back to the saved pre-login URL — or reload when the person is in a live room.
 */
export function useCompleteLogin() {
  const setLogin = useAuthStore((s) => s.setLogin);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();

  return useCallback(
    (data: LoginAnswer, msg: string, redirect?: string, fallback?: string) => {
      setLogin(data);
      useLoginDialog.getState().close();
      toast.success(msg || t('msg:auth.login_success'));
      void queryClient.invalidateQueries();
      const here = window.location.pathname;
      // A live room (the desktop's or the mobile site's) reloads, so chat and player start as the user.
      if (here === paths.live || here.startsWith(`${paths.live}/`) || here === `${paths.mobile}${paths.live}`) {
        window.location.reload();
        return;
      }
      const target = loginTarget(redirect ?? useLoginDialog.getState().redirect, fallback);
      const current = window.location.pathname + window.location.search + window.location.hash;
      if (target !== current) navigate(target, { replace: NOT_A_TARGET.includes(here as (typeof NOT_A_TARGET)[number]) });
    },
    [setLogin, queryClient, navigate, t],
  );
}
