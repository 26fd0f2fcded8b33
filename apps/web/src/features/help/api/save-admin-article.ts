import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HelpAdminArticle, HelpArticleInput } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export function createAdminArticle(input: HelpArticleInput) {
  return api.post<HelpAdminArticle>('/app/help/admin/articles', input, { silent: true });
}

export function updateAdminArticle(id: string, input: HelpArticleInput) {
  return api.put<HelpAdminArticle>(`/app/help/admin/articles/${id}`, input, { silent: true });
}

/** Creates (as a draft) when there is no id, changes the article otherwise. */
export function useSaveAdminArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; input: HelpArticleInput }) =>
      v.id ? updateAdminArticle(v.id, v.input) : createAdminArticle(v.input),
    // The editor's lists and the help centre's alike.
    onSuccess: () => client.invalidateQueries({ queryKey: ['help'] }),
  });
}
