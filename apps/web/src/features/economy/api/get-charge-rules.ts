import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { economyKeys } from './keys';
import { tagged } from '@/shared/api/query-tags';
import { chargeRules } from '@/shared/api/call-refs';

// POST api/chargerules/getList: the recharge packages and payment providers.
export const chargeRulesQueryOptions = () => queryOptions({ queryKey: economyKeys.chargeRules(), meta: tagged('money'), queryFn: () => request(chargeRules, {}), staleTime: 10 * 60_000 });
export const useChargeRules = () => useQuery(chargeRulesQueryOptions());
