import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestWithMsg } from '@/shared/api/client';
import { toast } from '@/shared/stores/toast';
import { consoleKeys } from './keys';
import { approveWithdrawal, rejectWithdrawal } from '@/shared/api/call-refs';

export type WithdrawalDecision = { id: number; decision: 'approve' } | { id: number; decision: 'reject'; reason: string };

// POST api/admin/withdrawal/approve | reject: paid out, or the money goes back to the applicant's income.
export const reviewWithdrawal = (input: WithdrawalDecision) =>
  input.decision === 'approve' ? requestWithMsg(approveWithdrawal, { id: input.id }) : requestWithMsg(rejectWithdrawal, { id: input.id, reason: input.reason });

export function useReviewWithdrawal(opts: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reviewWithdrawal,
    onSuccess: ({ msg }) => {
      toast.success(msg);
      void qc.invalidateQueries({ queryKey: consoleKeys.withdrawals() });
      void qc.invalidateQueries({ queryKey: consoleKeys.me() });
      opts.onSuccess?.();
    },
  });
}
