import { EquipmentStatus } from '@snowgear/contracts';
import { and, eq, isNull, like } from 'drizzle-orm';
import type { Transaction } from '@/db/client.js';
import {
  attributeDefinitions,
  equipment,
  equipmentAttributeValues,
  equipmentCategories,
  equipmentOperationHistory,
  equipmentUnavailableTimes,
  rentalPacks,
  smallEquipmentStock,
} from '@/db/schema.js';
import {
  COLOUR,
  demoCategories,
  demoColours,
  demoPacks,
  demoSmallEquipment,
  demoStatuses,
  type DemoCategory,
} from './data/inventory.js';

const TRANSFER_TO: Record<string, string> = { WL: 'TW', TW: 'YD', YD: 'WL' };

/** Loads the demo categories, attributes and items; existing ones (by name or barcode) stay as they are. */
export async function seedInventory(
  tx: Transaction,
  tenantId: string,
  storeIds: Map<string, string>,
) {
  const colour = await upsertAttribute(tx, tenantId, null, COLOUR, 100);
  const categoryIds = new Map<string, string>();
  let created = 0;
  for (const [index, category] of demoCategories.entries()) {
    await tx
      .insert(equipmentCategories)
      .values({
        tenantId,
        name: category.name,
        nameEn: category.nameEn,
        sizeKind: category.sizeKind,
        dinAdjustable: category.dinAdjustable ?? false,
        sortOrder: index + 1,
      })
      .onConflictDoNothing();
    const [cat] = await tx
      .select({ id: equipmentCategories.id })
      .from(equipmentCategories)
      .where(
        and(
          eq(equipmentCategories.tenantId, tenantId),
          eq(equipmentCategories.name, category.name),
        ),
      );
    categoryIds.set(category.code, cat!.id);
    // Demo rows loaded before they had English get it; an English name someone wrote stays.
    await tx
      .update(equipmentCategories)
      .set({ nameEn: category.nameEn })
      .where(and(eq(equipmentCategories.id, cat!.id), eq(equipmentCategories.nameEn, '')));
    const attributeIds = new Map<string, string>();
    for (const [i, attr] of category.attributes.entries()) {
      attributeIds.set(attr.name, await upsertAttribute(tx, tenantId, cat!.id, attr, i + 1));
    }

    for (const [storeCode, storeId] of storeIds) {
      for (const { n, model, sizes, depositFen, dailyFen } of demoItems(category)) {
        const barcode = `SG${storeCode}${category.code}${String(n).padStart(3, '0')}`;
        const status =
          demoStatuses.find(
            ([s, c, k]) => s === storeCode && c === category.code && k === n,
          )?.[3] ?? EquipmentStatus.Available;
        const [row] = await tx
          .insert(equipment)
          .values({
            tenantId,
            storeId,
            categoryId: cat!.id,
            name: model.name,
            nameEn: model.nameEn,
            brand: model.brand,
            model: model.model,
            barcodeNumber: barcode,
            status,
            transferToStoreId:
              status === EquipmentStatus.InTransfer
                ? (storeIds.get(TRANSFER_TO[storeCode]!) ?? null)
                : null,
            dailyRentPriceFen: dailyFen ?? category.dailyRent * 100,
            depositFen,
            usageCount: (n * 7 + index * 3) % 23,
          })
          .onConflictDoNothing()
          .returning({ id: equipment.id });
        if (!row) continue;
        created += 1;
        const values = Object.entries(sizes)
          .map(([name, value]) => ({ attributeId: attributeIds.get(name)!, value }))
          .concat({ attributeId: colour, value: demoColours[(n + index) % demoColours.length]! });
        await tx
          .insert(equipmentAttributeValues)
          .values(values.map((v) => ({ equipmentId: row.id, ...v })));
        await tx.insert(equipmentOperationHistory).values({
          tenantId,
          equipmentId: row.id,
          operation: 'create',
          toStatus: EquipmentStatus.Available,
          operatorName: '系统初始化',
          storeId,
          reason: '演示数据',
        });
        if (status === EquipmentStatus.InUse) {
          const start = new Date(Date.now() - 86_400_000);
          start.setMinutes(0, 0, 0);
          await tx.insert(equipmentUnavailableTimes).values({
            tenantId,
            equipmentId: row.id,
            startAt: start,
            endAt: new Date(start.getTime() + 3 * 86_400_000),
            source: 'manual',
            reason: '租赁',
          });
        }
        if (status !== EquipmentStatus.Available) {
          await tx.insert(equipmentOperationHistory).values({
            tenantId,
            equipmentId: row.id,
            operation:
              { 1: 'stockOut', 2: 'markDamaged', 3: 'markLost', 4: 'transfer', 5: 'scrap' }[
                status
              ] ?? 'update',
            fromStatus: EquipmentStatus.Available,
            toStatus: status,
            operatorName: '系统初始化',
            storeId,
            reason: '演示数据',
          });
        }
      }
    }
  }
  for (const [storeCode, storeId] of storeIds) {
    await tx
      .insert(smallEquipmentStock)
      .values(
        demoSmallEquipment.map(([name, nameEn, unit, quantity, lowStockThreshold], i) => ({
          tenantId,
          storeId,
          name,
          nameEn,
          unit,
          // A little variety between stores.
          quantity: storeCode === 'YD' && i === 0 ? 3 : quantity,
          lowStockThreshold,
        })),
      )
      .onConflictDoNothing();
  }
  await englishOfEarlierDemo(tx, tenantId);
  await seedPacks(tx, tenantId, categoryIds);
  return created;
}

/**
 * A category's demo items at a store, numbered from 1: the adults' sizes, then the children's,
 * each with its model, size values (cycled through the lists) and deposit.
 */
function demoItems(category: DemoCategory) {
  const pick = (lists: Record<string, string[]>, i: number) =>
    Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, list[i % list.length]!]));
  const adults = Array.from({ length: category.perStore }, (_, i) => ({
    n: i + 1,
    model: category.models[i % category.models.length]!,
    sizes: pick(category.sizes, i),
    depositFen: category.deposit * 100,
    dailyFen: undefined as number | undefined,
  }));
  const junior = category.junior;
  const children = Array.from({ length: junior?.count ?? 0 }, (_, i) => ({
    n: category.perStore + i + 1,
    model: junior!.models[i % junior!.models.length]!,
    sizes: pick(junior!.sizes, i),
    depositFen: junior!.deposit * 100,
    dailyFen: undefined as number | undefined,
  }));
  const premium = category.premium;
  const premiums = Array.from({ length: premium?.count ?? 0 }, (_, i) => ({
    n: category.perStore + (junior?.count ?? 0) + i + 1,
    model: premium!.models[i % premium!.models.length]!,
    sizes: pick(premium!.sizes, i),
    depositFen: premium!.deposit * 100,
    dailyFen: premium!.dailyRent * 100,
  }));
  return [...adults, ...children, ...premiums];
}

/**
 * The demo packs, for every store; a pack of the same name is left as it is, but for a
 * description that still calls the skier 骑手 (a courier), as the first demo data did.
 */
async function seedPacks(tx: Transaction, tenantId: string, categoryIds: Map<string, string>) {
  const existing = await tx
    .select({ name: rentalPacks.name })
    .from(rentalPacks)
    .where(eq(rentalPacks.tenantId, tenantId));
  for (const pack of demoPacks) {
    await tx
      .update(rentalPacks)
      .set({ description: pack.description })
      .where(
        and(
          eq(rentalPacks.tenantId, tenantId),
          eq(rentalPacks.name, pack.name),
          like(rentalPacks.description, '%骑手%'),
        ),
      );
  }
  for (const pack of demoPacks) {
    await tx
      .update(rentalPacks)
      .set({ nameEn: pack.nameEn, descriptionEn: pack.descriptionEn })
      .where(
        and(
          eq(rentalPacks.tenantId, tenantId),
          eq(rentalPacks.name, pack.name),
          eq(rentalPacks.nameEn, ''),
        ),
      );
  }
  const fresh = demoPacks.filter((p) => !existing.some((e) => e.name === p.name));
  if (fresh.length === 0) return;
  await tx.insert(rentalPacks).values(
    fresh.map((pack, i) => ({
      tenantId,
      name: pack.name,
      nameEn: pack.nameEn,
      description: pack.description,
      descriptionEn: pack.descriptionEn,
      dailyPriceFen: pack.dailyRent * 100,
      depositFen: pack.deposit * 100,
      categoryIds: pack.components.map((code) => categoryIds.get(code)!),
      sortOrder: i + 1,
    })),
  );
}

async function upsertAttribute(
  tx: Transaction,
  tenantId: string,
  categoryId: string | null,
  attr: (typeof demoCategories)[number]['attributes'][number],
  sortOrder: number,
): Promise<string> {
  await tx
    .insert(attributeDefinitions)
    .values({
      tenantId,
      categoryId,
      name: attr.name,
      displayName: attr.displayName,
      displayNameEn: attr.displayNameEn,
      kind: attr.kind,
      options: attr.options ?? [],
      optionsEn: attr.optionsEn ?? [],
      unit: attr.unit ?? '',
      isFilterable: attr.isFilterable ?? false,
      isRequired: attr.isRequired ?? false,
      isSize: attr.isSize ?? false,
      sortOrder,
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ id: attributeDefinitions.id })
    .from(attributeDefinitions)
    .where(
      and(
        eq(attributeDefinitions.tenantId, tenantId),
        categoryId
          ? eq(attributeDefinitions.categoryId, categoryId)
          : isNull(attributeDefinitions.categoryId),
        eq(attributeDefinitions.name, attr.name),
      ),
    );
  await tx
    .update(attributeDefinitions)
    .set({ displayNameEn: attr.displayNameEn, optionsEn: attr.optionsEn ?? [] })
    .where(and(eq(attributeDefinitions.id, row!.id), eq(attributeDefinitions.displayNameEn, '')));
  return row!.id;
}

/** The demo items and small equipment loaded before they had English names get them. */
async function englishOfEarlierDemo(tx: Transaction, tenantId: string) {
  const models = demoCategories.flatMap((c) => [
    ...c.models,
    ...(c.junior?.models ?? []),
    ...(c.premium?.models ?? []),
  ]);
  for (const model of models) {
    await tx
      .update(equipment)
      .set({ nameEn: model.nameEn })
      .where(
        and(
          eq(equipment.tenantId, tenantId),
          eq(equipment.name, model.name),
          eq(equipment.nameEn, ''),
        ),
      );
  }
  for (const [name, nameEn] of demoSmallEquipment) {
    await tx
      .update(smallEquipmentStock)
      .set({ nameEn })
      .where(
        and(
          eq(smallEquipmentStock.tenantId, tenantId),
          eq(smallEquipmentStock.name, name),
          eq(smallEquipmentStock.nameEn, ''),
        ),
      );
  }
}
