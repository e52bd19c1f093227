import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { adminWithdrawals } from '@/shared/api/call-refs';

// GET api/admin/withdrawal/list: the pending ones oldest first (the queue), or one person's history.
export const fetchPendingWithdrawals = () => request(adminWithdrawals, { status: 0, order: 'oldest', page: 1, limit: 50 });
export const fetchWithdrawalHistory = (userId: number) => request(adminWithdrawals, { user_id: userId, page: 1, limit: 10 });

export const pendingWithdrawalsQueryOptions = () => queryOptions({ queryKey: consoleKeys.withdrawals('pending'), queryFn: fetchPendingWithdrawals });
export const withdrawalHistoryQueryOptions = (userId: number) => queryOptions({ queryKey: consoleKeys.withdrawals('user', userId), queryFn: () => fetchWithdrawalHistory(userId) });

export const usePendingWithdrawals = () => useQuery(pendingWithdrawalsQueryOptions());
export const useWithdrawalHistory = (userId: number | undefined) => useQuery({ ...withdrawalHistoryQueryOptions(userId ?? 0), enabled: !!userId });
