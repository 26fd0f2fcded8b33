import { OrderStatus } from './enums.js';

/**
 * The plain values of orders (kinds, the statuses that allow something, limits), apart from the
 * schemas in orders.ts, so a page that shows orders does not need the schema library.
 */

export const ORDER_STATUSES = Object.values(OrderStatus) as OrderStatus[];

export const BillKind = { Payment: 'payment', Supplement: 'supplement', Refund: 'refund' } as const;
export type BillKind = (typeof BillKind)[keyof typeof BillKind];
export const BillStatus = { Pending: 'pending', Paid: 'paid', Cancelled: 'cancelled' } as const;
export type BillStatus = (typeof BillStatus)[keyof typeof BillStatus];

export const ORDER_REMARKS_MAX = 500;

export const ORDER_ITEMS_MAX = 50;

export const ReturnState = { Returned: 'returned', Damaged: 'damaged', Lost: 'lost' } as const;
export type ReturnState = (typeof ReturnState)[keyof typeof ReturnState];

/** Spec §4: an item may be returned early while its order is 2 to 8 (screen and server alike). */
export const EARLY_RETURN_FROM: readonly OrderStatus[] = [
  OrderStatus.PendingDelivery,
  OrderStatus.Delivering,
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingPayment,
  OrderStatus.PendingReturn,
  OrderStatus.Returned,
];

/** Statuses a customer may cancel from: before the gear is out (the store's rule is wider). */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = [
  OrderStatus.Pending,
  OrderStatus.Unpaid,
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
];
/** Statuses a customer may extend from: booked or out, not once it is on its way back. */
export const CUSTOMER_EXTENDABLE: readonly OrderStatus[] = [
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
  OrderStatus.Delivered,
  OrderStatus.InUse,
];
/** Statuses a customer may start a self-return from: the gear is with them. */
export const CUSTOMER_RETURNABLE: readonly OrderStatus[] = [
  OrderStatus.Delivered,
  OrderStatus.InUse,
];
/** Days one extension may add (a longer stay is booked again). */
export const CUSTOMER_EXTEND_DAYS_MAX = 14;
