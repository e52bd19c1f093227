import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendGiftResult } from '@livesports/contracts/economy-gifts';
import { request } from '@/shared/api/client';
import { afterMoneyMoved } from '../lib/refresh';
import { handselGift } from '@/shared/api/call-refs';

export interface SendGiftInput {
  room_id: number;
  gift_id: number;
  num: number;
  from_backpack: boolean;
  idempotency_key: string;
}

// POST api/member/handselGift: one send (a combo is several sends in a row).
export function useSendGift(onSuccess?: (result: SendGiftResult, input: SendGiftInput) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendGiftInput) => request(handselGift, input),
    onSuccess: (result, input) => {
      afterMoneyMoved(queryClient);
      onSuccess?.(result, input);
    },
  });
}
