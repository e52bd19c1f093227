import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallData, CallInput } from '@livesports/contracts/call';
import { requestWithMsg } from '@/shared/api/client';
import { toast } from '@/shared/stores/toast';
import { consoleKeys } from './keys';
import { roomEnd } from '@/shared/api/call-refs';

export type EndRoomInput = CallInput<typeof roomEnd>;

// POST api/admin/rooms/end: end a room's broadcast (with a reason).
export const endRoom = (input: EndRoomInput) => requestWithMsg(roomEnd, input);

/** Shows the server's message, refreshes the lists it changes, then calls `onSuccess`. */
export function useEndRoom(onSuccess?: (data: CallData<typeof roomEnd>) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: endRoom,
    onSuccess: (r) => {
      toast.success(r.msg);
      void qc.invalidateQueries({ queryKey: consoleKeys.rooms() });
      void qc.invalidateQueries({ queryKey: consoleKeys.me() });
      onSuccess?.(r.data);
    },
  });
}
