import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestWithMsg } from '@/shared/api/client';
import { currentLanguage } from '@/shared/i18n';
import { afterMoneyMoved } from '../lib/refresh';
import { economyKeys } from './keys';
import { adminWithdrawals, applyForWithdrawal, approveWithdrawal, rejectWithdrawal, withdrawalList } from '@/shared/api/call-refs';

// api/Balance/applyForWithdrawal, as POST so the payment password never sits in a URL.
const applyPost = { ...applyForWithdrawal, method: 'POST' as const };

export function useApplyWithdrawal(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { type: 1 | 2; money: number; pay_password: string; idempotency_key: string }) => requestWithMsg(applyPost, input),
    onSuccess: ({ msg }) => {
      afterMoneyMoved(queryClient);
      onSuccess?.(msg);
    },
  });
}

// GET api/Balance/withdrawalList
export const useWithdrawals = (page: number, limit: number) =>
  useQuery({ queryKey: economyKeys.withdrawals(page, limit, currentLanguage()), queryFn: () => request(withdrawalList, { page, limit }), placeholderData: keepPreviousData });

// Administrators: the review queue, approve, reject.
export const useAdminWithdrawals = (status: 0 | 1 | 2 | undefined, page: number, limit: number, enabled: boolean) =>
  useQuery({
    queryKey: economyKeys.adminWithdrawals(status, page, limit, currentLanguage()),
    queryFn: () => request(adminWithdrawals, { status, page, limit }),
    enabled,
    placeholderData: keepPreviousData,
  });

export function useReviewWithdrawal(onSuccess?: (msg: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; approve: boolean; reason?: string }) =>
      input.approve ? requestWithMsg(approveWithdrawal, { id: input.id }) : requestWithMsg(rejectWithdrawal, { id: input.id, reason: input.reason ?? '' }),
    onSuccess: ({ msg }) => {
      afterMoneyMoved(queryClient);
      onSuccess?.(msg);
    },
  });
}
