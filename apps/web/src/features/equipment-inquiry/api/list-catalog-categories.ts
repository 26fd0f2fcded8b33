import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inquiryKey } from './inquire-equipment';

export interface CatalogCategory {
  id: string;
  name: string;
}

/** The categories of gear, for the browse filter (public). */
export function listCatalogCategories() {
  return api.get<{ items: CatalogCategory[] }>('/app/equipment/catalog-categories', {
    silent: true,
  });
}

export function catalogCategoriesQuery() {
  return queryOptions({
    queryKey: [...inquiryKey, 'categories'] as const,
    queryFn: listCatalogCategories,
    staleTime: 10 * 60_000,
  });
}

export function useCatalogCategories() {
  return useQuery(catalogCategoriesQuery());
}
