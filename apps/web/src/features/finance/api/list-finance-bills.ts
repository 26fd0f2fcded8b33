import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FinanceBill, PagedResult } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import type { FinanceFilters } from '../utils/date-range';
import { financeKey, financeParams } from './get-finance-summary';

/** Paid bills load 20 at a time: a day at the counter is often more than ten. */
export const FINANCE_BILLS_PAGE_SIZE = 20;

export function listFinanceBills(filters: FinanceFilters, skipCount: number) {
  return api.get<PagedResult<FinanceBill>>('/app/finance/bills', {
    params: { ...financeParams(filters), skipCount, maxResultCount: FINANCE_BILLS_PAGE_SIZE },
    silent: true,
  });
}

export function financeBillsQuery(filters: FinanceFilters) {
  return infiniteQueryOptions({
    queryKey: [...financeKey, 'bills', financeParams(filters)] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => listFinanceBills(filters, pageParam),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
  });
}

export function useFinanceBills(filters: FinanceFilters) {
  return useInfiniteQuery(financeBillsQuery(filters));
}
