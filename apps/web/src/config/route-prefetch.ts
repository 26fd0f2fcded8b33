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

/**
 * The pages that read the business clock as they first draw (store hours, times in the store's
 * time zone). Building its formatter loads the time-zone data (some 50 ms of a mid-range phone's
 * start): for these pages main.tsx builds it while the start-up waits for their code, and other
 * pages do without it.
 */
export const readsBusinessClock: ReadonlySet<string> = new Set([
  Paths.orderCreate,
  Paths.customerOrders,
  Paths.contactService,
  Paths.storeDashboard,
  Paths.workspace,
  Paths.overdueOrders,
  Paths.preparationOrders,
  Paths.storeFinance,
  Paths.driverDashboard,
  Paths.agentDashboard,
]);
