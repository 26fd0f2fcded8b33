import { and, asc, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { AttributeDefinition, Category } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import {
  attributeDefinitions,
  equipment,
  equipmentAttributeValues,
  equipmentCategories,
} from '@/db/schema.js';
import { columnInLanguage, inLanguage, optionInLanguage } from '@/lib/english.js';
import { likePattern } from '@/lib/paging.js';

/** Categories, attribute definitions and the values in use (for filters and pickers). */
export async function listCategories(
  db: Database,
  tenantId: string,
  english: boolean,
): Promise<Category[]> {
  const rows = await db
    .select({
      id: equipmentCategories.id,
      name: columnInLanguage(english, equipmentCategories.name, equipmentCategories.nameEn),
      sizeKind: equipmentCategories.sizeKind,
      dinAdjustable: equipmentCategories.dinAdjustable,
      sortOrder: equipmentCategories.sortOrder,
      equipmentCount: count(equipment.id),
    })
    .from(equipmentCategories)
    .leftJoin(equipment, eq(equipment.categoryId, equipmentCategories.id))
    .where(eq(equipmentCategories.tenantId, tenantId))
    .groupBy(equipmentCategories.id)
    .orderBy(asc(equipmentCategories.sortOrder), asc(equipmentCategories.name));
  return rows;
}

export async function listAttributeDefinitions(
  db: Database,
  tenantId: string,
  query: {
    CategoryId?: string | undefined;
    IsFilterable?: boolean | undefined;
    IsEnabled?: boolean | undefined;
    MaxResultCount: number;
    SkipCount: number;
  },
  english: boolean,
): Promise<{ items: AttributeDefinition[]; totalCount: number }> {
  const parts: SQL[] = [eq(attributeDefinitions.tenantId, tenantId)];
  // A category's attributes include those defined for every category.
  if (query.CategoryId)
    parts.push(
      or(
        eq(attributeDefinitions.categoryId, query.CategoryId),
        isNull(attributeDefinitions.categoryId),
      )!,
    );
  if (query.IsFilterable !== undefined)
    parts.push(eq(attributeDefinitions.isFilterable, query.IsFilterable));
  if (query.IsEnabled !== undefined)
    parts.push(eq(attributeDefinitions.isEnabled, query.IsEnabled));
  const where = and(...parts);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(attributeDefinitions)
      .where(where)
      .orderBy(asc(attributeDefinitions.sortOrder), asc(attributeDefinitions.displayName))
      .limit(query.MaxResultCount)
      .offset(query.SkipCount),
    db.select({ n: count() }).from(attributeDefinitions).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      categoryId: r.categoryId,
      name: r.name,
      displayName: inLanguage(english, r.displayName, r.displayNameEn),
      kind: r.kind,
      options: r.options,
      optionLabels: r.options.map((o) => optionInLanguage(english, r.options, r.optionsEn, o)),
      unit: r.unit,
      isRequired: r.isRequired,
      isFilterable: r.isFilterable,
      isSize: r.isSize,
      isEnabled: r.isEnabled,
      sortOrder: r.sortOrder,
    })),
    totalCount: total?.n ?? 0,
  };
}

/** The values an attribute takes: its options, else the distinct values recorded, filtered by keyword. */
export async function listAttributeValues(
  db: Database,
  tenantId: string,
  attributeId: string,
  keyword?: string,
) {
  const [def] = await db
    .select()
    .from(attributeDefinitions)
    .where(
      and(eq(attributeDefinitions.tenantId, tenantId), eq(attributeDefinitions.id, attributeId)),
    );
  if (!def) return null;
  const match = (v: string) => !keyword || v.toLowerCase().includes(keyword.toLowerCase());
  if (def.options.length > 0) return { items: def.options.filter(match) };
  const rows = await db
    .selectDistinct({ value: equipmentAttributeValues.value })
    .from(equipmentAttributeValues)
    .where(
      and(
        eq(equipmentAttributeValues.attributeId, attributeId),
        keyword ? ilike(equipmentAttributeValues.value, likePattern(keyword)) : undefined,
      ),
    )
    .orderBy(asc(equipmentAttributeValues.value))
    .limit(100);
  return { items: rows.map((r) => r.value) };
}
