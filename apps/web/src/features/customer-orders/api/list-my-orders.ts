import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { OrderStatus, type OrderSummary, type PagedResult } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey } from '@/lib/query-keys';

/** Spec §9: order lists load 10 at a time. */
export const MY_ORDER_PAGE_SIZE = 10;

/**
 * The customer's status filter, in a skier's words. Every status sits in exactly one group:
 * to pay (not confirmed, unpaid, a supplement due), coming up (booked, waiting for or on its way
 * by delivery), in use (delivered, in use), being returned, done (returned, completed) and
 * cancelled.
 */
export const MY_ORDER_FILTERS = {
  all: [],
  toPay: [OrderStatus.Pending, OrderStatus.Unpaid, OrderStatus.PendingPayment],
  upcoming: [OrderStatus.Reserved, OrderStatus.PendingDelivery, OrderStatus.Delivering],
  inUse: [OrderStatus.Delivered, OrderStatus.InUse],
  returning: [OrderStatus.PendingReturn],
  done: [OrderStatus.Returned, OrderStatus.Completed],
  cancelled: [OrderStatus.Cancelled],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type MyOrderFilter = keyof typeof MY_ORDER_FILTERS;
export const MY_ORDER_FILTER_KEYS = Object.keys(MY_ORDER_FILTERS) as MyOrderFilter[];

/** The signed-in customer's orders, newest first (the server lists a customer's own only). */
export function listMyOrders(filter: MyOrderFilter, skipCount: number, size = MY_ORDER_PAGE_SIZE) {
  const statuses: readonly OrderStatus[] = MY_ORDER_FILTERS[filter];
  return api.get<PagedResult<OrderSummary>>('/app/orders', {
    params: {
      ...(statuses.length ? { status: statuses.join(',') } : {}),
      skipCount,
      maxResultCount: size,
    },
    silent: true,
  });
}

export function myOrdersQuery(filter: MyOrderFilter) {
  return infiniteQueryOptions({
    queryKey: [...ordersKey, 'mine', filter] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => listMyOrders(filter, pageParam),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
  });
}

export function useMyOrders(filter: MyOrderFilter) {
  return useInfiniteQuery(myOrdersQuery(filter));
}
