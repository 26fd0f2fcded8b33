import { and, eq } from 'drizzle-orm';
import {
  BillKind,
  BillStatus,
  BusinessParameterKey,
  DeliveryMethod,
  OrderStatus,
} from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import { bills } from '@/db/schema.js';
import { businessParameter } from '@/lib/business-parameters.js';

/**
 * Cash on delivery (货到付款, business parameter `CashOnDelivery`, store value over global): a
 * delivery order of such a store may wait for delivery, and go out, with its payment still
 * open; the driver collects it at the door (cash, or the customer scans the order's QR code)
 * before the gear is handed over. Such an order is never released by the unpaid-order timeout:
 * it is no longer Unpaid but waiting for delivery (or out for it) with a pending payment bill.
 */

/** Orders whose open payment is collected at the door. */
export const COLLECTED_AT_DOOR: readonly number[] = [
  OrderStatus.PendingDelivery,
  OrderStatus.Delivering,
];

/** Whether the store takes cash on delivery (the switch is 'true'; off when unset). */
export async function takesCashOnDelivery(
  db: Database | Transaction,
  tenantId: string,
  storeId: string,
): Promise<boolean> {
  const value = await businessParameter(db, tenantId, storeId, BusinessParameterKey.CashOnDelivery);
  return value?.toLowerCase() === 'true';
}

/** What the driver collects at the door, in fen: the open payment of a cash-on-delivery order. */
export function dueAtDoorFen(
  order: { status: number },
  rows: { kind: string; status: string; amountFen: number }[],
): number {
  if (!COLLECTED_AT_DOOR.includes(order.status)) return 0;
  return rows
    .filter((b) => b.kind === BillKind.Payment && b.status === BillStatus.Pending)
    .reduce((sum, b) => sum + b.amountFen, 0);
}

/** The open payment bills of an order (read in the caller's transaction). */
export async function openPayments(tx: Database | Transaction, orderId: string) {
  return tx
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.orderId, orderId),
        eq(bills.kind, BillKind.Payment),
        eq(bills.status, BillStatus.Pending),
      ),
    );
}

/** Whether an unpaid delivery order may still switch to being paid at the door. */
export async function payAtDoorOffered(
  db: Database | Transaction,
  order: { tenantId: string; storeId: string; status: number; deliveryMethod: string },
): Promise<boolean> {
  return (
    order.status === OrderStatus.Unpaid &&
    order.deliveryMethod === DeliveryMethod.Delivery &&
    (await takesCashOnDelivery(db, order.tenantId, order.storeId))
  );
}
