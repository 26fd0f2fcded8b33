import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type {
  HelpAdminArticleSummary,
  HelpAudience,
  PagedResult,
  SupportedLanguage,
} from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { HELP_PAGE_SIZE } from './list-help-articles';

/** The editor's keys sit under the help centre's, so a change refreshes what readers see too. */
export const helpAdminKey = ['help', 'admin'] as const;

export interface HelpAdminFilters {
  audience?: HelpAudience | undefined;
  language?: SupportedLanguage | undefined;
  isPublished?: boolean | undefined;
  keyword?: string | undefined;
}

export function listAdminArticles(
  filters: HelpAdminFilters & { skipCount: number; maxResultCount: number },
) {
  return api.get<PagedResult<HelpAdminArticleSummary>>('/app/help/admin/articles', {
    params: filters,
    silent: true,
  });
}

export function adminArticlesQuery(filters: HelpAdminFilters) {
  return infiniteQueryOptions({
    queryKey: [...helpAdminKey, 'list', filters] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      listAdminArticles({ ...filters, skipCount: pageParam, maxResultCount: HELP_PAGE_SIZE }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
  });
}

export function useAdminArticles(filters: HelpAdminFilters) {
  return useInfiniteQuery(adminArticlesQuery(filters));
}
