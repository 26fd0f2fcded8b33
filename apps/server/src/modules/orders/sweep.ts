import { and, eq, lte } from 'drizzle-orm';
import { BillStatus, BusinessParameterKey, OrderStatus } from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import { bills, orders } from '@/db/schema.js';
import { businessParameter } from '@/lib/business-parameters.js';
import type { MessageKey } from '@/lib/messages.js';
import { releaseHolds } from './capacity.js';
import { writeOrder } from './order-lock.js';
import { appendEvent, say, SYSTEM } from './timeline.js';

/** Hours an unpaid order of a store is kept (`OrderTimeoutHours`; 0: for ever). */
export async function unpaidTimeoutHours(
  db: Database | Transaction,
  tenantId: string,
  storeId: string,
): Promise<number> {
  const value = await businessParameter(
    db,
    tenantId,
    storeId,
    BusinessParameterKey.OrderTimeoutHours,
  );
  return timeoutHoursOf(value);
}

/** The parameter's hours; blank, 0 or anything but a positive number means never. */
export function timeoutHoursOf(value: string | null): number {
  const hours = Number(value);
  return Number.isFinite(hours) && hours > 0 ? hours : 0;
}

/** When the sweep releases an unpaid order (null: not unpaid, or its store keeps it for ever). */
export async function unpaidReleaseTime(
  db: Database | Transaction,
  order: {
    status: number;
    tenantId: string;
    storeId: string;
    createdAt: Date;
    confirmedAt: Date | null;
  },
): Promise<Date | null> {
  if (order.status !== OrderStatus.Unpaid) return null;
  return unpaidReleaseAt(order, await unpaidTimeoutHours(db, order.tenantId, order.storeId));
}

/** The same, with the store's timeout hours at hand. */
export function unpaidReleaseAt(
  order: { status: number; createdAt: Date; confirmedAt: Date | null },
  hours: number,
): Date | null {
  if (order.status !== OrderStatus.Unpaid) return null;
  return hours > 0 ? new Date(unpaidSince(order).getTime() + hours * 3_600_000) : null;
}

/** The time to pay runs from the order, or from the store's confirmation when it needed one. */
function unpaidSince(order: { createdAt: Date; confirmedAt: Date | null }): Date {
  return order.confirmedAt ?? order.createdAt;
}

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
      confirmedAt: orders.confirmedAt,
    })
    .from(orders)
    .where(eq(orders.status, OrderStatus.Unpaid));
  const timeouts = new Map<string, number>();
  let cancelled = 0;
  for (const order of unpaid) {
    const scope = `${order.tenantId}/${order.storeId}`;
    if (!timeouts.has(scope)) {
      timeouts.set(scope, await unpaidTimeoutHours(db, order.tenantId, order.storeId));
    }
    const hours = timeouts.get(scope)!;
    if (hours === 0 || unpaidSince(order).getTime() + hours * 3_600_000 > now.getTime()) continue;
    const done = await writeOrder(db, order.id, async (tx) => {
      const [changed] = await tx
        .update(orders)
        .set({ status: OrderStatus.Cancelled, updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, OrderStatus.Unpaid)))
        .returning({ id: orders.id });
      if (!changed) return false;
      await releaseHolds(tx, order.id);
      await tx
        .update(bills)
        .set({ status: BillStatus.Cancelled })
        .where(and(eq(bills.orderId, order.id), eq(bills.status, BillStatus.Pending)));
      await systemEvent(
        tx,
        order.id,
        OrderStatus.Unpaid,
        OrderStatus.Cancelled,
        'OrderAutoCancelled',
      );
      return true;
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}

/**
 * Orders that waited for the store (an agent's) and were neither confirmed nor withdrawn by the
 * time their rental starts are cancelled, releasing their gear. One conditional update per order.
 */
export async function expirePendingOrders(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, OrderStatus.Pending), lte(orders.rentalStartAt, now)));
  let expired = 0;
  for (const order of due) {
    const done = await writeOrder(db, order.id, async (tx) => {
      const [changed] = await tx
        .update(orders)
        .set({ status: OrderStatus.Cancelled, updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, OrderStatus.Pending)))
        .returning({ id: orders.id });
      if (!changed) return false;
      await releaseHolds(tx, order.id);
      await systemEvent(
        tx,
        order.id,
        OrderStatus.Pending,
        OrderStatus.Cancelled,
        'OrderPendingExpired',
      );
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

/**
 * Delivered orders become InUse when their rental starts (ARCHITECTURE.md §4). One conditional
 * update per order, so concurrent sweepers move each once.
 */
export async function startDeliveredRentals(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, OrderStatus.Delivered), lte(orders.rentalStartAt, now)));
  let started = 0;
  for (const order of due) {
    const done = await writeOrder(db, order.id, async (tx) => {
      const [changed] = await tx
        .update(orders)
        .set({ status: OrderStatus.InUse, updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, OrderStatus.Delivered)))
        .returning({ id: orders.id });
      if (!changed) return false;
      await systemEvent(
        tx,
        order.id,
        OrderStatus.Delivered,
        OrderStatus.InUse,
        'OrderRentalStarted',
      );
      return true;
    });
    if (done) started += 1;
  }
  return started;
}

async function systemEvent(
  tx: Transaction,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  key: MessageKey,
) {
  await appendEvent(tx, orderId, { kind: 'status', from, to, message: say(key) }, SYSTEM);
}
