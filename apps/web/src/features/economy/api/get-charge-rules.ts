import { queryOptions, useQuery } from '@tanstack/react-query';
import { chargeRules } from '@livesports/contracts/economy-wallet';
import { request } from '@/shared/api/client';

// POST api/chargerules/getList: the recharge packages and payment providers.
export const chargeRulesQueryOptions = () => queryOptions({ queryKey: ['economy', 'charge-rules'], queryFn: () => request(chargeRules, {}), staleTime: 10 * 60_000 });
export const useChargeRules = () => useQuery(chargeRulesQueryOptions());
