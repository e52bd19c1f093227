import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestWithMsg } from '@/shared/api/client';
import { currentLanguage } from '@/shared/i18n';
import { economyKeys } from './keys';
import { activityUrl, checkIn } from '@/shared/api/call-refs';

// POST api/Activity_Config/checkIn: the daily check-in gifts go into the backpack.
export function useCheckIn(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestWithMsg(checkIn, {}),
    onSuccess: ({ msg }) => {
      void queryClient.invalidateQueries({ queryKey: economyKeys.backpack() });
      onSuccess?.(msg);
    },
  });
}

// GET api/Activity_Config/getActivityUrl: the running activities and their pages.
export const useActivities = () => useQuery({ queryKey: economyKeys.activities(currentLanguage()), queryFn: () => request(activityUrl, {}), staleTime: 5 * 60_000 });
