import { and, asc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '@/db/client.js';
import {
  attributeDefinitions,
  equipment,
  equipmentAttributeValues,
  equipmentCategories,
  orderItems,
  rentalPacks,
} from '@/db/schema.js';

type Executor = Database | Transaction;

/**
 * The outer row's id, written out in full: inside a subquery drizzle would name the column alone,
 * and the subquery's own table would take it.
 */
const categoryId = sql.raw('"equipment_categories"."id"');
const attributeId = sql.raw('"attribute_definitions"."id"');

const equipmentCount =
  sql<number>`(select count(*) from ${equipment} where ${equipment.categoryId} = ${categoryId})`
    .mapWith(Number)
    .as('equipment_count');
const attributeCount =
  sql<number>`(select count(*) from ${attributeDefinitions} where ${attributeDefinitions.categoryId} = ${categoryId})`
    .mapWith(Number)
    .as('attribute_count');

export type CategoryRow = typeof equipmentCategories.$inferSelect & {
  equipmentCount: number;
  attributeCount: number;
};

/** Categories with how many items and attributes of their own each has, in display order. */
export async function selectCategories(
  db: Executor,
  tenantId: string,
  id?: string,
): Promise<CategoryRow[]> {
  return db
    .select({
      id: equipmentCategories.id,
      tenantId: equipmentCategories.tenantId,
      name: equipmentCategories.name,
      nameEn: equipmentCategories.nameEn,
      sizeKind: equipmentCategories.sizeKind,
      dinAdjustable: equipmentCategories.dinAdjustable,
      sortOrder: equipmentCategories.sortOrder,
      createdAt: equipmentCategories.createdAt,
      updatedAt: equipmentCategories.updatedAt,
      equipmentCount,
      attributeCount,
    })
    .from(equipmentCategories)
    .where(
      and(
        eq(equipmentCategories.tenantId, tenantId),
        id ? eq(equipmentCategories.id, id) : undefined,
      ),
    )
    .orderBy(asc(equipmentCategories.sortOrder), asc(equipmentCategories.name));
}

/** The category, locked against concurrent changes until the transaction ends. */
export async function lockCategory(tx: Transaction, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(equipmentCategories)
    .where(and(eq(equipmentCategories.tenantId, tenantId), eq(equipmentCategories.id, id)))
    .for('update');
  return row;
}

/** Another category of the tenant with this name, whatever its letter case. */
export async function categoryNamed(
  db: Executor,
  tenantId: string,
  name: string,
  exceptId?: string,
) {
  const [row] = await db
    .select({ id: equipmentCategories.id })
    .from(equipmentCategories)
    .where(
      and(
        eq(equipmentCategories.tenantId, tenantId),
        eq(sql`lower(${equipmentCategories.name})`, name.toLowerCase()),
        exceptId ? ne(equipmentCategories.id, exceptId) : undefined,
      ),
    );
  return row;
}

export async function nextCategoryOrder(db: Executor, tenantId: string): Promise<number> {
  const [row] = await db
    .select({
      max: sql<number>`coalesce(max(${equipmentCategories.sortOrder}), 0)`.mapWith(Number),
    })
    .from(equipmentCategories)
    .where(eq(equipmentCategories.tenantId, tenantId));
  return (row?.max ?? 0) + 1;
}

/** What keeps a category from being deleted: its items, the order lines booked as it, packs. */
export async function categoryUsage(db: Executor, id: string) {
  const [[items], [lines], packs] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(equipment)
      .where(eq(equipment.categoryId, id)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orderItems)
      .where(eq(orderItems.categoryId, id)),
    db
      .select({ name: rentalPacks.name })
      .from(rentalPacks)
      .where(sql`${id}::uuid = any(${rentalPacks.categoryIds})`)
      .orderBy(asc(rentalPacks.name)),
  ]);
  return { items: items?.n ?? 0, orderLines: lines?.n ?? 0, packs: packs.map((p) => p.name) };
}

// ---- attributes ------------------------------------------------------------------------------

const valueCount =
  sql<number>`(select count(*) from ${equipmentAttributeValues} where ${equipmentAttributeValues.attributeId} = ${attributeId})`
    .mapWith(Number)
    .as('value_count');

export type AttributeRow = typeof attributeDefinitions.$inferSelect & { valueCount: number };

/** A category's attributes and those of every category (only the latter without a category). */
export async function selectAttributes(
  db: Executor,
  tenantId: string,
  filter: { categoryId?: string | undefined; id?: string },
): Promise<AttributeRow[]> {
  const scope = filter.categoryId
    ? or(
        eq(attributeDefinitions.categoryId, filter.categoryId),
        isNull(attributeDefinitions.categoryId),
      )
    : isNull(attributeDefinitions.categoryId);
  const rows = await db
    .select({ a: attributeDefinitions, valueCount })
    .from(attributeDefinitions)
    .where(
      and(
        eq(attributeDefinitions.tenantId, tenantId),
        filter.id ? eq(attributeDefinitions.id, filter.id) : scope,
      ),
    )
    // The category's own first, then the shared ones, each in their order.
    .orderBy(
      sql`${attributeDefinitions.categoryId} is null`,
      asc(attributeDefinitions.sortOrder),
      asc(attributeDefinitions.displayName),
    );
  return rows.map((r) => ({ ...r.a, valueCount: r.valueCount }));
}

export async function lockAttribute(tx: Transaction, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(attributeDefinitions)
    .where(and(eq(attributeDefinitions.tenantId, tenantId), eq(attributeDefinitions.id, id)))
    .for('update');
  return row;
}

export async function countValues(db: Executor, attributeId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(equipmentAttributeValues)
    .where(eq(equipmentAttributeValues.attributeId, attributeId));
  return row?.n ?? 0;
}

/**
 * How many items hold this option: the value itself for a select, one of its comma-separated
 * parts for a multi-select.
 */
export async function countOptionUse(
  db: Executor,
  attributeId: string,
  option: string,
  multiple: boolean,
): Promise<number> {
  const holds: SQL = multiple
    ? sql`exists (select 1 from unnest(string_to_array(${equipmentAttributeValues.value}, ',')) as part where btrim(part) = ${option})`
    : eq(equipmentAttributeValues.value, option);
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(equipmentAttributeValues)
    .where(and(eq(equipmentAttributeValues.attributeId, attributeId), holds));
  return row?.n ?? 0;
}

/**
 * An attribute another one would be confused with: the same name or display name (any letter
 * case) among the attributes a form shows together. A category's attribute meets its category's
 * and the shared ones; a shared attribute meets every attribute.
 */
export async function attributeClash(
  db: Executor,
  tenantId: string,
  categoryId: string | null,
  fields: { name: string; displayName: string },
  exceptId?: string,
): Promise<'name' | 'displayName' | null> {
  const lowered = [fields.name.toLowerCase(), fields.displayName.toLowerCase()];
  const rows = await db
    .select({ name: attributeDefinitions.name, displayName: attributeDefinitions.displayName })
    .from(attributeDefinitions)
    .where(
      and(
        eq(attributeDefinitions.tenantId, tenantId),
        categoryId
          ? or(
              eq(attributeDefinitions.categoryId, categoryId),
              isNull(attributeDefinitions.categoryId),
            )
          : undefined,
        exceptId ? ne(attributeDefinitions.id, exceptId) : undefined,
        or(
          sql`lower(${attributeDefinitions.name}) in (${lowered[0]}, ${lowered[1]})`,
          sql`lower(${attributeDefinitions.displayName}) in (${lowered[0]}, ${lowered[1]})`,
        ),
      ),
    );
  if (rows.length === 0) return null;
  const taken = new Set(rows.flatMap((r) => [r.name.toLowerCase(), r.displayName.toLowerCase()]));
  return taken.has(fields.name.toLowerCase()) ? 'name' : 'displayName';
}

export async function nextAttributeOrder(
  db: Executor,
  tenantId: string,
  categoryId: string | null,
): Promise<number> {
  const [row] = await db
    .select({
      max: sql<number>`coalesce(max(${attributeDefinitions.sortOrder}), 0)`.mapWith(Number),
    })
    .from(attributeDefinitions)
    .where(
      and(
        eq(attributeDefinitions.tenantId, tenantId),
        categoryId
          ? eq(attributeDefinitions.categoryId, categoryId)
          : isNull(attributeDefinitions.categoryId),
      ),
    );
  return (row?.max ?? 0) + 1;
}
