import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { requestWithMsg } from '@/shared/api/client';
import { toast } from '@/shared/stores/toast';
import { consoleKeys } from './keys';
import { reportsHandle } from '@/shared/api/call-refs';

export type HandleReportInput = CallInput<typeof reportsHandle>;

// POST api/admin/reports/handle: dismiss, hide, mute or ban, for every open report of one target.
export const handleReport = (input: HandleReportInput) => requestWithMsg(reportsHandle, input);

export function useHandleReport(opts: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: handleReport,
    onSuccess: ({ msg }) => {
      toast.success(msg);
      void qc.invalidateQueries({ queryKey: consoleKeys.reports() });
      void qc.invalidateQueries({ queryKey: consoleKeys.me() });
      opts.onSuccess?.();
    },
  });
}
