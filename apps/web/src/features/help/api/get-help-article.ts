import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HelpArticle } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export function getHelpArticle(id: string) {
  return api.get<HelpArticle>(`/app/help/articles/${encodeURIComponent(id)}`, { silent: true });
}

export function helpArticleQuery(id: string) {
  return queryOptions({
    queryKey: ['help', 'article', id] as const,
    queryFn: () => getHelpArticle(id),
  });
}

export function useHelpArticle(id: string) {
  return useQuery(helpArticleQuery(id));
}
