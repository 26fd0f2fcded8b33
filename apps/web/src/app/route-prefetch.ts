import type { QueryClient } from '@tanstack/react-query';
import { prefetchStoreDashboard } from '@/features/home';
import { prefetchInventoryList } from '@/features/inventory';
import { Paths } from '@/config/paths';

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
 * The pages that format dates as they first draw (times in the store's time zone, the booking's
 * dates). The first date formatter loads ICU's calendar and time zone data (40–100 ms of a
 * mid-range phone's start): for these pages main.tsx builds one while the start-up waits for
 * their code. The store's open status needs none (`localClock`), so the store dashboard and the
 * service contacts do without it, as do pages that show no date.
 */
export const formatsDatesAsDrawn: ReadonlySet<string> = new Set([
  Paths.orderCreate,
  Paths.customerOrders,
  Paths.workspace,
  Paths.overdueOrders,
  Paths.preparationOrders,
  Paths.storeFinance,
  Paths.driverDashboard,
  Paths.agentDashboard,
]);
