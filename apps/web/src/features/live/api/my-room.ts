import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyRoom } from '@livesports/contracts/live';
import { request, requestWithMsg } from '@/shared/api/client';
import { liveKeys } from './keys';
import { endRoom, getLiveRecord, getMyRoom, resetStreamKey, setPlacard, startRoom, updateLive } from '@/shared/api/call-refs';

// The anchor's own room: push address and key, settings, start / end, the broadcast record.

export const myRoomKey = liveKeys.myRoom();

/** GET api/Live/getMyRoom; polled so the page shows the stream arriving. */
export const useMyRoom = (enabled = true) => useQuery({ queryKey: myRoomKey, queryFn: () => request(getMyRoom, {}), enabled, refetchInterval: 5_000 });

function useRoomMutation<I>(fn: (input: I) => Promise<{ data: MyRoom | { placard: string }; msg: string }>, onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ msg }) => {
      void queryClient.invalidateQueries({ queryKey: liveKeys.all });
      onSuccess?.(msg);
    },
  });
}

/** GET api/Live/updateLive (title, category, cover). */
export const useUpdateRoom = (onSuccess?: (msg: string) => void) => useRoomMutation((input: { title?: string; type?: 1 | 2 | 3 | 4 }) => requestWithMsg(updateLive, input), onSuccess);

/** POST api/Live/setPlacard (≤ 200 characters). */
export const useSetPlacard = (onSuccess?: (msg: string) => void) => useRoomMutation((placard: string) => requestWithMsg(setPlacard, { placard }), onSuccess);

/** POST api/Live/resetStreamKey */
export const useResetKey = (onSuccess?: (msg: string) => void) => useRoomMutation(() => requestWithMsg(resetStreamKey, {}), onSuccess);

/** GET api/Live/startRoom and api/Live/endRoom */
export const useStartRoom = (onSuccess?: (msg: string) => void) => useRoomMutation(() => requestWithMsg(startRoom, {}), onSuccess);
export const useEndRoom = (onSuccess?: (msg: string) => void) => useRoomMutation(() => requestWithMsg(endRoom, {}), onSuccess);

/** GET api/Live/liveRecord: the broadcast record, newest first. */
export const useLiveRecord = (page: number, limit: number, enabled = true) =>
  useQuery({ queryKey: liveKeys.record(page, limit), queryFn: () => request(getLiveRecord, { page, limit }), enabled, refetchInterval: 15_000 });
