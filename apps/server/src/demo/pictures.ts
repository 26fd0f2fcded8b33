import { and, eq, inArray, isNull, like, notExists } from 'drizzle-orm';
import sharp from 'sharp';
import type { FileService } from '@/modules/files/service.js';
import type { Database } from '@/db/client.js';
import {
  attributeDefinitions,
  equipment,
  equipmentAttributeValues,
  equipmentCategories,
  equipmentImages,
  rentalPacks,
} from '@/db/schema.js';
import { demoCategories, demoPacks } from './data/inventory.js';
import { drawGear, drawPack } from './data/pictures.js';
import { demoLevelPacks } from './data/pricing.js';

/**
 * Gives every demo item without a picture a drawing of its kind of gear in its colour. Items of
 * one kind and colour share a picture within a store, never across stores: a store's staff may
 * not show another store's picture on their gear (equipment editing refuses it), and would be
 * refused when saving an item with the picture it already had.
 */
export async function seedEquipmentPictures(
  db: Database,
  files: FileService,
  tenantId: string,
): Promise<number> {
  const rows = await db
    .select({
      id: equipment.id,
      storeId: equipment.storeId,
      barcode: equipment.barcodeNumber,
      category: equipmentCategories.name,
    })
    .from(equipment)
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
    .where(
      and(
        eq(equipment.tenantId, tenantId),
        like(equipment.barcodeNumber, 'SG%'),
        notExists(
          db
            .select({ one: equipmentImages.fileId })
            .from(equipmentImages)
            .where(eq(equipmentImages.equipmentId, equipment.id)),
        ),
      ),
    );
  if (rows.length === 0) return 0;
  const colours = await db
    .select({
      equipmentId: equipmentAttributeValues.equipmentId,
      value: equipmentAttributeValues.value,
    })
    .from(equipmentAttributeValues)
    .innerJoin(
      attributeDefinitions,
      eq(attributeDefinitions.id, equipmentAttributeValues.attributeId),
    )
    .where(
      and(
        eq(attributeDefinitions.name, 'colour'),
        inArray(
          equipmentAttributeValues.equipmentId,
          rows.map((r) => r.id),
        ),
      ),
    );
  const colourOf = new Map(colours.map((c) => [c.equipmentId, c.value]));
  const demoOf = new Map(demoCategories.map((c) => [c.name, c]));
  const drawn = new Map<string, Buffer>();
  const made = new Map<string, string>();
  for (const row of rows) {
    const demo = demoOf.get(row.category);
    const code = demo?.code ?? 'SKI';
    const colour = colourOf.get(row.id) ?? '蓝色';
    // Children's gear is numbered after the adults' (SGWLSKI007 …) and drawn smaller; premium
    // gear after the children's.
    const n = Number(row.barcode.slice(-3));
    const junior = !!demo && n > demo.perStore && n <= demo.perStore + (demo.junior?.count ?? 0);
    const kind = `${code}:${colour}:${junior}`;
    const key = `${row.storeId}:${kind}`;
    let fileId = made.get(key);
    if (!fileId) {
      let png = drawn.get(kind);
      if (!png) {
        png = await sharp(Buffer.from(drawGear(code, colour, { junior })))
          .png()
          .toBuffer();
        drawn.set(kind, png);
      }
      fileId = (
        await files.storeGeneratedImage(
          tenantId,
          `${code.toLowerCase()}-demo.png`,
          png,
          'EquipmentImage',
        )
      ).id;
      made.set(key, fileId);
    }
    await db
      .insert(equipmentImages)
      .values({ equipmentId: row.id, fileId, sortOrder: 0 })
      .onConflictDoNothing();
  }
  return rows.length;
}

/**
 * Gives each of the demo's packs without a picture a drawing of what it holds, on a sky in the
 * colour of its level, as a shop would upload a photo of the pack.
 */
export async function seedPackPictures(
  db: Database,
  files: FileService,
  tenantId: string,
): Promise<number> {
  const names = [...demoPacks, ...demoLevelPacks].map((p) => p.name);
  const packs = await db
    .select({ id: rentalPacks.id, name: rentalPacks.name, categoryIds: rentalPacks.categoryIds })
    .from(rentalPacks)
    .where(
      and(
        eq(rentalPacks.tenantId, tenantId),
        isNull(rentalPacks.pictureFileId),
        inArray(rentalPacks.name, names),
      ),
    );
  if (packs.length === 0) return 0;
  const categories = await db
    .select({ id: equipmentCategories.id, name: equipmentCategories.name })
    .from(equipmentCategories)
    .where(eq(equipmentCategories.tenantId, tenantId));
  const codeOf = (id: string) => {
    const name = categories.find((c) => c.id === id)?.name;
    return demoCategories.find((c) => c.name === name)?.code ?? 'SKI';
  };
  for (const pack of packs) {
    const png = await sharp(Buffer.from(drawPack(pack.name, pack.categoryIds.map(codeOf))))
      .png()
      .toBuffer();
    const file = await files.storeGeneratedImage(tenantId, 'pack-demo.png', png, 'PackImage');
    await db.update(rentalPacks).set({ pictureFileId: file.id }).where(eq(rentalPacks.id, pack.id));
  }
  return packs.length;
}
