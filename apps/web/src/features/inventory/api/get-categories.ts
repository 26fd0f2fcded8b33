import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttributeDefinition, Category, PagedResult } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { equipmentKey } from './list-equipment';

export const categoriesQuery = queryOptions({
  queryKey: [...equipmentKey, 'categories'] as const,
  queryFn: () => api.get<{ items: Category[] }>('/app/equipment/categories', { silent: true }),
  staleTime: 5 * 60_000,
});

export function useCategories() {
  return useQuery(categoriesQuery);
}

/** A category's filterable attributes (for the list's filters). */
export function useFilterableAttributes(categoryId: string | undefined) {
  return useQuery({
    queryKey: [...equipmentKey, 'attributes', categoryId, 'filterable'] as const,
    queryFn: () =>
      api.get<PagedResult<AttributeDefinition>>('/app/equipment-attribute/attribute-definitions', {
        params: {
          CategoryId: categoryId,
          IsFilterable: true,
          IsEnabled: true,
          MaxResultCount: 100,
        },
        silent: true,
      }),
    enabled: !!categoryId,
    staleTime: 5 * 60_000,
  });
}
