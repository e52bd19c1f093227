import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LedgerKind, WalletKind } from '@livesports/contracts/economy';
import { orderList, orderTypes } from '@livesports/contracts/economy-wallet';
import { request } from '@/shared/api/client';

// GET api/Order/getList: consumption and income details, read from the ledger.
export const useLedger = (input: { wallet?: WalletKind; type?: LedgerKind; page: number; limit: number }) =>
  useQuery({ queryKey: ['economy', 'ledger', input], queryFn: () => request(orderList, input), placeholderData: keepPreviousData });

// GET api/Order/getTypeList: the kinds of movement, localized.
export const useLedgerTypes = () => useQuery({ queryKey: ['economy', 'ledger-types'], queryFn: () => request(orderTypes, {}), staleTime: 10 * 60_000 });
