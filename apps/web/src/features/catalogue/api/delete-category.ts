import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshCatalogue } from './catalogue-keys';

export function deleteCategory(id: string) {
  return api.delete<void>(`/app/catalogue/categories/${id}`, { silent: true });
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => refreshCatalogue(client) });
}
