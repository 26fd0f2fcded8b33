import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Employee, PagedResult } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export const EMPLOYEES_PAGE_SIZE = 20;

export function listEmployees(params: {
  keyword?: string;
  skipCount: number;
  maxResultCount: number;
}) {
  return api.get<PagedResult<Employee>>('/app/employees', { params, silent: true });
}

export const employeesKey = ['employees'] as const;

export function employeesQuery(keyword: string) {
  return infiniteQueryOptions({
    queryKey: [...employeesKey, 'list', { keyword }] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      listEmployees({
        keyword: keyword || undefined,
        skipCount: pageParam,
        maxResultCount: EMPLOYEES_PAGE_SIZE,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
  });
}

export function useEmployees(keyword: string) {
  return useInfiniteQuery(employeesQuery(keyword));
}
