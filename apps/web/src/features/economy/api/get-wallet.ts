import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWallet } from '@livesports/contracts/economy-wallet';
import { request } from '@/shared/api/client';

// GET api/Balance/wallet: both wallets, money held by withdrawals, wealth level.
export const walletQueryOptions = () => queryOptions({ queryKey: ['economy', 'wallet'], queryFn: () => request(getWallet, {}) });
export const useWallet = (enabled = true) => useQuery({ ...walletQueryOptions(), enabled });
