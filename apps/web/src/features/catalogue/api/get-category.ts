import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueCategory } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { catalogueKey } from './catalogue-keys';

export function getCatalogueCategory(id: string) {
  return api.get<CatalogueCategory>(`/app/catalogue/categories/${encodeURIComponent(id)}`, {
    silent: true,
  });
}

export function catalogueCategoryQuery(id: string) {
  return queryOptions({
    queryKey: [...catalogueKey, 'category', id] as const,
    queryFn: () => getCatalogueCategory(id),
  });
}

export function useCatalogueCategory(id: string) {
  return useQuery({ ...catalogueCategoryQuery(id), enabled: id !== 'new' });
}
