import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWallet } from '@livesports/contracts/economy-wallet';
import { request } from '@/shared/api/client';
import { economyKeys } from './keys';
import { tagged } from '@/shared/api/query-tags';

// GET api/Balance/wallet: both wallets, money held by withdrawals, wealth level.
export const walletQueryOptions = () => queryOptions({ queryKey: economyKeys.wallet(), meta: tagged('money'), queryFn: () => request(getWallet, {}) });
export const useWallet = (enabled = true) => useQuery({ ...walletQueryOptions(), enabled });
