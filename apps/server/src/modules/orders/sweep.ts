import { and, eq, sql } from 'drizzle-orm';
import { BillStatus, BusinessParameterKey, OrderStatus } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { bills, equipmentUnavailableTimes, orderEvents, orders } from '@/db/schema.js';
import { businessParameter } from '@/lib/business-parameters.js';
import { message } from '@/lib/messages.js';

/**
 * Cancels orders left unpaid past their store's order-timeout hours (business parameter
 * `OrderTimeoutHours`; blank or 0 means never), releasing their gear. Safe when several server
 * processes sweep at once: each order is cancelled by one conditional update, once.
 */
export async function cancelUnpaidOrders(db: Database, now = new Date()): Promise<number> {
  const unpaid = await db
    .select({
      id: orders.id,
      tenantId: orders.tenantId,
      storeId: orders.storeId,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.status, OrderStatus.Unpaid));
  const timeouts = new Map<string, number>();
  let cancelled = 0;
  for (const order of unpaid) {
    const scope = `${order.tenantId}/${order.storeId}`;
    if (!timeouts.has(scope)) {
      const value = await businessParameter(
        db,
        order.tenantId,
        order.storeId,
        BusinessParameterKey.OrderTimeoutHours,
      );
      const hours = Number(value);
      timeouts.set(scope, Number.isFinite(hours) && hours > 0 ? hours : 0);
    }
    const hours = timeouts.get(scope)!;
    if (hours === 0 || order.createdAt.getTime() + hours * 3_600_000 > now.getTime()) continue;
    const done = await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(orders)
        .set({ status: OrderStatus.Cancelled, updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, OrderStatus.Unpaid)))
        .returning({ id: orders.id });
      if (!changed) return false;
      await tx
        .delete(equipmentUnavailableTimes)
        .where(eq(equipmentUnavailableTimes.orderId, order.id));
      await tx
        .update(bills)
        .set({ status: BillStatus.Cancelled })
        .where(and(eq(bills.orderId, order.id), eq(bills.status, BillStatus.Pending)));
      const [last] = await tx
        .select({ seq: sql<number>`coalesce(max(${orderEvents.seq}), 0)`.mapWith(Number) })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id));
      await tx.insert(orderEvents).values({
        orderId: order.id,
        seq: (last?.seq ?? 0) + 1,
        kind: 'status',
        fromStatus: OrderStatus.Unpaid,
        toStatus: OrderStatus.Cancelled,
        message: message(undefined, 'OrderAutoCancelled'),
        operatorName: message(undefined, 'SystemOperator'),
      });
      return true;
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}
