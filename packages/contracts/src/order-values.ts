import { DeliveryMethod, OrderStatus } from './enums.js';

/**
 * The plain values of orders (kinds, the statuses that allow something, limits), apart from the
 * schemas in orders.ts, so a page that shows orders does not need the schema library.
 */

export const ORDER_STATUSES = Object.values(OrderStatus) as OrderStatus[];

/**
 * How an order's fee lines are described, in the language it was taken in: a delivery run and a
 * pickup run are both DeliveryFee, told apart by these words (which a summary reads back).
 */
export const FEE_LINE_LABELS = {
  'zh-CN': { delivery: '送货上门', pickup: '上门取件', discount: '优惠' },
  'en-US': { delivery: 'Delivery', pickup: 'Pickup', discount: 'Discount' },
} as const;

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
/** The statuses an order goes through until the gear is with the customer, by how it gets there. */
const WAY_TO_THE_CUSTOMER = {
  [DeliveryMethod.SelfPickup]: [
    OrderStatus.Pending,
    OrderStatus.Unpaid,
    OrderStatus.Reserved,
    OrderStatus.InUse,
  ],
  [DeliveryMethod.Delivery]: [
    OrderStatus.Pending,
    OrderStatus.Unpaid,
    OrderStatus.PendingDelivery,
    OrderStatus.Delivering,
    OrderStatus.Delivered,
    OrderStatus.InUse,
  ],
} as const;
/** A status on an order's way to the customer. */
export type WayToTheCustomer = (typeof WAY_TO_THE_CUSTOMER)[DeliveryMethod][number];

/**
 * The first status on the order's way to the customer from which the customer can no longer
 * cancel (`CUSTOMER_CANCELLABLE`): what the cancellation terms on screen say, so they cannot
 * promise more than the server allows. Handed over at the store (InUse) for a pickup at the
 * store, on its way (Delivering) for a delivery.
 */
export function customerCancelsUntil(deliveryMethod: DeliveryMethod): WayToTheCustomer {
  const way: readonly WayToTheCustomer[] = WAY_TO_THE_CUSTOMER[deliveryMethod];
  return way.find((s) => !CUSTOMER_CANCELLABLE.includes(s)) ?? way.at(-1)!;
}

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
