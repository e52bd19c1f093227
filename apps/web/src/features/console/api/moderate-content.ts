import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallData, CallInput } from '@livesports/contracts/call';
import { requestWithMsg } from '@/shared/api/client';
import { toast } from '@/shared/stores/toast';
import { consoleKeys } from './keys';
import { contentModerate } from '@/shared/api/call-refs';

export type ModerateContentInput = CallInput<typeof contentModerate>;

// POST api/admin/content/moderate: hide, restore or delete a headline, post or comment (with a reason).
export const moderateContent = (input: ModerateContentInput) => requestWithMsg(contentModerate, input);

/** Shows the server's message, refreshes the lists it changes, then calls `onSuccess`. */
export function useModerateContent(onSuccess?: (data: CallData<typeof contentModerate>) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: moderateContent,
    onSuccess: (r) => {
      toast.success(r.msg);
      void qc.invalidateQueries({ queryKey: consoleKeys.content() });
      void qc.invalidateQueries({ queryKey: consoleKeys.me() });
      onSuccess?.(r.data);
    },
  });
}
