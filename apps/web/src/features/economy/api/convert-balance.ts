import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestWithMsg } from '@/shared/api/client';
import { afterMoneyMoved } from '../lib/refresh';
import { conversionBalance } from '@/shared/api/call-refs';

// api/Balance/conversionBalance: income → coins, one way, confirmed. POST, same input as the spec's GET.
const post = { ...conversionBalance, method: 'POST' as const };

export function useConvertBalance(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { money: number; idempotency_key: string }) => requestWithMsg(post, { ...input, confirm: true }),
    onSuccess: ({ msg }) => {
      afterMoneyMoved(queryClient);
      onSuccess?.(msg);
    },
  });
}
