import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAY_PASSWORD_MIN } from '@livesports/contracts/account';
import { requestWithMsg } from '@/shared/api/client';
import { memberKeys } from './keys';
import { invalidateTags } from '@/shared/api/query-tags';
import { paymentPassword } from '@/shared/api/call-refs';

// POST api/Member/paymentPassword {password, confirm_password, old_password when one is set}.
export const PAY_PASSWORD_RE = new RegExp(`^\\d{${PAY_PASSWORD_MIN},}$`);

export type PaymentPasswordInput = { password: string; confirm_password: string; old_password?: string };

export const setPaymentPassword = (input: PaymentPasswordInput) => requestWithMsg(paymentPassword, input);

export function useSetPaymentPassword(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaymentPassword,
    onSuccess: ({ msg }) => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.info() });
      void invalidateTags(queryClient, 'account');
      onSuccess?.(msg);
    },
  });
}
