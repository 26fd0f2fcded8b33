import { asc, notInArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client.js';
import {
  attributeDefinitions,
  bills,
  equipment,
  equipmentCategories,
  equipmentUnavailableTimes,
  files,
  helpArticles,
  orderItems,
  orders,
  payments,
  smallEquipmentStock,
  stores,
  users,
} from '@/db/schema.js';
import type { IdKind, Pools } from './generate.js';

/**
 * The ids, barcodes and numbers the database holds now, in a stable order, so generated
 * requests name real things often enough to get past the look-ups. `leaveOut` are the users the
 * fuzz test signs in as: deactivating them would sign them out for good.
 */
export async function poolsOf(db: Database, leaveOut: string[]): Promise<Pools> {
  const idsOf = async (table: PgTable & { id: PgColumn }, order: PgColumn) =>
    (await db.select({ id: table.id }).from(table).orderBy(asc(order), asc(table.id))).map(
      (r) => r.id as string,
    );
  const ids: Record<IdKind, string[]> = {
    store: await idsOf(stores, stores.code),
    equipment: await idsOf(equipment, equipment.barcodeNumber),
    category: await idsOf(equipmentCategories, equipmentCategories.name),
    attribute: await idsOf(attributeDefinitions, attributeDefinitions.name),
    order: await idsOf(orders, orders.orderNumber),
    orderItem: await idsOf(orderItems, orderItems.orderId),
    bill: await idsOf(bills, bills.createdAt),
    payment: await idsOf(payments, payments.createdAt),
    file: await idsOf(files, files.createdAt),
    smallEquipment: await idsOf(smallEquipmentStock, smallEquipmentStock.name),
    help: await idsOf(helpArticles, helpArticles.slug),
    unavailableTime: await idsOf(equipmentUnavailableTimes, equipmentUnavailableTimes.startAt),
    user: (
      await db
        .select({ id: users.id })
        .from(users)
        .where(notInArray(users.id, leaveOut))
        .orderBy(asc(users.userName))
    ).map((r) => r.id),
  };
  const barcodes = await db
    .select({ v: equipment.barcodeNumber })
    .from(equipment)
    .orderBy(asc(equipment.barcodeNumber));
  const orderNumbers = await db
    .select({ v: orders.orderNumber })
    .from(orders)
    .orderBy(asc(orders.orderNumber));
  const outTradeNos = await db
    .select({ v: payments.outTradeNo })
    .from(payments)
    .orderBy(asc(payments.createdAt), asc(payments.outTradeNo));
  return {
    ids,
    barcodes: barcodes.map((r) => r.v),
    orderNumbers: orderNumbers.map((r) => r.v),
    outTradeNos: outTradeNos.map((r) => r.v),
  };
}
