import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LedgerKind, WalletKind } from '@livesports/contracts/economy';
import { request } from '@/shared/api/client';
import { economyKeys } from './keys';
import { tagged } from '@/shared/api/query-tags';
import { orderList, orderTypes } from '@/shared/api/call-refs';

// GET api/Order/getList: consumption and income details, read from the ledger.
export const useLedger = (input: { wallet?: WalletKind; type?: LedgerKind; page: number; limit: number }) =>
  useQuery({ queryKey: economyKeys.ledger(input), meta: tagged('money'), queryFn: () => request(orderList, input), placeholderData: keepPreviousData });

// GET api/Order/getTypeList: the kinds of movement, localized.
export const useLedgerTypes = () => useQuery({ queryKey: economyKeys.ledgerTypes(), meta: tagged('money'), queryFn: () => request(orderTypes, {}), staleTime: 10 * 60_000 });
