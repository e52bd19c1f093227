import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestWithMsg } from '@/shared/api/client';
import { toast } from '@/shared/stores/toast';
import { consoleKeys } from './keys';
import { reviewAnchorApplication } from '@/shared/api/call-refs';

export interface ReviewInput {
  id: number;
  decision: 'approve' | 'reject';
  reason: string;
}

// POST api/admin/reviewAnchor: approve (the applicant becomes an anchor) or reject with the reason they will see.
export const reviewApplication = (input: ReviewInput) => requestWithMsg(reviewAnchorApplication, input);

export function useReviewApplication(opts: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reviewApplication,
    onSuccess: ({ msg }) => {
      toast.success(msg);
      void qc.invalidateQueries({ queryKey: consoleKeys.applications() });
      void qc.invalidateQueries({ queryKey: consoleKeys.me() });
      opts.onSuccess?.();
    },
  });
}
