import { queryOptions, useQuery } from '@tanstack/react-query';
import { OrderStatus, type OrderSummary, type PagedResult } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey } from '@/lib/query-keys';

/** Orders that are still going on for the customer: to pay, coming up, out, on the way back. */
export const CURRENT_STATUSES = [
  OrderStatus.Pending,
  OrderStatus.Unpaid,
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
  OrderStatus.Delivering,
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingReturn,
  OrderStatus.Returned,
  OrderStatus.PendingPayment,
] as const;

/** A customer has few rentals going on at once; the dashboard shows the one that matters now. */
const CURRENT_MAX = 20;

export function listCurrentOrders() {
  return api.get<PagedResult<OrderSummary>>('/app/orders', {
    params: { status: CURRENT_STATUSES.join(','), skipCount: 0, maxResultCount: CURRENT_MAX },
    silent: true,
  });
}

export function currentOrdersQuery() {
  return queryOptions({
    queryKey: [...ordersKey, 'mine', 'current'] as const,
    queryFn: listCurrentOrders,
  });
}

export function useCurrentOrders(enabled = true) {
  return useQuery({ ...currentOrdersQuery(), enabled });
}
