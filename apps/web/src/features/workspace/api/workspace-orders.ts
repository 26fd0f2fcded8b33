import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import dayjs from 'dayjs';
import {
  orderListParams,
  preparationParams,
  type OrderListFilters,
  type OrderSummary,
  type PagedResult,
} from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey } from '@/lib/query-keys';
import { todayIn } from '@/features/inventory';
import { DEFAULT_BUSINESS_TIME_ZONE } from '@/features/system-config';
import { useWorkingStore } from '@/features/stores';

const PAGE_SIZE = 10;
/** A day on the store's calendar (the business time zone), not the phone's. */
const storeDay = (offset = 0) =>
  dayjs(todayIn(DEFAULT_BUSINESS_TIME_ZONE)).add(offset, 'day').format('YYYY-MM-DD');

/**
 * The order-list views the workspace tiles open: a tile counts exactly what its list shows,
 * because both ask the server the same question.
 */
export const WorkspaceFilters = {
  overdue: (): OrderListFilters => ({ tab: 'overdue' }),
  /** Self-pickups starting today (deliveries are the drivers' round). */
  pickupsToday: (): OrderListFilters => ({
    tab: 'reserved',
    startFrom: storeDay(),
    startTo: storeDay(),
  }),
  unpaid: (): OrderListFilters => ({ tab: 'unpaid' }),
  /** Customers' self-returns waiting for the gear to be checked in. */
  selfReturns: (): OrderListFilters => ({ tab: 'selfReturn' }),
} as const;

/** The workspace's lists, as order-list queries. */
export const WorkspaceList = {
  overdue: () => orderListParams(WorkspaceFilters.overdue()),
  /** Starting today or tomorrow, paid, with gear still to pick. */
  preparation: () => preparationParams(storeDay(1)),
  pickupsToday: () => orderListParams(WorkspaceFilters.pickupsToday()),
  unpaid: () => orderListParams(WorkspaceFilters.unpaid()),
  selfReturns: () => orderListParams(WorkspaceFilters.selfReturns()),
} as const;
export type WorkspaceList = keyof typeof WorkspaceList;

/** One page of a list, for the store the counter works on (one store at a time). */
function fetchPage(
  list: WorkspaceList,
  storeId: string | null,
  skipCount: number,
  maxResultCount = PAGE_SIZE,
) {
  return api.get<PagedResult<OrderSummary>>('/app/orders', {
    params: {
      ...WorkspaceList[list](),
      ...(storeId ? { storeId } : {}),
      skipCount,
      maxResultCount,
    },
    silent: true,
  });
}

export function workspaceListQuery(list: WorkspaceList, storeId: string | null) {
  return infiniteQueryOptions({
    queryKey: [...ordersKey, 'workspace', list, storeId] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchPage(list, storeId, pageParam),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
  });
}

export function useWorkspaceList(list: WorkspaceList) {
  const { storeId } = useWorkingStore();
  return useInfiniteQuery(workspaceListQuery(list, storeId));
}

/** How many orders a workspace list holds (for its tile). */
export function useWorkspaceCount(list: WorkspaceList, enabled = true) {
  const { storeId } = useWorkingStore();
  return useQuery(
    queryOptions({
      queryKey: [...ordersKey, 'workspace', list, storeId, 'count'] as const,
      queryFn: async () => (await fetchPage(list, storeId, 0, 1)).totalCount,
      enabled,
    }),
  );
}
