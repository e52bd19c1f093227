import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { consoleUserWithdrawals } from '@/shared/api/call-refs';

export type UserWithdrawalsInput = CallInput<typeof consoleUserWithdrawals>;

// GET api/admin/users/withdrawals: withdrawals (administrators).
export const fetchUserWithdrawals = (input: UserWithdrawalsInput) => request(consoleUserWithdrawals, input);

export const userWithdrawalsQueryOptions = (input: UserWithdrawalsInput) =>
  queryOptions({ queryKey: consoleKeys.users(input.id, 'withdrawals', input), queryFn: () => fetchUserWithdrawals(input), placeholderData: keepPreviousData });

export const useUserWithdrawals = (input: UserWithdrawalsInput, enabled = true) => useQuery({ ...userWithdrawalsQueryOptions(input), enabled });
