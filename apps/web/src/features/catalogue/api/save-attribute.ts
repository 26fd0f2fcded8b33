import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttributeCreate, AttributeUpdate, CatalogueAttribute } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { refreshCatalogue } from './catalogue-keys';

export function createAttribute(input: AttributeCreate) {
  return api.post<CatalogueAttribute>('/app/catalogue/attributes', input, { silent: true });
}

export function updateAttribute(id: string, input: AttributeUpdate) {
  return api.put<CatalogueAttribute>(`/app/catalogue/attributes/${id}`, input, { silent: true });
}

/** Creates when there is no id, changes the attribute otherwise. */
export function useSaveAttribute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; input: AttributeCreate }) =>
      v.id ? updateAttribute(v.id, v.input) : createAttribute(v.input),
    onSuccess: () => refreshCatalogue(client),
  });
}
