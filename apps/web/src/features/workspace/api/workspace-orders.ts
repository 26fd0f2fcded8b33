import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import dayjs from 'dayjs';
import {
  OrderStatus,
  type OrderListQuery,
  type OrderSummary,
  type PagedResult,
} from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey } from '@/features/orders/api/get-order';

const PAGE_SIZE = 10;
const day = (offset = 0) => dayjs().add(offset, 'day').format('YYYY-MM-DD');
const codes = (...s: number[]) => s.join(',');

/** The workspace's lists, as order-list queries. Days are the device's, which is the store's. */
export const WorkspaceList = {
  overdue: () => ({ overdue: 'true' }) as OrderListQuery,
  /** Starting today or tomorrow, paid, with gear still to pick. */
  preparation: () =>
    ({
      status: codes(OrderStatus.Reserved, OrderStatus.PendingDelivery),
      unbound: 'true',
      startTo: day(1),
    }) as OrderListQuery,
  pickupsToday: () =>
    ({
      status: codes(OrderStatus.Reserved, OrderStatus.PendingDelivery),
      startFrom: day(),
      startTo: day(),
    }) as OrderListQuery,
  unpaid: () => ({ status: codes(OrderStatus.Unpaid) }) as OrderListQuery,
} as const;
export type WorkspaceList = keyof typeof WorkspaceList;

function fetchPage(list: WorkspaceList, skipCount: number, maxResultCount = PAGE_SIZE) {
  return api.get<PagedResult<OrderSummary>>('/app/orders', {
    params: { ...WorkspaceList[list](), skipCount, maxResultCount },
    silent: true,
  });
}

export function workspaceListQuery(list: WorkspaceList) {
  return infiniteQueryOptions({
    queryKey: [...ordersKey, 'workspace', list] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchPage(list, pageParam),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
  });
}

export function useWorkspaceList(list: WorkspaceList) {
  return useInfiniteQuery(workspaceListQuery(list));
}

/** How many orders a workspace list holds (for its tile). */
export function useWorkspaceCount(list: WorkspaceList) {
  return useQuery(
    queryOptions({
      queryKey: [...ordersKey, 'workspace', list, 'count'] as const,
      queryFn: async () => (await fetchPage(list, 0, 1)).totalCount,
    }),
  );
}
