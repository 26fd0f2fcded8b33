import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueAttribute } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { refreshCatalogue } from './catalogue-keys';

/** Shows the attribute in the forms and filters again, or takes it out (its values stay). */
export function setAttributeEnabled(id: string, enabled: boolean) {
  return api.post<CatalogueAttribute>(
    `/app/catalogue/attributes/${id}/${enabled ? 'enable' : 'disable'}`,
    undefined,
    { silent: true },
  );
}

export function deleteAttribute(id: string) {
  return api.delete<void>(`/app/catalogue/attributes/${id}`, { silent: true });
}

export function useSetAttributeEnabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; enabled: boolean }) => setAttributeEnabled(v.id, v.enabled),
    onSuccess: () => refreshCatalogue(client),
  });
}

export function useDeleteAttribute() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteAttribute, onSuccess: () => refreshCatalogue(client) });
}
