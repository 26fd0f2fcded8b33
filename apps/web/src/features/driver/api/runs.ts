import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  DeliveryAssignment,
  DeliveryConfirm,
  DeliveryDay,
  DeliveryTask,
  DeliveryTaskKind,
  Driver,
  Order,
  PagedResult,
  PickupReport,
} from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { equipmentKey } from '@/features/inventory/api/list-equipment';
import { ordersKey } from '@/features/orders/api/get-order';

/** Runs live under the orders key: every order change refreshes them too. */
const runsKey = [...ordersKey, 'runs'] as const;
/** Spec §9: lists load 10 at a time. */
export const RUN_PAGE_SIZE = 10;

export interface RunFilters {
  kind: DeliveryTaskKind;
  state: 'todo' | 'done';
  assigned?: 'mine' | 'pool' | 'all';
}

export function runListQuery(filters: RunFilters) {
  return infiniteQueryOptions({
    queryKey: [...runsKey, 'list', filters] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api.get<PagedResult<DeliveryTask>>('/app/deliveries/tasks', {
        params: { ...filters, skipCount: pageParam, maxResultCount: RUN_PAGE_SIZE },
        silent: true,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
  });
}

export function useRunList(filters: RunFilters) {
  return useInfiniteQuery(runListQuery(filters));
}

/** Today's runs to do and done, and the next one. */
export function useRunDay() {
  return useQuery({
    queryKey: [...runsKey, 'today'] as const,
    queryFn: () => api.get<DeliveryDay>('/app/deliveries/today', { silent: true }),
  });
}

/** The store's drivers, for giving a run out. */
export function useDrivers(storeId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['drivers', storeId] as const,
    queryFn: () =>
      api.get<{ items: Driver[] }>('/app/deliveries/drivers', {
        params: { storeId },
        silent: true,
      }),
    enabled,
  });
}

function useRunAction<V>(call: (v: V) => Promise<Order>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ordersKey });
      await client.invalidateQueries({ queryKey: equipmentKey });
    },
  });
}

const orderPath = (id: string, action: string) => `/app/orders/${encodeURIComponent(id)}/${action}`;

export function useAssignDriver() {
  return useRunAction((v: { orderId: string } & DeliveryAssignment) =>
    api.put<Order>(
      orderPath(v.orderId, 'driver'),
      { kind: v.kind, driverId: v.driverId },
      { silent: true },
    ),
  );
}

export function useTakeRun() {
  return useRunAction((v: { orderId: string; kind: DeliveryTaskKind }) =>
    api.post<Order>(orderPath(v.orderId, 'take'), { kind: v.kind }, { silent: true }),
  );
}

/** Delivered at the door, with the photo and the recipient's signature. */
export function useConfirmDelivery() {
  return useRunAction((v: { orderId: string } & DeliveryConfirm) => {
    const { orderId, ...proof } = v;
    return api.post<Order>(orderPath(orderId, 'delivered'), proof, { silent: true });
  });
}

/** Collected at the door: every item fine, damaged or lost. */
export function useReportPickup() {
  return useRunAction((v: { orderId: string } & PickupReport) =>
    api.post<Order>(orderPath(v.orderId, 'pickup'), { items: v.items }, { silent: true }),
  );
}
