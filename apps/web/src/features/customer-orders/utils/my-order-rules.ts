import {
  CUSTOMER_CANCELLABLE,
  CUSTOMER_EXTENDABLE,
  CUSTOMER_RETURNABLE,
  DeliveryMethod,
  OrderStatus,
  OrderType,
  ReturnMethod,
  type Order,
  type OrderSummary,
} from '@snowgear/contracts';

/** Gear with the customer (delivered or in use). */
const OUT: readonly number[] = [OrderStatus.Delivered, OrderStatus.InUse];
/** Booked and coming: at the store or on its way. */
const COMING: readonly number[] = [
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
  OrderStatus.Delivering,
];
const TO_PAY: readonly number[] = [
  OrderStatus.Pending,
  OrderStatus.Unpaid,
  OrderStatus.PendingPayment,
];

/**
 * The order that matters now, for the dashboard: overdue gear first, then gear out (the one due
 * back soonest), money due, the next rental to start, and gear on its way back.
 */
export function currentOrder<T extends OrderSummary>(orders: readonly T[]): T | null {
  const rank = (o: T) =>
    o.isOverdue
      ? 0
      : OUT.includes(o.status)
        ? 1
        : TO_PAY.includes(o.status)
          ? 2
          : COMING.includes(o.status)
            ? 3
            : 4;
  const when = (o: T) => Date.parse(OUT.includes(o.status) ? o.rentalEndTime : o.rentalStartTime);
  return [...orders].sort((a, b) => rank(a) - rank(b) || when(a) - when(b))[0] ?? null;
}

/** What the time left means for the order: until its start, until its end, or past its end. */
export type TimeLeft = {
  kind: 'startsIn' | 'endsIn' | 'overdueBy';
  days: number;
  hours: number;
  minutes: number;
} | null;

export function timeLeft(order: OrderSummary, now: number): TimeLeft {
  const split = (ms: number) => {
    const minutes = Math.max(0, Math.floor(ms / 60_000));
    return {
      days: Math.floor(minutes / 1440),
      hours: Math.floor((minutes % 1440) / 60),
      minutes: minutes % 60,
    };
  };
  const start = Date.parse(order.rentalStartTime);
  const end = Date.parse(order.rentalEndTime);
  if (OUT.includes(order.status)) {
    return end >= now
      ? { kind: 'endsIn', ...split(end - now) }
      : { kind: 'overdueBy', ...split(now - end) };
  }
  if (COMING.includes(order.status) || TO_PAY.includes(order.status)) {
    if (start > now) return { kind: 'startsIn', ...split(start - now) };
  }
  return null;
}

/** Money the customer still owes: an open payment or supplement. */
export function dueBill(order: Pick<Order, 'bills'>) {
  return order.bills.find((b) => b.status === 'pending' && b.kind !== 'refund') ?? null;
}

/** Money the store still owes the customer (a refund not yet gone back). */
export function owedRefund(order: Pick<Order, 'bills'>) {
  return order.bills.find((b) => b.status === 'pending' && b.kind === 'refund') ?? null;
}

/**
 * Where the gear is and what the customer does next, by how it travels and the order's status:
 * picked up at the store with the code (`pickUpAtStore`), brought by a driver (`deliveryComing`),
 * with the customer and going back to the store (`returnToStore`) or collected by a driver
 * (`collectedFromYou`), on its way back or being settled (`returning`), or nothing more (`closed`).
 * Texts and the pickup code follow it, so a delivery is never told to come to the store.
 */
export type GearStep =
  | 'pickUpAtStore'
  | 'deliveryComing'
  | 'returnToStore'
  | 'collectedFromYou'
  | 'returning'
  | 'closed';

export function gearStep(
  order: Pick<OrderSummary, 'status' | 'deliveryMethod' | 'returnMethod'>,
): GearStep {
  switch (order.status as OrderStatus) {
    case OrderStatus.Pending:
    case OrderStatus.Unpaid:
      return order.deliveryMethod === DeliveryMethod.Delivery ? 'deliveryComing' : 'pickUpAtStore';
    case OrderStatus.Reserved:
      return 'pickUpAtStore';
    case OrderStatus.PendingDelivery:
    case OrderStatus.Delivering:
      return 'deliveryComing';
    case OrderStatus.Delivered:
    case OrderStatus.InUse:
      return order.returnMethod === ReturnMethod.Pickup ? 'collectedFromYou' : 'returnToStore';
    case OrderStatus.PendingReturn:
    case OrderStatus.Returned:
    case OrderStatus.PendingPayment:
      return 'returning';
    case OrderStatus.Completed:
    case OrderStatus.Cancelled:
      return 'closed';
  }
  return 'closed';
}

/** What the customer may do now; the server checks each again. */
export function myOrderActions(order: Order) {
  const free = order.orderType === OrderType.Hospitality || order.orderType === OrderType.Loan;
  return {
    pay: !!dueBill(order) && order.status !== OrderStatus.Cancelled,
    cancel: CUSTOMER_CANCELLABLE.includes(order.status as OrderStatus),
    extend: CUSTOMER_EXTENDABLE.includes(order.status as OrderStatus),
    selfReturn:
      CUSTOMER_RETURNABLE.includes(order.status as OrderStatus) &&
      order.items.some((i) => i.equipmentId && !i.returnState),
    /** The pickup code: only while the gear waits at the store for the customer. */
    showQr: gearStep(order) === 'pickUpAtStore',
    /** One more day, as the server prices it (the order's rate card and seasons). */
    extraDayPrice: free ? 0 : (order.extensionFees[0] ?? 0),
  };
}
