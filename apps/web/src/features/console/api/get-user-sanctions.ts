import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { consoleUserSanctions } from '@/shared/api/call-refs';

export type UserSanctionsInput = CallInput<typeof consoleUserSanctions>;

// GET api/admin/users/sanctions: every mute and ban, newest first.
export const fetchUserSanctions = (input: UserSanctionsInput) => request(consoleUserSanctions, input);

export const userSanctionsQueryOptions = (input: UserSanctionsInput) =>
  queryOptions({ queryKey: consoleKeys.users(input.id, 'sanctions', input), queryFn: () => fetchUserSanctions(input), placeholderData: keepPreviousData });

export const useUserSanctions = (input: UserSanctionsInput, enabled = true) => useQuery({ ...userSanctionsQueryOptions(input), enabled });
