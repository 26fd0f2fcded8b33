import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HelpAdminArticle } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

/** Shows the article in the help centre, or takes it out (it stays as a draft). */
export function setArticlePublished(id: string, published: boolean) {
  return api.post<HelpAdminArticle>(
    `/app/help/admin/articles/${id}/${published ? 'publish' : 'unpublish'}`,
    undefined,
    { silent: true },
  );
}

export function useSetArticlePublished() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; published: boolean }) => setArticlePublished(v.id, v.published),
    onSuccess: () => client.invalidateQueries({ queryKey: ['help'] }),
  });
}
