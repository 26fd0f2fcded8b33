import type { QueryClient } from '@tanstack/react-query';
import { equipmentKey } from '@/features/inventory';

export const catalogueKey = ['catalogue'] as const;

/**
 * After a change to the catalogue: its own lists, and the inventory's categories and attribute
 * definitions, so the item form and the list's filters follow at once.
 */
export function refreshCatalogue(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: catalogueKey }),
    client.invalidateQueries({ queryKey: [...equipmentKey, 'categories'] }),
    client.invalidateQueries({ queryKey: [...equipmentKey, 'attributes'] }),
  ]);
}
