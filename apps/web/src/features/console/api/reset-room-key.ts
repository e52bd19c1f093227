import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallData, CallInput } from '@livesports/contracts/call';
import { requestWithMsg } from '@/shared/api/client';
import { toast } from '@/shared/stores/toast';
import { consoleKeys } from './keys';
import { roomResetKey } from '@/shared/api/call-refs';

export type ResetRoomKeyInput = CallInput<typeof roomResetKey>;

// POST api/admin/rooms/resetKey: a new stream key for a room; a stream on the old one is cut.
export const resetRoomKey = (input: ResetRoomKeyInput) => requestWithMsg(roomResetKey, input);

/** Shows the server's message, refreshes the lists it changes, then calls `onSuccess`. */
export function useResetRoomKey(onSuccess?: (data: CallData<typeof roomResetKey>) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resetRoomKey,
    onSuccess: (r) => {
      toast.success(r.msg);
      void qc.invalidateQueries({ queryKey: consoleKeys.rooms() });
      void qc.invalidateQueries({ queryKey: consoleKeys.me() });
      onSuccess?.(r.data);
    },
  });
}
