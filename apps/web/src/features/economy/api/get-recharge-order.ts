import { useQuery } from '@tanstack/react-query';
import { request } from '@/shared/api/client';
import { economyKeys } from './keys';
import { tagged } from '@/shared/api/query-tags';
import { rechargeOrder, rechargeOrders } from '@/shared/api/call-refs';

// GET api/chargerules/getOrder: the order the payer came back from; polled until the provider's
// notification has settled it.
export const useRechargeOrder = (orderNo: string | null) =>
  useQuery({
    queryKey: economyKeys.rechargeOrder(orderNo),
    meta: tagged('money'),
    queryFn: () => request(rechargeOrder, { order_no: orderNo! }),
    enabled: !!orderNo,
    // Every 1.5 s while pending, for up to 15 minutes (a payer may take a while in the checkout window).
    refetchInterval: (q) => (q.state.data?.status === 'pending' && q.state.dataUpdateCount < 600 ? 1500 : false),
  });

// GET api/chargerules/orderList: the caller's recharge orders.
export const useRechargeOrders = (page: number, limit: number) =>
  useQuery({ queryKey: economyKeys.rechargeOrders(page, limit), meta: tagged('money'), queryFn: () => request(rechargeOrders, { page, limit }) });
