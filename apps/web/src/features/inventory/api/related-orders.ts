import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { EquipmentOrder, EquipmentOrdersCount, PagedResult } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { equipmentKey } from './list-equipment';

/** The tabs of the equipment dialog's related orders, in the order they are shown. */
export const RELATED_ORDER_TABS = ['inUse', 'reserved', 'unpaid', 'completed'] as const;
export type RelatedOrderTab = (typeof RELATED_ORDER_TABS)[number];

/** Spec §7: 10 orders per page. */
export const RELATED_ORDERS_PAGE_SIZE = 10;

const LIST_PATHS: Record<RelatedOrderTab, string> = {
  inUse: '/app/equipment/in-use-orders',
  reserved: '/app/equipment/reserved-orders',
  unpaid: '/app/equipment/unpaid-orders',
  completed: '/app/equipment/completed-orders',
};

// Under the equipment key, so a stock operation on the item refreshes its orders too.
const relatedOrdersKey = (equipmentId: string) => [...equipmentKey, 'orders', equipmentId] as const;

export function getRelatedOrdersCount(equipmentId: string) {
  return api.get<EquipmentOrdersCount>('/app/equipment/orders-count', {
    params: { equipmentId },
    silent: true,
  });
}

export function relatedOrdersCountQuery(equipmentId: string) {
  return queryOptions({
    queryKey: [...relatedOrdersKey(equipmentId), 'count'] as const,
    queryFn: () => getRelatedOrdersCount(equipmentId),
  });
}

export function useRelatedOrdersCount(equipmentId: string) {
  return useQuery(relatedOrdersCountQuery(equipmentId));
}

export function listRelatedOrders(tab: RelatedOrderTab, equipmentId: string, skipCount: number) {
  return api.get<PagedResult<EquipmentOrder>>(LIST_PATHS[tab], {
    params: { equipmentId, skipCount, maxResultCount: RELATED_ORDERS_PAGE_SIZE },
    silent: true,
  });
}

export function relatedOrdersQuery(tab: RelatedOrderTab, equipmentId: string) {
  return infiniteQueryOptions({
    queryKey: [...relatedOrdersKey(equipmentId), tab] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => listRelatedOrders(tab, equipmentId, pageParam),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
  });
}

export function useRelatedOrders(tab: RelatedOrderTab, equipmentId: string) {
  return useInfiniteQuery(relatedOrdersQuery(tab, equipmentId));
}
