import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreDashboard } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { useWorkingStore } from '@/features/stores/hooks/use-working-store';

export const storeDashboardKey = ['store-dashboard'] as const;

export function storeDashboardQuery(storeId: string | null) {
  return queryOptions({
    queryKey: [...storeDashboardKey, storeId] as const,
    queryFn: () =>
      api.get<StoreDashboard>('/app/store-dashboard', {
        params: storeId ? { storeId } : {},
        silent: true,
      }),
    // The page is kept alive: coming back to it asks again, whatever the cache says.
    refetchOnMount: 'always',
  });
}

/** Today at the store the counter works on. */
export function useStoreDashboard() {
  const { storeId } = useWorkingStore();
  // Without a store (none made yet, or none given) there is nothing to ask; the page says so.
  return useQuery({ ...storeDashboardQuery(storeId), enabled: !!storeId });
}
