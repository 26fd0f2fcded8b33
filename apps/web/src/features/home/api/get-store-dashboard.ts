import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { StoreDashboard } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { useWorkingStore, workingStoreNow } from '@/features/stores';

export const storeDashboardKey = ['store-dashboard'] as const;

export function storeDashboardQuery(storeId: string | null) {
  return queryOptions({
    queryKey: [...storeDashboardKey, storeId] as const,
    queryFn: () =>
      api.get<StoreDashboard>('/app/store-dashboard', {
        params: storeId ? { storeId } : {},
        silent: true,
      }),
    // The page is kept alive: coming back to it asks again, whatever the cache says, unless
    // the figures were asked for as the app started (prefetchStoreDashboard).
    refetchOnMount: (query) =>
      Date.now() - query.state.dataUpdatedAt < JUST_ASKED_MS ? false : 'always',
  });
}

const JUST_ASKED_MS = 10_000;

/** The figures the dashboard opens on, asked for as the app starts, beside the page's code. */
export function prefetchStoreDashboard(client: QueryClient): void {
  const storeId = workingStoreNow();
  if (storeId) void client.prefetchQuery(storeDashboardQuery(storeId));
}

/** Today at the store the counter works on. */
export function useStoreDashboard() {
  const { storeId } = useWorkingStore();
  // Without a store (none made yet, or none given) there is nothing to ask; the page says so.
  return useQuery({ ...storeDashboardQuery(storeId), enabled: !!storeId });
}
