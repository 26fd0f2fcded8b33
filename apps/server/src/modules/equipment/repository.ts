import { and, asc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '@/db/client.js';
import { likePattern } from '@/lib/paging.js';
import {
  attributeDefinitions,
  equipment,
  equipmentAttributeValues,
  equipmentCategories,
  equipmentImages,
  equipmentUnavailableTimes,
  files,
  orderItems,
  orders,
  stores,
} from '@/db/schema.js';
import { OrderStatus } from '@snowgear/contracts';

type Executor = Database | Transaction;
/** Items whose name, barcode, brand or model contain the keyword (the lists' search). */
export function keywordMatch(keyword: string): SQL {
  const p = likePattern(keyword);
  return or(
    ilike(equipment.name, p),
    ilike(equipment.barcodeNumber, p),
    ilike(equipment.brand, p),
    ilike(equipment.model, p),
  )!;
}

export type EquipmentRow = typeof equipment.$inferSelect & {
  storeName: string;
  categoryName: string;
};

export async function findEquipmentRows(
  db: Executor,
  tenantId: string,
  where: ReturnType<typeof and>,
) {
  return db
    .select({ e: equipment, storeName: stores.name, categoryName: equipmentCategories.name })
    .from(equipment)
    .innerJoin(stores, eq(stores.id, equipment.storeId))
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
    .where(and(eq(equipment.tenantId, tenantId), where))
    .then((rows) =>
      rows.map((r): EquipmentRow => ({
        ...r.e,
        storeName: r.storeName,
        categoryName: r.categoryName,
      })),
    );
}

export async function attributesOf(db: Executor, equipmentIds: string[]) {
  if (equipmentIds.length === 0) return [];
  return db
    .select({
      equipmentId: equipmentAttributeValues.equipmentId,
      attributeId: attributeDefinitions.id,
      name: attributeDefinitions.name,
      displayName: attributeDefinitions.displayName,
      kind: attributeDefinitions.kind,
      value: equipmentAttributeValues.value,
      sortOrder: attributeDefinitions.sortOrder,
    })
    .from(equipmentAttributeValues)
    .innerJoin(
      attributeDefinitions,
      eq(attributeDefinitions.id, equipmentAttributeValues.attributeId),
    )
    .where(inArray(equipmentAttributeValues.equipmentId, equipmentIds))
    .orderBy(asc(attributeDefinitions.sortOrder));
}

/** Ranges that have not ended yet (past ones are history, not availability). */
export async function currentUnavailableTimes(db: Executor, equipmentIds: string[]) {
  if (equipmentIds.length === 0) return [];
  return db
    .select()
    .from(equipmentUnavailableTimes)
    .where(
      and(
        inArray(equipmentUnavailableTimes.equipmentId, equipmentIds),
        gt(equipmentUnavailableTimes.endAt, sql`now()`),
      ),
    )
    .orderBy(asc(equipmentUnavailableTimes.startAt));
}

/**
 * Takes the booking locks of these items for the rest of the transaction: every transaction that
 * adds or moves an item's unavailable time, or changes its status, calls this before any of those
 * writes. PostgreSQL checks an exclusion constraint after placing the new row in the index, so two
 * transactions booking overlapping windows of one item at the same moment can each find the
 * other's row and wait for it: a deadlock (40P01, a 500) instead of the 409 the later one should
 * get. Under this lock the later one checks only once the earlier one has committed or rolled
 * back. Taken in one order (sorted keys) so two multi-item transactions never wait on each other.
 */
export async function lockEquipment(tx: Transaction, equipmentIds: string[]) {
  const keys = [...new Set(equipmentIds.map(advisoryKey))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  for (const key of keys) {
    await tx.execute(sql`select pg_advisory_xact_lock(${String(key)}::bigint)`);
  }
}

/**
 * Takes an item's booking lock if no other transaction holds it, without waiting. For callers
 * that may pick any of several items (a kind line's hold): they try the others first, and wait
 * only when every free one is being taken. Taking locks out of order can deadlock with a caller
 * doing the same (40P01): such a caller retries its whole transaction (see holdKind).
 */
export async function tryLockEquipment(tx: Transaction, equipmentId: string): Promise<boolean> {
  const result: unknown = await tx.execute(
    sql`select pg_try_advisory_xact_lock(${String(advisoryKey(equipmentId))}::bigint) as locked`,
  );
  return (result as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
}

/** An item's advisory lock key: the first 64 bits of its uuid. */
function advisoryKey(equipmentId: string): bigint {
  return BigInt.asIntN(64, BigInt(`0x${equipmentId.replace(/-/g, '').slice(0, 16)}`));
}

export async function overlapping(db: Executor, equipmentId: string, start: Date, end: Date) {
  return db
    .select()
    .from(equipmentUnavailableTimes)
    .where(
      and(
        eq(equipmentUnavailableTimes.equipmentId, equipmentId),
        sql`tstzrange(${equipmentUnavailableTimes.startAt}, ${equipmentUnavailableTimes.endAt}, '[)') && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`,
      ),
    )
    .orderBy(asc(equipmentUnavailableTimes.startAt))
    .limit(1);
}

export async function imagesOf(db: Executor, equipmentIds: string[]) {
  if (equipmentIds.length === 0) return [];
  return db
    .select({ equipmentId: equipmentImages.equipmentId, file: files })
    .from(equipmentImages)
    .innerJoin(files, eq(files.id, equipmentImages.fileId))
    .where(inArray(equipmentImages.equipmentId, equipmentIds))
    .orderBy(asc(equipmentImages.sortOrder));
}

/**
 * This tenant's equipment pictures among `ids` (what may be attached as equipment photos):
 * attaching makes a file public, so a file uploaded for anything else never qualifies.
 */
export async function imageFilesById(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.tenantId, tenantId),
        inArray(files.id, ids),
        eq(files.businessType, 'EquipmentImage'),
        sql`${files.contentType} like 'image/%'`,
      ),
    );
}

/** Order statuses in which the order's gear is out with the driver or the customer. */
export const GEAR_OUT_ORDER_STATUSES = [
  OrderStatus.Delivering,
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingReturn,
] as const;

/** For each item, the active order it is out on and not yet checked back in on, if any. */
export async function ordersHoldingOut(db: Executor, equipmentIds: string[]) {
  if (equipmentIds.length === 0) return [];
  return db
    .select({
      equipmentId: orderItems.equipmentId,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      customerName: orders.customerName,
      storeId: orders.storeId,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(orderItems.equipmentId, equipmentIds),
        isNull(orderItems.returnState),
        inArray(orders.status, [...GEAR_OUT_ORDER_STATUSES]),
      ),
    );
}
