import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, inArray, max, ne, sql, sum } from 'drizzle-orm';
import { OrderStatus, RoleName, type CustomerHistory } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { bills, equipment, equipmentCategories, orderItems, orders } from '@/db/schema.js';
import { toYuan } from './pricing.js';

const SHOWN = 5;

/**
 * What the counter should know about a phone number before booking: how often they rented,
 * money still open, gear they brought back damaged or lost, and their latest orders. Staff see
 * their own store's orders; a super admin every store's.
 */
export async function customerHistory(
  db: Database,
  request: FastifyRequest,
  phone: string,
): Promise<CustomerHistory> {
  const user = request.user!;
  const theirs = and(
    eq(orders.tenantId, request.tenantId),
    eq(orders.customerPhone, phone),
    user.roles.includes(RoleName.SuperAdmin)
      ? undefined
      : eq(orders.storeId, user.primaryStoreId ?? '00000000-0000-0000-0000-000000000000'),
  );
  const held = and(theirs, ne(orders.status, OrderStatus.Cancelled));
  const damaged = and(theirs, inArray(orderItems.returnState, ['damaged', 'lost']));
  const [[summary], [open], damages, [damageTotal], recent] = await Promise.all([
    db
      .select({ rentals: count(), last: max(orders.rentalStartAt) })
      .from(orders)
      .where(held),
    db
      .select({ fen: sum(bills.amountFen) })
      .from(bills)
      .innerJoin(orders, eq(orders.id, bills.orderId))
      .where(and(held, eq(bills.status, 'pending'), ne(bills.kind, 'refund'))),
    db
      .select({
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        equipmentName: sql<string>`coalesce(${equipment.name}, ${equipmentCategories.name}, '')`,
        state: orderItems.returnState,
        time: orders.rentalEndAt,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(equipment, eq(equipment.id, orderItems.equipmentId))
      .leftJoin(equipmentCategories, eq(equipmentCategories.id, orderItems.categoryId))
      .where(damaged)
      .orderBy(desc(orders.rentalEndAt))
      .limit(SHOWN),
    db
      .select({ n: count() })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(damaged),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        rentalStartAt: orders.rentalStartAt,
        totalFen: orders.totalFen,
      })
      .from(orders)
      .where(theirs)
      .orderBy(desc(orders.rentalStartAt))
      .limit(SHOWN),
  ]);
  return {
    rentals: summary?.rentals ?? 0,
    lastRentalTime: summary?.last ? new Date(summary.last).toISOString() : null,
    openBalance: toYuan(Number(open?.fen ?? 0)),
    damages: damages.map((d) => ({
      orderId: d.orderId,
      orderNumber: d.orderNumber,
      equipmentName: d.equipmentName,
      state: d.state as 'damaged' | 'lost',
      time: d.time.toISOString(),
    })),
    damageCount: damageTotal?.n ?? 0,
    recent: recent.map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      status: o.status,
      rentalStartTime: o.rentalStartAt.toISOString(),
      totalAmount: toYuan(o.totalFen),
    })),
  };
}
