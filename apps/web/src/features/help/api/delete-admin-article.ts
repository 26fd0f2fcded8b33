import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { helpAdminKey } from './list-admin-articles';

export function deleteAdminArticle(id: string) {
  return api.delete<void>(`/app/help/admin/articles/${id}`, { silent: true });
}

export function useDeleteAdminArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminArticle,
    onSuccess: (_, id) => {
      // Gone: nothing to fetch again for it.
      client.removeQueries({ queryKey: [...helpAdminKey, 'article', id] });
      return client.invalidateQueries({ queryKey: ['help'] });
    },
  });
}
