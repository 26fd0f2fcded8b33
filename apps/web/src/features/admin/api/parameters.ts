import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminParameters, ParametersSave } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { refreshStores } from '@/features/stores';
import { adminKey } from './stores';

const parametersKey = [...adminKey, 'parameters'] as const;

/** The business's values (storeId null) or a store's, with what applies there. */
export function useParameters(storeId: string | null) {
  return useQuery({
    queryKey: [...parametersKey, storeId] as const,
    queryFn: () =>
      api.get<AdminParameters>('/app/admin/business-parameters', {
        params: storeId ? { storeId } : {},
        silent: true,
      }),
  });
}

export function useSaveParameters() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ParametersSave) =>
      api.put<AdminParameters>('/app/admin/business-parameters', input, { silent: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: parametersKey });
      await refreshStores({ force: true });
    },
  });
}
