import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { equipmentKey, listEquipment, type EquipmentFilters } from '@/features/inventory';

export interface AvailableEquipmentFilters {
  storeId: string;
  categoryId?: string;
  keyword?: string;
  /** Sizes and the like of the category (attribute id → value), e.g. boot size 26.5. */
  attributes?: Record<string, string>;
  /** The rental window (ISO); only gear free for all of it is listed. */
  availableFrom: string;
  availableTo: string;
}

/** A store's gear that is free for a whole rental window (the equipment search of order create). */
export function availableEquipmentQuery(filters: AvailableEquipmentFilters) {
  const request: EquipmentFilters & AvailableEquipmentFilters = filters;
  return infiniteQueryOptions({
    queryKey: [...equipmentKey, 'available', filters] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => listEquipment(request, pageParam),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
  });
}

export function useAvailableEquipment(filters: AvailableEquipmentFilters, enabled: boolean) {
  return useInfiniteQuery({ ...availableEquipmentQuery(filters), enabled });
}
