import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallData, CallInput } from '@livesports/contracts/call';
import { requestWithMsg } from '@/shared/api/client';
import { toast } from '@/shared/stores/toast';
import { consoleKeys } from './keys';
import { roomWarn } from '@/shared/api/call-refs';

export type WarnRoomInput = CallInput<typeof roomWarn>;

// POST api/admin/rooms/warn: a warning shown in the room's chat as a system message.
export const warnRoom = (input: WarnRoomInput) => requestWithMsg(roomWarn, input);

/** Shows the server's message, refreshes the lists it changes, then calls `onSuccess`. */
export function useWarnRoom(onSuccess?: (data: CallData<typeof roomWarn>) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: warnRoom,
    onSuccess: (r) => {
      toast.success(r.msg);
      void qc.invalidateQueries({ queryKey: consoleKeys.me() });
      onSuccess?.(r.data);
    },
  });
}
