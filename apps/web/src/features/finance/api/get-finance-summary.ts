import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FinanceSummary } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import type { FinanceFilters } from '../utils/date-range';

export const financeKey = ['finance'] as const;

/** The query of every finance call: the range, and the store when one is chosen. */
export function financeParams(filters: FinanceFilters) {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.storeId ? { storeId: filters.storeId } : {}),
  };
}

export function getFinanceSummary(filters: FinanceFilters) {
  return api.get<FinanceSummary>('/app/finance/summary', {
    params: financeParams(filters),
    silent: true,
  });
}

export function financeSummaryQuery(filters: FinanceFilters) {
  return queryOptions({
    queryKey: [...financeKey, 'summary', financeParams(filters)] as const,
    queryFn: () => getFinanceSummary(filters),
  });
}

export function useFinanceSummary(filters: FinanceFilters) {
  return useQuery(financeSummaryQuery(filters));
}
