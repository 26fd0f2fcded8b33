import { and, eq, sql } from 'drizzle-orm';
import { BillKind, BillStatus, DeliveryMethod, OrderStatus } from '@snowgear/contracts';
import type { Transaction } from '@/db/client.js';
import { bills, orderEvents, orders } from '@/db/schema.js';
import { message, type MessageKey } from '@/lib/messages.js';
import { orderStatusName } from './status.js';

/**
 * Who changes an order: a signed-in user, or the system (the sweeper, a payment provider's
 * notification). Timeline texts are written in the actor's language.
 */
export interface Actor {
  userId: string | null;
  operatorName: string;
  english: boolean;
}

/** The system itself, named as in the timeline ('系统'). */
export const SYSTEM: Actor = {
  userId: null,
  operatorName: message(undefined, 'SystemOperator'),
  english: false,
};

export function actorText(actor: Actor, key: MessageKey, params?: Record<string, string | number>) {
  return message({ headers: { 'accept-language': actor.english ? 'en' : 'zh-CN' } }, key, params);
}

/** One timeline entry, numbered after the order's last. */
export async function appendEvent(
  tx: Transaction,
  orderId: string,
  entry: { kind: string; from?: number; to?: number; message: string },
  actor: Actor,
) {
  const [last] = await tx
    .select({ seq: sql<number>`coalesce(max(${orderEvents.seq}), 0)`.mapWith(Number) })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId));
  await tx.insert(orderEvents).values({
    orderId,
    seq: (last?.seq ?? 0) + 1,
    kind: entry.kind,
    fromStatus: entry.from ?? null,
    toStatus: entry.to ?? null,
    message: entry.message,
    userId: actor.userId,
    operatorName: actor.operatorName,
  });
}

/** A status change guarded by the status it was read in, with its timeline entry. */
export async function moveOrder(
  tx: Transaction,
  order: { id: string; status: number },
  next: OrderStatus,
  actor: Actor,
  text?: string,
): Promise<boolean> {
  const [moved] = await tx
    .update(orders)
    .set({ status: next, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning({ id: orders.id });
  if (!moved) return false;
  await appendEvent(
    tx,
    order.id,
    {
      kind: 'status',
      from: order.status,
      to: next,
      message:
        text ??
        actorText(actor, 'StatusChangedTo', { status: orderStatusName(next, actor.english) }),
    },
    actor,
  );
  return true;
}

/** Where a paid order goes: out for delivery, or reserved at the counter. */
export function paidStatus(deliveryMethod: string): OrderStatus {
  return deliveryMethod === DeliveryMethod.Delivery
    ? OrderStatus.PendingDelivery
    : OrderStatus.Reserved;
}

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
}
