import { useQueries, type QueryClient } from '@tanstack/react-query';
import type { ItemAvailability, ItemAvailabilityQuery } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

/** A scanned item's answer for a new order's window is fresh for this long. */
const FRESH_MS = 30_000;

const availabilityKey = (q: ItemAvailabilityQuery) =>
  ['orders', 'item-availability', q.storeId, q.barcode.toLowerCase(), q.from, q.to] as const;

/** Whether an item may go on a new order of the store for [from, to), and why not. */
export function getItemAvailability(q: ItemAvailabilityQuery): Promise<ItemAvailability> {
  return api.get<ItemAvailability>('/app/orders/item-availability', { params: q, silent: true });
}

/** The answer for a scan, asked at once (and kept for the lines' own check below). */
export function fetchItemAvailability(client: QueryClient, q: ItemAvailabilityQuery) {
  return client.fetchQuery({
    queryKey: availabilityKey(q),
    queryFn: () => getItemAvailability(q),
    staleTime: FRESH_MS,
  });
}

/**
 * The answers for every line of a new order for its window, asked again when the window changes:
 * the lines that may not go on it, by item id.
 */
export function useLineAvailability(
  lines: { equipmentId: string; barcodeNumber: string }[],
  window: { storeId: string; from: string; to: string },
): Map<string, ItemAvailability> {
  return useQueries({
    queries: lines.map((line) => {
      const q = { ...window, barcode: line.barcodeNumber };
      return {
        queryKey: availabilityKey(q),
        queryFn: () => getItemAvailability(q),
        staleTime: FRESH_MS,
        retry: false,
      };
    }),
    combine: (results) => {
      const refused = new Map<string, ItemAvailability>();
      results.forEach((r, i) => {
        const line = lines[i];
        if (line && r.data && !r.data.free) refused.set(line.equipmentId, r.data);
      });
      return refused;
    },
  });
}
