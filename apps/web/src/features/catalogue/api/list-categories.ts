import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueCategory } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { catalogueKey } from './catalogue-keys';

export function listCatalogueCategories() {
  return api.get<{ items: CatalogueCategory[] }>('/app/catalogue/categories', { silent: true });
}

export const catalogueCategoriesQuery = queryOptions({
  queryKey: [...catalogueKey, 'categories'] as const,
  queryFn: listCatalogueCategories,
});

export function useCatalogueCategories() {
  return useQuery(catalogueCategoriesQuery);
}
