import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HelpArticleSummary, PagedResult, SupportedLanguage } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { HELP_PAGE_SIZE } from './list-help-articles';

export function searchHelpArticles(params: {
  keyword: string;
  language: SupportedLanguage;
  skipCount: number;
  maxResultCount: number;
}) {
  return api.get<PagedResult<HelpArticleSummary>>('/app/help/articles/search', {
    params,
    silent: true,
  });
}

export function helpSearchQuery(keyword: string, language: SupportedLanguage) {
  return infiniteQueryOptions({
    queryKey: ['help', 'search', { keyword, language }] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      searchHelpArticles({
        keyword,
        language,
        skipCount: pageParam,
        maxResultCount: HELP_PAGE_SIZE,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
    enabled: keyword.trim().length > 0,
  });
}

export function useHelpSearch(keyword: string) {
  return useInfiniteQuery(helpSearchQuery(keyword.trim(), currentLanguage()));
}
