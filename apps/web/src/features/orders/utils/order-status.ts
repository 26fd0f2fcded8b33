import { OrderStatus } from '@snowgear/contracts';

/** Where cancelling is allowed (the server checks it again). */
export const CANCELLABLE: readonly number[] = [
  OrderStatus.Pending,
  OrderStatus.Unpaid,
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
];

/** An order that waits for the store (an agent's) is confirmed, or declined by cancelling it. */
export const CONFIRMABLE: readonly number[] = [OrderStatus.Pending];

/** Where the lifecycle actions are offered (the server checks them again). */
export const HANDOVER_FROM: readonly number[] = [OrderStatus.Reserved];
export const DISPATCH_FROM: readonly number[] = [OrderStatus.PendingDelivery];
export const DELIVER_FROM: readonly number[] = [OrderStatus.Delivering];
export const START_RETURN_FROM: readonly number[] = [OrderStatus.InUse, OrderStatus.Delivered];
export const EXTENDABLE: readonly number[] = [
  OrderStatus.Reserved,
  OrderStatus.PendingDelivery,
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingReturn,
];
export const RETURNABLE: readonly number[] = [
  OrderStatus.InUse,
  OrderStatus.Delivered,
  OrderStatus.PendingReturn,
];
