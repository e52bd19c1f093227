import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { consoleKeys } from './keys';
import { consoleUserOrders } from '@/shared/api/call-refs';

export type UserOrdersInput = CallInput<typeof consoleUserOrders>;

// GET api/admin/users/orders: recharge orders (administrators).
export const fetchUserOrders = (input: UserOrdersInput) => request(consoleUserOrders, input);

export const userOrdersQueryOptions = (input: UserOrdersInput) =>
  queryOptions({ queryKey: consoleKeys.users(input.id, 'orders', input), queryFn: () => fetchUserOrders(input), placeholderData: keepPreviousData });

export const useUserOrders = (input: UserOrdersInput, enabled = true) => useQuery({ ...userOrdersQueryOptions(input), enabled });
