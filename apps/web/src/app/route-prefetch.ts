import type { QueryClient } from '@tanstack/react-query';
import { prefetchStoreDashboard } from '@/features/home';
import { prefetchInventoryList } from '@/features/inventory';
import { Paths } from '@/config/paths';
import { storage, StorageKey } from '@/lib/storage';

const always = () => true;

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
 * The pages that format dates through Intl as they first draw (times in the store's time zone),
 * each with whether it does so this time. The first date formatter loads ICU's calendar and time
 * zone data (40–100 ms of a mid-range phone's start): for these pages main.tsx builds one while
 * the start-up waits for their code. Pages that read the store's clock only through dayjs
 * (`lib/dayjs-zones`) or `localClock` need none in the business's zone: the store dashboard and
 * the service contacts do without it, as do pages that show no date.
 */
export const formatsDatesAsDrawn: ReadonlyMap<string, () => boolean> = new Map([
  // The booking's dates show once a store is chosen: at once when the phone remembers one, not on
  // a first visit, which opens on the list of stores.
  [Paths.orderCreate, () => storage.get(StorageKey.currentStoreId) !== null],
  [Paths.customerOrders, always],
  [Paths.workspace, always],
  [Paths.overdueOrders, always],
  [Paths.preparationOrders, always],
  [Paths.storeFinance, always],
  [Paths.driverDashboard, always],
  [Paths.agentDashboard, always],
]);
