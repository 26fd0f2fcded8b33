import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type {
  HelpArticleSummary,
  HelpAudience,
  PagedResult,
  SupportedLanguage,
} from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

export const HELP_PAGE_SIZE = 10;

export function listHelpArticles(params: {
  audience?: HelpAudience | undefined;
  language: SupportedLanguage;
  skipCount: number;
  maxResultCount: number;
}) {
  return api.get<PagedResult<HelpArticleSummary>>('/app/help/articles', { params, silent: true });
}

export function helpArticlesQuery(audience: HelpAudience | undefined, language: SupportedLanguage) {
  return infiniteQueryOptions({
    queryKey: ['help', 'articles', { audience, language }] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      listHelpArticles({
        audience,
        language,
        skipCount: pageParam,
        maxResultCount: HELP_PAGE_SIZE,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
  });
}

export function useHelpArticles(audience?: HelpAudience) {
  return useInfiniteQuery(helpArticlesQuery(audience, currentLanguage()));
}
