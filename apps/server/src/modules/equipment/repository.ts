import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/db/client.js';
import {
  attributeDefinitions,
  equipment,
  equipmentAttributeValues,
  equipmentCategories,
  equipmentImages,
  equipmentUnavailableTimes,
  files,
  stores,
} from '@/db/schema.js';

type Executor = Database | Transaction;
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

/** This tenant's image files among `ids` (what may be attached as equipment photos). */
export async function imageFilesById(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.tenantId, tenantId),
        inArray(files.id, ids),
        sql`${files.contentType} like 'image/%'`,
      ),
    );
}
