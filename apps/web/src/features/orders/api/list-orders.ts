import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import {
  OrderStatus,
  type OrderListQuery,
  type OrderSummary,
  type PagedResult,
} from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { useWorkingStore } from '@/features/stores/hooks/use-working-store';
import { ordersKey } from './get-order';

/** Spec §9: order lists load 10 at a time. */
export const ORDER_PAGE_SIZE = 10;
const KEYWORD_MAX = 50;

/** The status tabs of the store order list, in the order they are shown. */
export const ORDER_TABS = [
  'all',
  'pending',
  'unpaid',
  'reserved',
  'pendingDelivery',
  'inUse',
  'pendingReturn',
  'pendingPayment',
  'completed',
  'cancelled',
  'overdue',
  'selfReturn',
] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

const codes = (...statuses: OrderStatus[]) => statuses.join(',');

/**
 * What each tab asks the server for. Every status code sits in exactly one tab, so no order can
 * only be found under 'all':
 * - pending: waiting for the store to confirm it (0, an agent's order);
 * - unpaid: waiting for the customer's money (1);
 * - pendingDelivery: waiting for the driver or on the way (2, 3);
 * - inUse: the gear is with the customer, delivered (4) or in use (5);
 * - completed: the gear is back (8) or the order is closed (9);
 * - the others are one code each. Overdue is not a status (in use or delivered past the rental
 *   end), so its tab uses the server's overdue filter across statuses. Self-returns are the
 *   customers' hand-backs waiting for the store to check the gear in (some of pendingReturn).
 */
const TAB_QUERY: Record<OrderTab, Pick<OrderListQuery, 'status' | 'overdue' | 'selfReturn'>> = {
  all: {},
  pending: { status: codes(OrderStatus.Pending) },
  unpaid: { status: codes(OrderStatus.Unpaid) },
  reserved: { status: codes(OrderStatus.Reserved) },
  pendingDelivery: { status: codes(OrderStatus.PendingDelivery, OrderStatus.Delivering) },
  inUse: { status: codes(OrderStatus.Delivered, OrderStatus.InUse) },
  pendingReturn: { status: codes(OrderStatus.PendingReturn) },
  pendingPayment: { status: codes(OrderStatus.PendingPayment) },
  completed: { status: codes(OrderStatus.Returned, OrderStatus.Completed) },
  cancelled: { status: codes(OrderStatus.Cancelled) },
  overdue: { overdue: 'true' },
  selfReturn: { selfReturn: 'true' },
};

export interface OrderListFilters {
  tab: OrderTab;
  /** Order number, customer name or phone. */
  keyword?: string;
  /** Rental start days, YYYY-MM-DD, both inclusive. */
  startFrom?: string;
  startTo?: string;
}

/** The list call's query for a set of filters (paging aside). */
export function orderListParams(filters: OrderListFilters): OrderListQuery {
  const params: OrderListQuery = { ...TAB_QUERY[filters.tab] };
  if (filters.keyword) params.keyword = filters.keyword;
  if (filters.startFrom) params.startFrom = filters.startFrom;
  if (filters.startTo) params.startTo = filters.startTo;
  return params;
}

/** A real calendar day as YYYY-MM-DD (2026-02-30 is not). */
const isDay = (v: string | null): v is string =>
  !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v).format('YYYY-MM-DD') === v;

/**
 * The filters kept in the page address (tab, keyword, from, to), so going back from an order
 * returns to the same list. Anything the server would refuse is dropped.
 */
export function readOrderListFilters(search: URLSearchParams): OrderListFilters {
  const tab = search.get('tab');
  const keyword = search.get('keyword')?.trim().slice(0, KEYWORD_MAX);
  const from = search.get('from');
  const to = search.get('to');
  return {
    tab: ORDER_TABS.find((t) => t === tab) ?? 'all',
    keyword: keyword || undefined,
    startFrom: isDay(from) ? from : undefined,
    startTo: isDay(to) ? to : undefined,
  };
}

export function writeOrderListFilters(filters: OrderListFilters): Record<string, string> {
  const search: Record<string, string> = {};
  if (filters.tab !== 'all') search.tab = filters.tab;
  if (filters.keyword) search.keyword = filters.keyword;
  if (filters.startFrom) search.from = filters.startFrom;
  if (filters.startTo) search.to = filters.startTo;
  return search;
}

/** One page of a list, for the store the counter works on (null: whatever the caller may see). */
export function listOrders(filters: OrderListFilters, storeId: string | null, skipCount: number) {
  return api.get<PagedResult<OrderSummary>>('/app/orders', {
    params: {
      ...orderListParams(filters),
      ...(storeId ? { storeId } : {}),
      skipCount,
      maxResultCount: ORDER_PAGE_SIZE,
    },
    silent: true,
  });
}

export function orderListQuery(filters: OrderListFilters, storeId: string | null) {
  return infiniteQueryOptions({
    queryKey: [...ordersKey, 'list', filters, storeId] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => listOrders(filters, storeId, pageParam),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
  });
}

export function useOrderList(filters: OrderListFilters) {
  const { storeId } = useWorkingStore();
  return useInfiniteQuery(orderListQuery(filters, storeId));
}
