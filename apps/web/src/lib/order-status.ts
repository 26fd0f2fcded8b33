import { OrderStatus } from '@snowgear/contracts';

/** Translation keys (orders.statuses.*) and tag colours of the order status codes. */
export const ORDER_STATUS_KEYS: Record<number, keyof typeof ORDER_STATUS_COLOR_BY_KEY> = {
  [OrderStatus.Pending]: 'pending',
  [OrderStatus.Unpaid]: 'unpaid',
  [OrderStatus.PendingDelivery]: 'pendingDelivery',
  [OrderStatus.Delivering]: 'delivering',
  [OrderStatus.Delivered]: 'delivered',
  [OrderStatus.InUse]: 'inUse',
  [OrderStatus.PendingPayment]: 'pendingPayment',
  [OrderStatus.PendingReturn]: 'pendingReturn',
  [OrderStatus.Returned]: 'returned',
  [OrderStatus.Completed]: 'completed',
  [OrderStatus.Cancelled]: 'cancelled',
  [OrderStatus.Reserved]: 'reserved',
};

const ORDER_STATUS_COLOR_BY_KEY = {
  pending: 'warning',
  unpaid: 'danger',
  pendingDelivery: 'primary',
  delivering: 'primary',
  delivered: 'primary',
  inUse: 'success',
  pendingPayment: 'danger',
  pendingReturn: 'warning',
  returned: 'default',
  completed: 'default',
  cancelled: 'default',
  reserved: 'primary',
} as const;

export function orderStatusColor(status: number): string {
  const key = ORDER_STATUS_KEYS[status];
  return key ? ORDER_STATUS_COLOR_BY_KEY[key] : 'default';
}
