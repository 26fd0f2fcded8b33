import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Equipment, PagedResult } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { whenDrawn } from '@/lib/when-idle';
import { loadEquipmentMemory } from '@/features/offline';

export const EQUIPMENT_PAGE_SIZE = 20;
export const equipmentKey = ['equipment'] as const;

export interface EquipmentFilters {
  keyword?: string;
  storeId?: string;
  categoryId?: string;
  status?: number;
  /** attributeId → value */
  attributes?: Record<string, string>;
}

export async function listEquipment(
  filters: EquipmentFilters,
  skipCount: number,
  maxResultCount = EQUIPMENT_PAGE_SIZE,
) {
  const { attributes, ...rest } = filters;
  const params: Record<string, string | number> = { skipCount, maxResultCount };
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== '') params[k] = v;
  for (const [id, v] of Object.entries(attributes ?? {})) if (v) params[`attr.${id}`] = v;
  const page = await api.get<PagedResult<Equipment>>('/app/equipment', { params, silent: true });
  // Gear seen in lists can be scanned at the counter when the network drops: kept once the
  // page has drawn the list (the phone's memory loads apart; the page opened first asks for its
  // list before its own code has arrived).
  whenDrawn(() => loadEquipmentMemory().then((m) => m.rememberEquipment(page.items)));
  return page;
}

/** `?status=1`: the list opened from a figure counting the items in that status (the store dashboard). */
export function statusAsked(search: URLSearchParams): number | undefined {
  const asked = search.get('status');
  return asked && /^[0-5]$/.test(asked) ? Number(asked) : undefined;
}

export function equipmentListQuery(filters: EquipmentFilters) {
  return infiniteQueryOptions({
    queryKey: [...equipmentKey, 'list', filters] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => listEquipment(filters, pageParam),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
  });
}

export function useEquipmentList(filters: EquipmentFilters) {
  return useInfiniteQuery(equipmentListQuery(filters));
}
