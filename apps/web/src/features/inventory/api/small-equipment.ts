import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  PagedResult,
  SmallEquipment,
  SmallEquipmentAdjust,
  SmallEquipmentNames,
} from '@snowgear/contracts';
import { api } from '@/lib/api-client';

/** The small-equipment calls; one file since list, adjust, add, rename and history go together. */
const key = ['small-equipment'] as const;

/** `low`: only what is running low (what the store dashboard's figure counts). */
export function useSmallEquipment(storeId: string | undefined, keyword: string, low = false) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...key, 'list', { storeId, keyword, low }] as const,
      initialPageParam: 0,
      queryFn: ({ pageParam }) =>
        api.get<PagedResult<SmallEquipment>>('/app/small-equipment', {
          params: {
            storeId,
            keyword: keyword || undefined,
            low: low ? 'true' : undefined,
            skipCount: pageParam,
            maxResultCount: 50,
          },
          silent: true,
        }),
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((n, p) => n + p.items.length, 0);
        return loaded < last.totalCount ? loaded : undefined;
      },
    }),
  );
}

export function useSmallEquipmentHistory(id: string | null) {
  return useQuery({
    queryKey: [...key, 'history', id] as const,
    queryFn: () =>
      api.get<
        PagedResult<{
          id: string;
          delta: number;
          quantityAfter: number;
          reason: string;
          remarks: string;
          operatorName: string;
          creationTime: string;
        }>
      >(`/app/small-equipment/${id}/history`, { params: { maxResultCount: 20 }, silent: true }),
    enabled: !!id,
  });
}

/** Renames a kind of small equipment, in Chinese and in English. */
export function useRenameSmallEquipment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; input: SmallEquipmentNames }) =>
      api.put<SmallEquipment>(`/app/small-equipment/${v.id}/names`, v.input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useAdjustSmallEquipment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; input: SmallEquipmentAdjust }) =>
      api.post<SmallEquipment>(`/app/small-equipment/${v.id}/adjust`, v.input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useAddSmallEquipment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      storeId: string;
      name: string;
      nameEn: string;
      unit: string;
      quantity: number;
      lowStockThreshold: number;
    }) => api.post<SmallEquipment>('/app/small-equipment', input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
