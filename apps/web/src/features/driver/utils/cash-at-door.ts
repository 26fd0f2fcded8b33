import {
  DeliveryMethod,
  Permissions,
  ReturnMethod,
  type DeliveryTaskKind,
  type Order,
} from '@snowgear/contracts';

/**
 * Whether this user confirms the order's cash at the door, and if not, why: the server's rule
 * (`assertMayTakeCash`, docs/deliveries.md). The store's order handlers take cash on any order of
 * their store; a driver only on a run that is theirs (the cash counts in the shift close of
 * whoever confirms it). A run still in the open pool is taken first.
 */
export type CashAtDoor =
  | { kind: 'mine' }
  | { kind: 'pool'; run: DeliveryTaskKind }
  | { kind: 'held'; run: DeliveryTaskKind; by: string }
  /** A counter order: paid at the counter. */
  | { kind: 'counter' };

type OrderRuns = Pick<
  Order,
  'deliveryMethod' | 'returnMethod' | 'deliveryDriver' | 'pickupDriver' | 'deliveredAt'
>;

export function cashAtDoor(
  order: OrderRuns,
  user: { id: string | undefined; permissions: readonly string[] },
): CashAtDoor {
  const has = (p: string) => user.permissions.includes(p);
  if (has(Permissions.BusinessOperations.OrderProcess)) return { kind: 'mine' };
  const delivers =
    has(Permissions.DeliveryManagement.DeliveryOrders) &&
    order.deliveryMethod === DeliveryMethod.Delivery;
  const picksUp =
    has(Permissions.DeliveryManagement.PickupOrders) && order.returnMethod === ReturnMethod.Pickup;
  if (!delivers && !picksUp) return { kind: 'counter' };
  const mine = (driver: Order['deliveryDriver']) => !!user.id && driver?.id === user.id;
  if ((delivers && mine(order.deliveryDriver)) || (picksUp && mine(order.pickupDriver))) {
    return { kind: 'mine' };
  }
  // The run at hand: the delivery until the gear is at the door, then the pickup.
  const run: DeliveryTaskKind =
    delivers && (!order.deliveredAt || !picksUp) ? 'delivery' : 'pickup';
  const driver = run === 'delivery' ? order.deliveryDriver : order.pickupDriver;
  return driver ? { kind: 'held', run, by: driver.name } : { kind: 'pool', run };
}
