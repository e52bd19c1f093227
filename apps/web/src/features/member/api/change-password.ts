import { useMutation } from '@tanstack/react-query';
import { changePassword as changePasswordCall } from '@livesports/contracts/account';
import { requestWithMsg } from '@/shared/api/client';

// POST api/Member/changePassword {old_password (when the account has one), password, confirm_password}.
export type ChangePasswordInput = { old_password?: string; password: string; confirm_password: string };

export const changePassword = (input: ChangePasswordInput) => requestWithMsg(changePasswordCall, input);

export function useChangePassword(onSuccess?: (msg: string) => void) {
  return useMutation({ mutationFn: changePassword, onSuccess: ({ msg }) => onSuccess?.(msg) });
}
