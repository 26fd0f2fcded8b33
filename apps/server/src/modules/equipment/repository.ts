import { and, asc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '@/db/client.js';
import { likePattern } from '@/lib/paging.js';
import { preparedFor } from '@/db/prepared.js';
import {
  attributeDefinitions,
  equipment,
  equipmentAttributeValues,
  equipmentCategories,
  equipmentImages,
  equipmentUnavailableTimes,
  files,
  users,
  orderItems,
  orders,
  stores,
} from '@/db/schema.js';
import { OrderStatus } from '@snowgear/contracts';

type Executor = Database | Transaction;
/**
 * Items whose name (in either language), barcode, brand or model contain the keyword (the lists'
 * search).
 */
export function keywordMatch(keyword: string): SQL {
  const p = likePattern(keyword);
  return or(
    ilike(equipment.name, p),
    ilike(equipment.nameEn, p),
    ilike(equipment.barcodeNumber, p),
    ilike(equipment.brand, p),
    ilike(equipment.model, p),
  )!;
}

export type EquipmentRow = typeof equipment.$inferSelect & {
  storeName: string;
  /** '' until translated. */
  storeNameEn: string;
  categoryName: string;
  /** '' until translated. */
  categoryNameEn: string;
};

export async function findEquipmentRows(
  db: Executor,
  tenantId: string,
  where: ReturnType<typeof and>,
) {
  return db
    .select({
      e: equipment,
      storeName: stores.name,
      storeNameEn: stores.nameEn,
      categoryName: equipmentCategories.name,
      categoryNameEn: equipmentCategories.nameEn,
    })
    .from(equipment)
    .innerJoin(stores, eq(stores.id, equipment.storeId))
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
    .where(and(eq(equipment.tenantId, tenantId), where))
    .then((rows) =>
      rows.map((r): EquipmentRow => ({
        ...r.e,
        storeName: r.storeName,
        storeNameEn: r.storeNameEn,
        categoryName: r.categoryName,
        categoryNameEn: r.categoryNameEn,
      })),
    );
}

/** What an item's card shows beside its own row. */
export interface EquipmentDetails {
  attributes: {
    attributeId: string;
    name: string;
    displayName: string;
    displayNameEn: string;
    options: string[];
    optionsEn: string[];
    kind: (typeof attributeDefinitions.$inferSelect)['kind'];
    value: string;
  }[];
  /** Ranges not yet over, earliest first. */
  unavailableTimes: {
    id: string;
    startAt: Date;
    endAt: Date;
    source: 'manual' | 'order';
    orderId: string | null;
    reason: string;
  }[];
  /** Pictures in their order. */
  images: Pick<typeof files.$inferSelect, 'id' | 'thumbnails'>[];
  /** The active order the item is out on, if any. */
  outOnOrder: {
    orderId: string;
    orderNumber: string;
    customerName: string;
    storeId: string;
  } | null;
}

/** The details of several items at once (four statements, whatever their number). */
export async function detailsOf(
  db: Executor,
  equipmentIds: string[],
): Promise<Map<string, EquipmentDetails>> {
  const [attributes, locks, images, outOn] = await Promise.all([
    attributesOf(db, equipmentIds),
    currentUnavailableTimes(db, equipmentIds),
    imagesOf(db, equipmentIds),
    ordersHoldingOut(db, equipmentIds),
  ]);
  const details = new Map<string, EquipmentDetails>(
    equipmentIds.map((id) => [
      id,
      { attributes: [], unavailableTimes: [], images: [], outOnOrder: null },
    ]),
  );
  for (const { equipmentId, sortOrder: _, ...a } of attributes) {
    details.get(equipmentId)?.attributes.push(a);
  }
  for (const l of locks) {
    const { id, startAt, endAt, source, orderId, reason } = l;
    details.get(l.equipmentId)?.unavailableTimes.push({
      id,
      startAt,
      endAt,
      source,
      orderId,
      reason,
    });
  }
  for (const i of images) {
    details.get(i.equipmentId)?.images.push({ id: i.file.id, thumbnails: i.file.thumbnails });
  }
  for (const { equipmentId, ...order } of outOn) {
    const d = equipmentId ? details.get(equipmentId) : undefined;
    // The first order found, as a single item's card has always shown.
    if (d && !d.outOnOrder) d.outOnOrder = order;
  }
  return details;
}

/**
 * One item with everything its card shows, in one statement: the details are built by
 * PostgreSQL as JSON beside the row, in the same order and with the same rules as `detailsOf`.
 * Prepared once per database (a named statement on PostgreSQL), so a scan neither rebuilds the
 * SQL nor has the server parse it again. Timestamps inside the JSON are read as drizzle reads
 * them (`new Date(text)`), so they equal what `detailsOf` gives.
 */
function withDetails(db: Database, by: 'id' | 'barcode') {
  const a = attributeDefinitions;
  const v = equipmentAttributeValues;
  const u = equipmentUnavailableTimes;
  const i = equipmentImages;
  return db
    .select({
      e: equipment,
      storeName: stores.name,
      storeNameEn: stores.nameEn,
      categoryName: equipmentCategories.name,
      categoryNameEn: equipmentCategories.nameEn,
      attributes: sql<EquipmentDetails['attributes']>`(
        select coalesce(json_agg(json_build_object(
          'attributeId', ${a.id}, 'name', ${a.name}, 'displayName', ${a.displayName},
          'displayNameEn', ${a.displayNameEn}, 'options', ${a.options}, 'optionsEn', ${a.optionsEn},
          'kind', ${a.kind}, 'value', ${v.value}) order by ${a.sortOrder}), '[]')
        from ${v} join ${a} on ${a.id} = ${v.attributeId}
        where ${v.equipmentId} = ${equipment.id})`,
      unavailableTimes: sql<
        (Omit<EquipmentDetails['unavailableTimes'][number], 'startAt' | 'endAt'> & {
          startAt: string;
          endAt: string;
        })[]
      >`(
        select coalesce(json_agg(json_build_object(
          'id', ${u.id}, 'startAt', ${u.startAt}, 'endAt', ${u.endAt}, 'source', ${u.source},
          'orderId', ${u.orderId}, 'reason', ${u.reason}) order by ${u.startAt}), '[]')
        from ${u}
        where ${u.equipmentId} = ${equipment.id} and ${u.endAt} > now())`,
      images: sql<EquipmentDetails['images']>`(
        select coalesce(json_agg(json_build_object(
          'id', ${files.id}, 'thumbnails', ${files.thumbnails}) order by ${i.sortOrder}), '[]')
        from ${i} join ${files} on ${files.id} = ${i.fileId}
        where ${i.equipmentId} = ${equipment.id})`,
      outOnOrder: sql<EquipmentDetails['outOnOrder']>`(
        select json_build_object(
          'orderId', ${orders.id}, 'orderNumber', ${orders.orderNumber},
          'customerName', ${orders.customerName}, 'storeId', ${orders.storeId})
        from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
        where ${orderItems.equipmentId} = ${equipment.id} and ${orderItems.returnState} is null
          and ${inArray(orders.status, [...GEAR_OUT_ORDER_STATUSES])}
        limit 1)`,
    })
    .from(equipment)
    .innerJoin(stores, eq(stores.id, equipment.storeId))
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
    .where(
      and(
        eq(equipment.tenantId, sql.placeholder('tenantId')),
        by === 'id'
          ? eq(equipment.id, sql.placeholder('key'))
          : eq(sql`lower(${equipment.barcodeNumber})`, sql.placeholder('key')),
      ),
    )
    .prepare(`equipment_with_details_by_${by}`);
}

const withDetailsById = (db: Database) => withDetails(db, 'id');
const withDetailsByBarcode = (db: Database) => withDetails(db, 'barcode');

/**
 * This tenant's item with this id, or with this barcode in any case (`key` given lower-cased),
 * and its details; undefined when there is none.
 */
export async function findEquipmentWithDetails(
  db: Database,
  tenantId: string,
  by: 'id' | 'barcode',
  key: string,
): Promise<(EquipmentRow & { details: EquipmentDetails }) | undefined> {
  const query = preparedFor(db, by === 'id' ? withDetailsById : withDetailsByBarcode);
  const [r] = await query.execute({ tenantId, key });
  if (!r) return undefined;
  return {
    ...r.e,
    storeName: r.storeName,
    storeNameEn: r.storeNameEn,
    categoryName: r.categoryName,
    categoryNameEn: r.categoryNameEn,
    details: {
      attributes: r.attributes,
      unavailableTimes: r.unavailableTimes.map((l) => ({
        ...l,
        startAt: new Date(l.startAt),
        endAt: new Date(l.endAt),
      })),
      images: r.images,
      outOnOrder: r.outOnOrder,
    },
  };
}

export async function attributesOf(db: Executor, equipmentIds: string[]) {
  if (equipmentIds.length === 0) return [];
  return db
    .select({
      equipmentId: equipmentAttributeValues.equipmentId,
      attributeId: attributeDefinitions.id,
      name: attributeDefinitions.name,
      displayName: attributeDefinitions.displayName,
      displayNameEn: attributeDefinitions.displayNameEn,
      options: attributeDefinitions.options,
      optionsEn: attributeDefinitions.optionsEn,
      kind: attributeDefinitions.kind,
      unit: attributeDefinitions.unit,
      isSize: attributeDefinitions.isSize,
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

const overlappingAnyQuery = (db: Database) =>
  db
    .select()
    .from(equipmentUnavailableTimes)
    .where(
      and(
        sql`${equipmentUnavailableTimes.equipmentId} = any(${sql.placeholder('ids')}::uuid[])`,
        sql`tstzrange(${equipmentUnavailableTimes.startAt}, ${equipmentUnavailableTimes.endAt}, '[)') && tstzrange(${sql.placeholder('start')}::timestamptz, ${sql.placeholder('end')}::timestamptz, '[)')`,
      ),
    )
    .orderBy(asc(equipmentUnavailableTimes.startAt))
    .prepare('equipment_overlapping_any');

/** The ranges of these items that overlap [start, end), earliest first (one prepared statement). */
export async function overlappingAny(db: Database, equipmentIds: string[], start: Date, end: Date) {
  if (equipmentIds.length === 0) return [];
  return preparedFor(db, overlappingAnyQuery).execute({
    ids: equipmentIds,
    start: start.toISOString(),
    end: end.toISOString(),
  });
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

/**
 * Of `ids`, the pictures that belong to a store other than `storeId`: shown on an item of another
 * store, or, shown on none yet, uploaded by someone of another store (or of none).
 */
export async function picturesOfOtherStores(db: Executor, ids: string[], storeId: string) {
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, ids),
        sql`(
          exists (select 1 from ${equipmentImages} ei join ${equipment} e on e.id = ei.equipment_id
                  where ei.file_id = ${files.id} and e.store_id <> ${storeId})
          or (not exists (select 1 from ${equipmentImages} ei where ei.file_id = ${files.id})
              and (select u.primary_store_id from ${users} u where u.id = ${files.ownerId})
                  is distinct from ${storeId})
        )`,
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
