import type { QueryClient } from '@tanstack/react-query';
import { workingStoreNow } from '@/features/stores';
import { categoriesQuery } from './get-categories';
import { equipmentListQuery, statusAsked } from './list-equipment';

/**
 * What the inventory list asks for first (its store's items, in the status asked for, and the
 * categories of its filter), asked for as the app starts, beside the page's code.
 */
export function prefetchInventoryList(client: QueryClient, search: URLSearchParams): void {
  const storeId = workingStoreNow() ?? undefined;
  void client.prefetchInfiniteQuery(
    equipmentListQuery({ storeId, status: statusAsked(search), attributes: {} }),
  );
  void client.prefetchQuery(categoriesQuery);
}
