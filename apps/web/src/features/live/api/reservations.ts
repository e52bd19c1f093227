import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestWithMsg } from '@/shared/api/client';
import { useAuthStore } from '@/shared/stores/auth';
import { liveKeys } from './keys';
import { deleteReserveLive, getReserveLiveList, getUserReserveLiveList, reserveLive, setReserveLiveNew } from '@/shared/api/call-refs';

// Announced broadcasts and the viewer's reservations of them.

/** GET api/Live_streaming/getReserveLiveList: upcoming broadcasts of one room or of everyone. */
export function useReservations(input: { room_id?: number; page: number; limit: number }) {
  const islogin = useAuthStore((s) => s.islogin);
  return useQuery({ queryKey: liveKeys.reservations(input, islogin), queryFn: () => request(getReserveLiveList, input), placeholderData: keepPreviousData });
}

/** GET api/Live_streaming/getUserReserveLiveList: what I reserved (/reserve). */
export const useMyReservations = (enabled: boolean) => useQuery({ queryKey: liveKeys.myReservations(), queryFn: () => request(getUserReserveLiveList, {}), enabled, refetchInterval: 30_000 });

function useReservationMutation<I, D>(fn: (input: I) => Promise<{ data: D; msg: string }>, onSuccess?: (msg: string, data: D) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ data, msg }) => {
      void queryClient.invalidateQueries({ queryKey: liveKeys.all });
      onSuccess?.(msg, data);
    },
  });
}

/** POST api/Live/reserveLive: reserve an announced broadcast, or cancel. */
export const useToggleReservation = (onSuccess?: (msg: string) => void) => useReservationMutation((id: number) => requestWithMsg(reserveLive, { id }), onSuccess);

/** POST api/Live/setReserveLiveNew: the anchor announces a broadcast. */
export const useCreateReservation = (onSuccess?: (msg: string) => void) =>
  useReservationMutation(
    (input: { title: string; start_time: string; sport?: 0 | 1 | 2; match_id?: number; home_name?: string; away_name?: string; league_name?: string }) =>
      requestWithMsg(setReserveLiveNew, { sport: 0, home_name: '', away_name: '', league_name: '', ...input }),
    onSuccess,
  );

/** GET api/Live/deleteReserveLive */
export const useDeleteReservation = (onSuccess?: (msg: string) => void) => useReservationMutation((id: number) => requestWithMsg(deleteReserveLive, { id }), onSuccess);
