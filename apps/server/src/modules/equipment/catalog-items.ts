import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import {
  EquipmentStatus,
  ErrorCode,
  type CatalogItem,
  type CatalogItemQuerySchema,
  type PagedResult,
} from '@snowgear/contracts';
import type { z } from 'zod';
import type { Database } from '@/db/client.js';
import {
  attributeDefinitions,
  equipment,
  equipmentAttributeValues,
  equipmentCategories,
} from '@/db/schema.js';
import { columnInLanguage, inLanguage, optionInLanguage } from '@/lib/english.js';
import { notFound } from '@/lib/errors.js';
import { findStore } from '@/lib/stores.js';
import { pageOf } from '@/lib/paging.js';
import { toFileInfo } from '@/modules/files/service.js';
import { availabilityOf } from './availability.js';
import { currentUnavailableTimes, imagesOf, keywordMatch } from './repository.js';

type CatalogItemQuery = z.output<typeof CatalogItemQuerySchema>;

/**
 * What a customer browsing a store sees: gear in stock, out, under repair or on its way between
 * stores. Lost and scrapped gear is no longer the store's to rent, so it is not listed (its label
 * still answers the inquiry by serial number).
 */
const LISTED: readonly number[] = [
  EquipmentStatus.Available,
  EquipmentStatus.InUse,
  EquipmentStatus.Damaged,
  EquipmentStatus.InTransfer,
];

/**
 * The public browse of a store's gear (`/cx`, `/customer/equipment-inquiry`), paged. The filter
 * runs on the (tenant, store, status) index; the page is then sorted as the staff list is. The
 * rest (sizes, pictures, holds) is read for the page's items only.
 */
export async function listCatalogItems(
  db: Database,
  tenantId: string,
  query: CatalogItemQuery,
  storeNotFound: string,
  english: boolean,
): Promise<PagedResult<CatalogItem>> {
  if (!(await findStore(db, tenantId, query.storeId))) {
    throw notFound(ErrorCode.StoreNotFound, storeNotFound);
  }
  const parts: SQL[] = [
    eq(equipment.tenantId, tenantId),
    eq(equipment.storeId, query.storeId),
    inArray(equipment.status, [...LISTED]),
  ];
  if (query.categoryId) parts.push(eq(equipment.categoryId, query.categoryId));
  if (query.keyword) parts.push(keywordMatch(query.keyword));
  const where = and(...parts);
  const page = pageOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: equipment.id,
        name: equipment.name,
        nameEn: equipment.nameEn,
        brand: equipment.brand,
        model: equipment.model,
        barcodeNumber: equipment.barcodeNumber,
        status: equipment.status,
        categoryId: equipment.categoryId,
        categoryName: equipmentCategories.name,
        categoryNameEn: equipmentCategories.nameEn,
        dailyRentPriceFen: equipment.dailyRentPriceFen,
        depositFen: equipment.depositFen,
      })
      .from(equipment)
      .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
      .where(where)
      .orderBy(
        asc(equipmentCategories.sortOrder),
        asc(equipment.name),
        asc(equipment.barcodeNumber),
      )
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(equipment).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const [sizes, images, holds] = await Promise.all([
    sizesOf(db, ids),
    imagesOf(db, ids),
    currentUnavailableTimes(db, ids),
  ]);
  const now = new Date();
  return {
    items: rows.map((r) => {
      const pictures = images.filter((i) => i.equipmentId === r.id);
      const first = pictures[0] ? toFileInfo(pictures[0].file) : null;
      return {
        id: r.id,
        name: inLanguage(english, r.name, r.nameEn),
        brand: r.brand,
        model: r.model,
        barcodeNumber: r.barcodeNumber,
        status: r.status,
        categoryId: r.categoryId,
        categoryName: inLanguage(english, r.categoryName, r.categoryNameEn),
        dailyRentPrice: r.dailyRentPriceFen / 100,
        deposit: r.depositFen / 100,
        sizes: sizes
          .filter((s) => s.equipmentId === r.id)
          .map((s) => ({
            displayName: inLanguage(english, s.displayName, s.displayNameEn),
            value: s.value,
            valueLabel: optionInLanguage(english, s.options, s.optionsEn, s.value),
            unit: s.unit,
          })),
        thumbnailUrl: first
          ? (first.thumbnails.find((t) => t.size === 'small')?.accessUrl ?? first.accessUrl)
          : null,
        imageCount: pictures.length,
        ...availabilityOf(
          r.status,
          holds.filter((h) => h.equipmentId === r.id),
          now,
        ),
      };
    }),
    totalCount: total?.n ?? 0,
  };
}

/** The tenant's categories, for the browse's filter (no counts: they would cost a scan). */
export async function listCatalogCategories(db: Database, tenantId: string, english: boolean) {
  return db
    .select({
      id: equipmentCategories.id,
      name: columnInLanguage(english, equipmentCategories.name, equipmentCategories.nameEn),
    })
    .from(equipmentCategories)
    .where(eq(equipmentCategories.tenantId, tenantId))
    .orderBy(asc(equipmentCategories.sortOrder), asc(equipmentCategories.name));
}

/** The size attribute values (ski length, boot size …) of these items, in display order. */
async function sizesOf(db: Database, equipmentIds: string[]) {
  if (equipmentIds.length === 0) return [];
  return db
    .select({
      equipmentId: equipmentAttributeValues.equipmentId,
      displayName: attributeDefinitions.displayName,
      displayNameEn: attributeDefinitions.displayNameEn,
      options: attributeDefinitions.options,
      optionsEn: attributeDefinitions.optionsEn,
      unit: attributeDefinitions.unit,
      value: equipmentAttributeValues.value,
    })
    .from(equipmentAttributeValues)
    .innerJoin(
      attributeDefinitions,
      eq(attributeDefinitions.id, equipmentAttributeValues.attributeId),
    )
    .where(
      and(
        inArray(equipmentAttributeValues.equipmentId, equipmentIds),
        eq(attributeDefinitions.isSize, true),
      ),
    )
    .orderBy(asc(attributeDefinitions.sortOrder));
}
