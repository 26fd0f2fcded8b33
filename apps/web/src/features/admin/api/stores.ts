import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoreAdmin, StoreSave } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { refreshStores } from '@/features/stores';

export const adminKey = ['admin'] as const;
const storesKey = [...adminKey, 'stores'] as const;

export function storesQuery() {
  return queryOptions({
    queryKey: storesKey,
    queryFn: async () =>
      (await api.get<{ items: StoreAdmin[] }>('/app/admin/stores', { silent: true })).items,
  });
}

export function useAdminStores() {
  return useQuery(storesQuery());
}

export function useAdminStore(id: string | null) {
  return useQuery({
    queryKey: [...storesKey, id] as const,
    queryFn: () =>
      api.get<StoreAdmin>(`/app/admin/stores/${encodeURIComponent(id!)}`, { silent: true }),
    enabled: !!id,
  });
}

/** Opens a store (no id) or changes one; this phone's configuration follows at once. */
export function useSaveStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string | null; input: StoreSave }) =>
      v.id
        ? api.put<StoreAdmin>(`/app/admin/stores/${encodeURIComponent(v.id)}`, v.input, {
            silent: true,
          })
        : api.post<StoreAdmin>('/app/admin/stores', v.input, { silent: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: storesKey });
      await refreshStores({ force: true });
    },
  });
}
