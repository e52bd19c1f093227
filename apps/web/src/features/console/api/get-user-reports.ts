import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { consoleUserReports } from '@/shared/api/call-refs';

export type UserReportsInput = CallInput<typeof consoleUserReports>;

// GET api/admin/users/reports: reports against the user.
export const fetchUserReports = (input: UserReportsInput) => request(consoleUserReports, input);

export const userReportsQueryOptions = (input: UserReportsInput) =>
  queryOptions({ queryKey: consoleKeys.users(input.id, 'reports', input), queryFn: () => fetchUserReports(input), placeholderData: keepPreviousData });

export const useUserReports = (input: UserReportsInput, enabled = true) => useQuery({ ...userReportsQueryOptions(input), enabled });
