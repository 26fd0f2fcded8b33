import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueCategory, CategoryInput } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { refreshCatalogue } from './catalogue-keys';

export function createCategory(input: CategoryInput) {
  return api.post<CatalogueCategory>('/app/catalogue/categories', input, { silent: true });
}

export function updateCategory(id: string, input: CategoryInput) {
  return api.put<CatalogueCategory>(`/app/catalogue/categories/${id}`, input, { silent: true });
}

/** Creates when there is no id, changes the category otherwise. */
export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; input: CategoryInput }) =>
      v.id ? updateCategory(v.id, v.input) : createCategory(v.input),
    onSuccess: () => refreshCatalogue(client),
  });
}
