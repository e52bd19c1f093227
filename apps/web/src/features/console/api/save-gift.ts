import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallData, CallInput } from '@livesports/contracts/call';
import { requestWithMsg } from '@/shared/api/client';
import { toast } from '@/shared/stores/toast';
import { consoleKeys } from './keys';
import { giftSave } from '@/shared/api/call-refs';

export type SaveGiftInput = CallInput<typeof giftSave>;

// POST api/admin/gifts/save: add a gift or change one.
export const saveGift = (input: SaveGiftInput) => requestWithMsg(giftSave, input);

/** Shows the server's message, refreshes the lists it changes, then calls `onSuccess`. */
export function useSaveGift(onSuccess?: (data: CallData<typeof giftSave>) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveGift,
    onSuccess: (r) => {
      toast.success(r.msg);
      void qc.invalidateQueries({ queryKey: consoleKeys.gifts() });
      void qc.invalidateQueries({ queryKey: consoleKeys.me() });
      onSuccess?.(r.data);
    },
  });
}
