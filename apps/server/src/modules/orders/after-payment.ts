import { and, eq } from 'drizzle-orm';
import { BillKind, BillStatus, OrderStatus } from '@snowgear/contracts';
import type { Transaction } from '@/db/client.js';
import { bills, orders } from '@/db/schema.js';
import { handOverOnPayment } from './counter-scan.js';
import { moveOrder, paidStatus, type Actor } from './timeline.js';

// Apart from timeline.ts, which counter-scan.ts writes its events with: the hand-over at payment
// uses both.

/**
 * Moves an order on once its bills allow: Unpaid → Reserved (or waiting for delivery) when the
 * payment is in; after the return, PendingPayment/Returned → Completed when nothing is owed
 * either way (or back to Returned while only a refund is still to give).
 */
export async function advanceAfterPayment(tx: Transaction, orderId: string, actor: Actor) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  const open = await tx
    .select({ kind: bills.kind })
    .from(bills)
    .where(and(eq(bills.orderId, orderId), eq(bills.status, BillStatus.Pending)));
  let next: OrderStatus | null = null;
  if (order.status === OrderStatus.Unpaid && !open.some((b) => b.kind === BillKind.Payment)) {
    next = paidStatus(order.deliveryMethod);
  } else if (order.status === OrderStatus.PendingPayment || order.status === OrderStatus.Returned) {
    if (open.length === 0) next = OrderStatus.Completed;
    else if (!open.some((b) => b.kind !== BillKind.Refund)) next = OrderStatus.Returned;
  }
  if (next !== null && next !== order.status) await moveOrder(tx, order, next, actor);
  // A counter order's scanned gear goes out with its payment (counter-scan.ts).
  if (next === OrderStatus.Reserved) await handOverOnPayment(tx, orderId, actor);
}
