import { OrderStatus } from './enums.js';
import type { OrderListQuery } from './orders.js';

/**
 * The store order list's filters as the page keeps them (tab, search, days, run), and the list
 * call each asks for. Shared so that a figure that counts a list (the store dashboard, the
 * workspace tiles) asks the server exactly what the list it opens asks.
 */

/**
 * How far an order list's total is counted. An exact count reads every matching order (a
 * million in a busy store's all tab, each match of a search rechecked in the table), so the
 * server counts no further than this many orders past the page asked for: below that the total
 * is exact; beyond it, `totalCount` is one more (skipCount + cap + 1), which keeps paging going
 * and is shown as "1000+" (`orderTotalText`). A hundred pages of ten is past anyone's scrolling.
 */
export const ORDER_LIST_COUNT_CAP = 1_000;

/** An order list's total as shown: the number, or "1000+" when there are more than the cap. */
export function orderTotalText(totalCount: number): string {
  return totalCount > ORDER_LIST_COUNT_CAP ? `${ORDER_LIST_COUNT_CAP}+` : String(totalCount);
}

/** The status tabs of the store order list, in the order they are shown. */
export const ORDER_TABS = [
  'all',
  'pending',
  'unpaid',
  'reserved',
  'pendingDelivery',
  'inUse',
  'pendingReturn',
  'pendingPayment',
  'completed',
  'cancelled',
  'overdue',
  'selfReturn',
] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

const codes = (...statuses: OrderStatus[]) => statuses.join(',');

/**
 * What each tab asks the server for. Every status code sits in exactly one tab, so no order can
 * only be found under 'all':
 * - pending: waiting for the store to confirm it (0, an agent's order);
 * - unpaid: waiting for the customer's money (1);
 * - pendingDelivery: waiting for the driver or on the way (2, 3);
 * - inUse: the gear is with the customer, delivered (4) or in use (5);
 * - completed: the gear is back (8) or the order is closed (9);
 * - the others are one code each. Overdue is not a status (in use or delivered past the rental
 *   end), so its tab uses the server's overdue filter across statuses. Self-returns are the
 *   customers' hand-backs waiting for the store to check the gear in (some of pendingReturn).
 */
export const ORDER_TAB_QUERY: Record<
  OrderTab,
  Pick<OrderListQuery, 'status' | 'overdue' | 'selfReturn'>
> = {
  all: {},
  pending: { status: codes(OrderStatus.Pending) },
  unpaid: { status: codes(OrderStatus.Unpaid) },
  reserved: { status: codes(OrderStatus.Reserved) },
  pendingDelivery: { status: codes(OrderStatus.PendingDelivery, OrderStatus.Delivering) },
  inUse: { status: codes(OrderStatus.Delivered, OrderStatus.InUse) },
  pendingReturn: { status: codes(OrderStatus.PendingReturn) },
  pendingPayment: { status: codes(OrderStatus.PendingPayment) },
  completed: { status: codes(OrderStatus.Returned, OrderStatus.Completed) },
  cancelled: { status: codes(OrderStatus.Cancelled) },
  overdue: { overdue: 'true' },
  selfReturn: { selfReturn: 'true' },
};

/**
 * A driver's run still to do: a delivery not yet delivered, or a pickup not yet collected
 * (ARCHITECTURE.md: runs are moved by the order's lifecycle).
 */
export const ORDER_RUNS = ['delivery', 'pickup'] as const;
export type OrderRun = (typeof ORDER_RUNS)[number];

export interface OrderListFilters {
  tab: OrderTab;
  /** Order number, customer name or phone. */
  keyword?: string | undefined;
  /** Rental start days, YYYY-MM-DD, both inclusive. */
  startFrom?: string | undefined;
  startTo?: string | undefined;
  /** Rental end (return) days, YYYY-MM-DD, both inclusive. */
  endFrom?: string | undefined;
  endTo?: string | undefined;
  /** Only orders with this driver's run still to do. */
  run?: OrderRun | undefined;
}

/** The list call's query for a set of filters (paging and store aside). */
export function orderListParams(filters: OrderListFilters): OrderListQuery {
  const params: OrderListQuery = { ...ORDER_TAB_QUERY[filters.tab] };
  if (filters.keyword) params.keyword = filters.keyword;
  if (filters.startFrom) params.startFrom = filters.startFrom;
  if (filters.startTo) params.startTo = filters.startTo;
  if (filters.endFrom) params.endFrom = filters.endFrom;
  if (filters.endTo) params.endTo = filters.endTo;
  if (filters.run) params.run = filters.run;
  return params;
}

/**
 * The preparation list (spec §2 workspace/preparation-orders): paid orders starting by
 * `lastDay` (today or tomorrow) with a line still waiting for its gear.
 */
export function preparationParams(lastDay: string): OrderListQuery {
  return {
    status: codes(OrderStatus.Reserved, OrderStatus.PendingDelivery),
    unbound: 'true',
    startTo: lastDay,
  };
}
