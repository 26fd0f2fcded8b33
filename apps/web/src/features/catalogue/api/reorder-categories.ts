import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueCategory } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { refreshCatalogue } from './catalogue-keys';

/** Every category id, in the new order. */
export function reorderCategories(ids: string[]) {
  return api.post<{ items: CatalogueCategory[] }>(
    '/app/catalogue/categories/reorder',
    { ids },
    { silent: true },
  );
}

export function useReorderCategories() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderCategories,
    // Whether it worked or the list was out of date, show what the server has now.
    onSettled: () => refreshCatalogue(client),
  });
}
