import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NobleTier } from '@livesports/contracts/economy';
import { request, requestWithMsg } from '@/shared/api/client';
import { currentLanguage } from '@/shared/i18n';
import { afterMoneyMoved } from '../lib/refresh';
import { economyKeys } from './keys';
import { buyNoble, nobleInfoCall } from '@/shared/api/call-refs';

// GET api/Noble/getInfo: the five ranks and my membership.
export const useNobles = () => useQuery({ queryKey: economyKeys.noble(currentLanguage()), queryFn: () => request(nobleInfoCall, {}) });

// POST api/Noble/buy: a rank for some months (renewal extends, upgrade carries the value over).
export function useBuyNoble(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { tier: NobleTier; months: number; idempotency_key: string }) => requestWithMsg(buyNoble, input),
    onSuccess: ({ msg }) => {
      afterMoneyMoved(queryClient);
      onSuccess?.(msg);
    },
  });
}
