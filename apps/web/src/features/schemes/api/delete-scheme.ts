import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemesKey } from './list-schemes';

/** Deletes one of my schemes; its short link then opens nothing. */
export function useDeleteScheme() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<null>(`/app/schemes/${encodeURIComponent(id)}`, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: schemesKey }),
  });
}
