import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OperationHistory, PagedResult } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { equipmentKey } from './list-equipment';

export function useOperationHistory(id: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...equipmentKey, 'history', id] as const,
      initialPageParam: 0,
      queryFn: ({ pageParam }) =>
        api.get<PagedResult<OperationHistory>>(`/app/equipment/equipment-operation-history/${id}`, {
          params: { skipCount: pageParam, maxResultCount: 20 },
          silent: true,
        }),
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((n, p) => n + p.items.length, 0);
        return loaded < last.totalCount ? loaded : undefined;
      },
    }),
  );
}
