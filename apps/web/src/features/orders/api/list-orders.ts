import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import {
  ORDER_RUNS,
  ORDER_TABS,
  orderListParams,
  type OrderListFilters,
  type OrderSummary,
  type OrderTab,
  type PagedResult,
} from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { useWorkingStore } from '@/features/stores';
import { ordersKey } from './get-order';

/** Spec §9: order lists load 10 at a time. */
export const ORDER_PAGE_SIZE = 10;
const KEYWORD_MAX = 50;

export { ORDER_TABS, orderListParams, type OrderListFilters, type OrderTab };

/** A real calendar day as YYYY-MM-DD (2026-02-30 is not). */
const isDay = (v: string | null): v is string =>
  !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v).format('YYYY-MM-DD') === v;

/**
 * The filters kept in the page address (tab, keyword, from, to, dueFrom, dueTo, run), so going
 * back from an order returns to the same list. Anything the server would refuse is dropped.
 */
export function readOrderListFilters(search: URLSearchParams): OrderListFilters {
  const tab = search.get('tab');
  const keyword = search.get('keyword')?.trim().slice(0, KEYWORD_MAX);
  const day = (key: string) => {
    const value = search.get(key);
    return isDay(value) ? value : undefined;
  };
  const run = search.get('run');
  const filters: OrderListFilters = {
    tab: ORDER_TABS.find((t) => t === tab) ?? 'all',
    keyword: keyword || undefined,
    startFrom: day('from'),
    startTo: day('to'),
  };
  // Set only when asked for, so the usual filters read back exactly as they were written.
  if (day('dueFrom')) filters.endFrom = day('dueFrom');
  if (day('dueTo')) filters.endTo = day('dueTo');
  const knownRun = ORDER_RUNS.find((r) => r === run);
  if (knownRun) filters.run = knownRun;
  return filters;
}

export function writeOrderListFilters(filters: OrderListFilters): Record<string, string> {
  const search: Record<string, string> = {};
  if (filters.tab !== 'all') search.tab = filters.tab;
  if (filters.keyword) search.keyword = filters.keyword;
  if (filters.startFrom) search.from = filters.startFrom;
  if (filters.startTo) search.to = filters.startTo;
  if (filters.endFrom) search.dueFrom = filters.endFrom;
  if (filters.endTo) search.dueTo = filters.endTo;
  if (filters.run) search.run = filters.run;
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
