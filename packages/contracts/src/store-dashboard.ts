import { z } from 'zod';
import { orderListParams, preparationParams, type OrderListFilters } from './order-list.js';
import type { OrderListQuery } from './orders.js';

/**
 * The store dashboard (issue: the store dashboard with real figures): today's work at one store.
 * Each order figure is the total of an order list, defined here once: the server counts with the
 * list's own query, and the page links to that list, so a figure always equals what it opens.
 */
export const STORE_ORDER_FIGURES = [
  'toConfirm',
  'pickupsToday',
  'deliveriesToday',
  'returnsToday',
  'pickupRuns',
  'overdue',
  'toPrepare',
  'selfReturns',
] as const;
export type StoreOrderFigure = (typeof STORE_ORDER_FIGURES)[number];

/** Where a figure leads: the store order list with these filters, or the preparation list. */
export type StoreFigureList =
  { list: 'orders'; filters: OrderListFilters } | { list: 'preparation'; lastDay: string };

/** `today` and `tomorrow` are business days (YYYY-MM-DD) in the business time zone. */
export function storeFigureList(
  figure: StoreOrderFigure,
  today: string,
  tomorrow: string,
): StoreFigureList {
  const orders = (filters: OrderListFilters): StoreFigureList => ({ list: 'orders', filters });
  switch (figure) {
    // Agents' orders waiting for the store.
    case 'toConfirm':
      return orders({ tab: 'pending' });
    // Booked and paid, collected at the counter today.
    case 'pickupsToday':
      return orders({ tab: 'reserved', startFrom: today, startTo: today });
    // Deliveries due today (or late) still to be delivered.
    case 'deliveriesToday':
      return orders({ tab: 'all', run: 'delivery', startTo: today });
    // Gear with customers, due back today.
    case 'returnsToday':
      return orders({ tab: 'inUse', endFrom: today, endTo: today });
    // Drivers' pickups due today (or late) not yet collected.
    case 'pickupRuns':
      return orders({ tab: 'all', run: 'pickup', endTo: today });
    case 'overdue':
      return orders({ tab: 'overdue' });
    // Paid orders starting today or tomorrow with gear still to pick.
    case 'toPrepare':
      return { list: 'preparation', lastDay: tomorrow };
    // Customers' self-returns waiting for the gear to be checked in.
    case 'selfReturns':
      return orders({ tab: 'selfReturn' });
  }
}

/** The order-list query a figure counts. */
export function storeFigureQuery(target: StoreFigureList): OrderListQuery {
  return target.list === 'orders'
    ? orderListParams(target.filters)
    : preparationParams(target.lastDay);
}

export const StoreDashboardQuerySchema = z.object({
  /** The store (a super admin chooses; staff always get their own). */
  storeId: z.uuid().optional(),
});

const Yuan = z.number();

export const StoreDashboardSchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  /** Today on the business calendar, and tomorrow (what the figures' lists are about). */
  today: z.string(),
  tomorrow: z.string(),
  orders: z.record(z.enum(STORE_ORDER_FIGURES), z.number().int()),
  /** Items of the store out with customers now (equipment status 1). */
  gearInUse: z.number().int(),
  /** Small equipment at or below its threshold. */
  lowStock: z.number().int(),
  /** Money in and out today by method; null for someone who does not see the store's finances. */
  takings: z
    .object({
      byMethod: z.array(z.object({ method: z.string(), payments: Yuan, refunds: Yuan, net: Yuan })),
      net: Yuan,
    })
    .nullable(),
  /** The last 7 days, oldest first: rentals that started each day, and (for finance) the day's net takings. */
  week: z.array(
    z.object({
      day: z.string(),
      rentals: z.number().int(),
      takings: Yuan.nullable(),
    }),
  ),
});
export type StoreDashboard = z.infer<typeof StoreDashboardSchema>;
