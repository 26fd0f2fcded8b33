import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueAttribute } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { catalogueKey } from './catalogue-keys';

/** A category's attribute definitions and those of every category. */
export function listCatalogueAttributes(categoryId: string) {
  return api.get<{ items: CatalogueAttribute[] }>('/app/catalogue/attributes', {
    params: { categoryId },
    silent: true,
  });
}

export function catalogueAttributesQuery(categoryId: string) {
  return queryOptions({
    queryKey: [...catalogueKey, 'attributes', categoryId] as const,
    queryFn: () => listCatalogueAttributes(categoryId),
  });
}

export function useCatalogueAttributes(categoryId: string) {
  return useQuery(catalogueAttributesQuery(categoryId));
}
