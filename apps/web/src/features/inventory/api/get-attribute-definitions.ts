import { useQuery } from '@tanstack/react-query';
import type { AttributeDefinition, PagedResult } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { equipmentKey } from './list-equipment';

/** Every enabled attribute of a category (for the item form). */
export function useCategoryAttributes(categoryId: string | undefined) {
  return useQuery({
    queryKey: [...equipmentKey, 'attributes', categoryId, 'enabled'] as const,
    queryFn: () =>
      api.get<PagedResult<AttributeDefinition>>('/app/equipment-attribute/attribute-definitions', {
        params: { CategoryId: categoryId, IsEnabled: true, MaxResultCount: 100 },
        silent: true,
      }),
    enabled: !!categoryId,
    staleTime: 5 * 60_000,
  });
}
