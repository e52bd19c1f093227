import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallData, CallInput } from '@livesports/contracts/call';
import { requestWithMsg } from '@/shared/api/client';
import { toast } from '@/shared/stores/toast';
import { consoleKeys } from './keys';
import { priceSave } from '@/shared/api/call-refs';

export type SavePricesInput = CallInput<typeof priceSave>;

// POST api/admin/prices/save: recharge packages, noble or guard prices.
export const savePrices = (input: SavePricesInput) => requestWithMsg(priceSave, input);

/** Shows the server's message, refreshes the lists it changes, then calls `onSuccess`. */
export function useSavePrices(onSuccess?: (data: CallData<typeof priceSave>) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: savePrices,
    onSuccess: (r) => {
      toast.success(r.msg);
      void qc.invalidateQueries({ queryKey: consoleKeys.prices() });
      void qc.invalidateQueries({ queryKey: consoleKeys.me() });
      onSuccess?.(r.data);
    },
  });
}
