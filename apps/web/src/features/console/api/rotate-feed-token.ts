import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallData, CallInput } from '@livesports/contracts/call';
import { requestWithMsg } from '@/shared/api/client';
import { toast } from '@/shared/stores/toast';
import { consoleKeys } from './keys';
import { feedRotateToken } from '@/shared/api/call-refs';

export type RotateFeedTokenInput = CallInput<typeof feedRotateToken>;

// POST api/admin/feeds/rotateToken: a new feed token (shown once); the old one stops working.
export const rotateFeedToken = (input: RotateFeedTokenInput) => requestWithMsg(feedRotateToken, input);

/** Shows the server's message, refreshes the lists it changes, then calls `onSuccess`. */
export function useRotateFeedToken(onSuccess?: (data: CallData<typeof feedRotateToken>) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: rotateFeedToken,
    onSuccess: (r) => {
      toast.success(r.msg);
      void qc.invalidateQueries({ queryKey: consoleKeys.feeds() });
      void qc.invalidateQueries({ queryKey: consoleKeys.me() });
      onSuccess?.(r.data);
    },
  });
}
