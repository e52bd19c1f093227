import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { consoleUserLedger } from '@/shared/api/call-refs';

export type UserLedgerInput = CallInput<typeof consoleUserLedger>;

// GET api/admin/users/ledger: wallets and ledger lines touching them, newest first (administrators).
export const fetchUserLedger = (input: UserLedgerInput) => request(consoleUserLedger, input);

export const userLedgerQueryOptions = (input: UserLedgerInput) =>
  queryOptions({ queryKey: consoleKeys.users(input.id, 'ledger', input), queryFn: () => fetchUserLedger(input), placeholderData: keepPreviousData });

export const useUserLedger = (input: UserLedgerInput, enabled = true) => useQuery({ ...userLedgerQueryOptions(input), enabled });
