import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { economyKeys } from './keys';
import { tagged } from '@/shared/api/query-tags';
import { getWallet } from '@/shared/api/call-refs';

// GET api/Balance/wallet: both wallets, money held by withdrawals, wealth level.
export const walletQueryOptions = () => queryOptions({ queryKey: economyKeys.wallet(), meta: tagged('money'), queryFn: () => request(getWallet, {}) });
export const useWallet = (enabled = true) => useQuery({ ...walletQueryOptions(), enabled });
