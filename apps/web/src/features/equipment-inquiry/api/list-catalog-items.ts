import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CatalogItem, PagedResult } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { inquiryKey } from './inquire-equipment';

export const CATALOG_PAGE_SIZE = 20;

export interface CatalogFilters {
  storeId: string;
  categoryId?: string;
  keyword?: string;
}

/** A page of a store's gear, as anyone may browse it. */
export function listCatalogItems(filters: CatalogFilters, skipCount: number) {
  return api.get<PagedResult<CatalogItem>>('/app/equipment/catalog-items', {
    params: { ...filters, skipCount, maxResultCount: CATALOG_PAGE_SIZE },
    silent: true,
  });
}

export function catalogItemsQuery(filters: CatalogFilters) {
  return infiniteQueryOptions({
    queryKey: [...inquiryKey, 'catalog', filters] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => listCatalogItems(filters, pageParam),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount && last.items.length > 0 ? loaded : undefined;
    },
  });
}

export function useCatalogItems(filters: CatalogFilters) {
  return useInfiniteQuery({ ...catalogItemsQuery(filters), enabled: !!filters.storeId });
}
