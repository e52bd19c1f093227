import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationInput } from '@livesports/contracts/live-anchor';
import { request, requestWithMsg } from '@/shared/api/client';
import { liveKeys } from './keys';
import { getVerifiedInfo, verified } from '@/shared/api/call-refs';

// Becoming an anchor: POST api/Member/getVerifiedInfo (state) and api/Member/verified (submit).

export const applicationKey = liveKeys.application();

/** Polled while under review, so an approval shows without a reload. */
export const useApplication = (enabled = true) =>
  useQuery({ queryKey: applicationKey, queryFn: () => request(getVerifiedInfo, {}), enabled, refetchInterval: (q) => (q.state.data && [0, 1].includes(q.state.data.status) ? 10_000 : false) });

export function useSubmitApplication(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicationInput) => requestWithMsg(verified, input),
    onSuccess: ({ data, msg }) => {
      queryClient.setQueryData(applicationKey, data);
      onSuccess?.(msg);
    },
  });
}
