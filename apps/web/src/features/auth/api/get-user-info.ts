import { queryOptions } from '@tanstack/react-query';
import { ApiError, request } from '@/shared/api/client';
import { i18n } from '@/shared/i18n';
import { toast } from '@/shared/stores/toast';
import { userKeys } from './keys';
import { tagged } from '@/shared/api/query-tags';
import { userInfo } from '@/shared/api/call-refs';

// GET api/user/info {token}: refreshed at start when logged in (spec §4). Missing data is rejected.
export async function fetchUserInfo() {
  // The token travels in its HttpOnly cookie.
  const data = await request(userInfo, {});
  if (!data || typeof data !== 'object') {
    const msg = i18n.t('common:verificationFailed');
    toast.error(msg);
    throw new ApiError(msg, 'business');
  }
  return data;
}

export const userInfoQueryOptions = () => queryOptions({ queryKey: userKeys.info(), meta: tagged('money', 'profile'), queryFn: fetchUserInfo, staleTime: 60_000 });
