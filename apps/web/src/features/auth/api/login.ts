import type { UserInfo } from '@livesports/contracts/account';
import { ApiError, requestWithMsg } from '@/shared/api/client';
import { tMsg } from '@/shared/i18n/messages';
import { toast } from '@/shared/stores/toast';
import { login } from '@/shared/api/call-refs';

export type LoginAnswer = UserInfo & { token: string; redirect?: string };

/** Spec §7/§8: a login answer without data is rejected with 'Verification failed, please Login again.' */
export function assertLoginData(data: unknown): asserts data is LoginAnswer {
  const d = data as Partial<LoginAnswer> | null | undefined;
  if (!d || typeof d !== 'object' || !d.token) {
    const msg = tMsg('auth.verification_failed');
    toast.error(msg);
    throw new ApiError(msg, 'business');
  }
}

export async function loginWithPassword(input: { mobile: string; password: string; ticket?: string }) {
  const { data, msg } = await requestWithMsg(login, { ...input, device_type: 'pc' });
  assertLoginData(data);
  return { data, msg };
}

/** The social-login callback: the provider's answer (location.search) is the token. */
export async function loginThirdParty(token: string) {
  const { data, msg } = await requestWithMsg(login, { type: 'third', type_third: 'google', token, device_type: 'pc' });
  assertLoginData(data);
  return { data, msg };
}
