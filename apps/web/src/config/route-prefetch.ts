import type { QueryClient } from '@tanstack/react-query';
import { prefetchStoreDashboard } from '@/features/home/api/get-store-dashboard';
import { prefetchInventoryList } from '@/features/inventory/api/prefetch-inventory-list';
import { Paths } from './paths';

type Prefetch = (client: QueryClient, search: URLSearchParams) => void;

/**
 * The data a page opens on, asked for as the app starts when that page is the one opened and the
 * user may see it (main.tsx): it arrives beside the page's code instead of after the page drew.
 * Kept apart from the route table, which the build reads outside a browser.
 */
export const routePrefetch: Partial<Record<string, Prefetch>> = {
  [Paths.storeDashboard]: prefetchStoreDashboard,
  [Paths.inventoryList]: prefetchInventoryList,
};
