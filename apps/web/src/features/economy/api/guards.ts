import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestWithMsg } from '@/shared/api/client';
import { currentLanguage } from '@/shared/i18n';
import { afterMoneyMoved } from '../lib/refresh';
import { economyKeys } from './keys';
import { buyGuard, guardList } from '@/shared/api/call-refs';

// GET api/Guard/getList: plans, the room's guards, and mine.
export const useGuards = (roomId: number | undefined) => useQuery({ queryKey: economyKeys.guards(roomId, currentLanguage()), queryFn: () => request(guardList, roomId ? { room_id: roomId } : {}) });

// POST api/guard_user/buy
export function useBuyGuard(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { room_id: number; guard_id: number; idempotency_key: string }) => requestWithMsg(buyGuard, input),
    onSuccess: ({ msg }) => {
      afterMoneyMoved(queryClient);
      onSuccess?.(msg);
    },
  });
}
