import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallData, CallInput } from '@livesports/contracts/call';
import { requestWithMsg } from '@/shared/api/client';
import { toast } from '@/shared/stores/toast';
import { consoleKeys } from './keys';
import { roomUpdate } from '@/shared/api/call-refs';

export type UpdateRoomInput = CallInput<typeof roomUpdate>;

// POST api/admin/rooms/update: a room's title or category.
export const updateRoom = (input: UpdateRoomInput) => requestWithMsg(roomUpdate, input);

/** Shows the server's message, refreshes the lists it changes, then calls `onSuccess`. */
export function useUpdateRoom(onSuccess?: (data: CallData<typeof roomUpdate>) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateRoom,
    onSuccess: (r) => {
      toast.success(r.msg);
      void qc.invalidateQueries({ queryKey: consoleKeys.rooms() });
      void qc.invalidateQueries({ queryKey: consoleKeys.me() });
      onSuccess?.(r.data);
    },
  });
}
