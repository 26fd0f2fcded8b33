import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HelpAdminArticle } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { helpAdminKey } from './list-admin-articles';

/** An article as its editor sees it, draft or published. */
export function getAdminArticle(id: string) {
  return api.get<HelpAdminArticle>(`/app/help/admin/articles/${encodeURIComponent(id)}`, {
    silent: true,
  });
}

export function adminArticleQuery(id: string) {
  return queryOptions({
    queryKey: [...helpAdminKey, 'article', id] as const,
    queryFn: () => getAdminArticle(id),
  });
}

export function useAdminArticle(id: string) {
  return useQuery({ ...adminArticleQuery(id), enabled: id !== 'new' });
}
