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
import { sendOrQueue } from '@/features/offline';
import { equipmentKey } from '@/features/inventory';
import { ordersKey } from '@/lib/query-keys';

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

export interface DeliveryProof {
  orderId: string;
  recipientName: string;
  /** The door photo: uploaded already (`id`), or kept on the phone without network. */
  photo: { id: string | null; blob: Blob };
  /** The signature as drawn (a PNG). */
  signature: Blob;
  /** How the offline queue lists it. */
  label: string;
  /** Items found damaged at the hand-over, each with its photo and note. */
  damaged?: { orderItemId: string; remarks: string; photo: { id: string | null; blob: Blob } }[];
}

/**
 * Delivered at the door, with the photo and the recipient's signature. Without network (the
 * door is often out of reach) it is kept on the phone, photos and all, and sent when the network
 * returns, applied once (`queued` in the outcome).
 */
export function useConfirmDelivery() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (v: DeliveryProof) => {
      const body: DeliveryConfirm = { recipientName: v.recipientName };
      if (v.photo.id) body.photoFileId = v.photo.id;
      const damaged = v.damaged ?? [];
      if (damaged.length > 0) {
        body.items = damaged.map(({ orderItemId, remarks, photo }) => ({
          orderItemId,
          condition: 'damaged' as const,
          remarks,
          ...(photo.id ? { photoFileId: photo.id } : {}),
        }));
      }
      return sendOrQueue<Order>({
        method: 'POST',
        url: orderPath(v.orderId, 'delivered'),
        body,
        kind: 'orderAction',
        label: v.label,
        attachments: [
          ...(v.photo.id
            ? []
            : [
                {
                  field: 'photoFileId',
                  blob: v.photo.blob,
                  fileName: 'door.jpg',
                  businessType: 'DeliveryPhoto',
                },
              ]),
          {
            field: 'signatureFileId',
            blob: v.signature,
            fileName: 'signature.png',
            businessType: 'DeliverySignature',
          },
          ...damaged.flatMap(({ photo }, index) =>
            photo.id
              ? []
              : [
                  {
                    field: `items.${index}.photoFileId`,
                    blob: photo.blob,
                    fileName: 'damage.jpg',
                    businessType: 'DeliveryPhoto',
                  },
                ],
          ),
        ],
      });
    },
    onSuccess: async (outcome) => {
      if (outcome.queued) return;
      await client.invalidateQueries({ queryKey: ordersKey });
      await client.invalidateQueries({ queryKey: equipmentKey });
    },
  });
}

/** An item's state at a pickup, with its photo uploaded (`id`) or kept on the phone. */
export type PickupLine = Omit<PickupReport['items'][number], 'photoFileId'> & {
  photo: { id: string | null; blob: Blob } | null;
};

/**
 * Collected at the door: every item fine, damaged or lost. Without network it is kept on the
 * phone with its photos and sent when the network returns, applied once.
 */
export function useReportPickup() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (v: { orderId: string; items: PickupLine[]; label: string }) =>
      sendOrQueue<Order>({
        method: 'POST',
        url: orderPath(v.orderId, 'pickup'),
        body: {
          items: v.items.map(({ photo, ...line }) =>
            photo?.id ? { ...line, photoFileId: photo.id } : line,
          ),
        },
        kind: 'orderAction',
        label: v.label,
        attachments: v.items.flatMap(({ photo }, index) =>
          photo && !photo.id
            ? [
                {
                  field: `items.${index}.photoFileId`,
                  blob: photo.blob,
                  fileName: 'damage.jpg',
                  businessType: 'DeliveryPhoto',
                },
              ]
            : [],
        ),
      }),
    onSuccess: async (outcome) => {
      if (outcome.queued) return;
      await client.invalidateQueries({ queryKey: ordersKey });
      await client.invalidateQueries({ queryKey: equipmentKey });
    },
  });
}
