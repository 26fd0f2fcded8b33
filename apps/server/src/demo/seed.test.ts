import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_TENANT_ID, type BookingCatalog } from '@snowgear/contracts';
import { createTestApp, storeIdsByName, type TestApp } from '@/testing/index.js';
import {
  attributeDefinitions,
  equipment,
  equipmentCategories,
  rentalPacks,
  smallEquipmentStock,
} from '@/db/schema.js';
import { seedDemoData } from './seed.js';

const DAY = 86_400_000;

describe('the demo business', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const catalogOf = async (storeId: string) =>
    (
      await t.app.inject(
        `/api/app/booking/catalog?storeId=${storeId}&rentalStartTime=${encodeURIComponent(
          new Date(Date.now() + 300 * DAY).toISOString(),
        )}&days=1`,
      )
    ).json<BookingCatalog>();

  it('rents children’s sizes at every store, so a family can book: skis, boots, poles, helmets', async () => {
    const stores = await storeIdsByName(t.app);
    expect(Object.keys(stores)).toHaveLength(3);
    for (const storeId of Object.values(stores)) {
      const catalog = await catalogOf(storeId);
      const sizes = (name: string) => {
        const category = catalog.categories.find((c) => c.name === name)!;
        const attribute = category.sizeAttributes[0]!;
        return new Map(category.kinds.map((k) => [k.size[attribute.id]!, k]));
      };
      const skis = sizes('双板滑雪板');
      for (const cm of ['70', '80', '90', '100', '110', '120', '130']) {
        // The day's rent of any ski, a smaller deposit.
        expect(skis.get(cm)).toMatchObject({ dailyPrice: 120, deposit: 600 });
      }
      expect(skis.get('160')).toMatchObject({ dailyPrice: 120, deposit: 1000 });
      const boots = sizes('双板滑雪鞋');
      for (let mondopoint = 17; mondopoint <= 24; mondopoint++) {
        expect(boots.get(String(mondopoint))).toMatchObject({ dailyPrice: 50, deposit: 200 });
      }
      // Adults' boots are on the same scale (Mondopoint), labelled so.
      expect(boots.get('26.5')?.label).toBe('26.5 MP');
      const helmets = sizes('头盔');
      expect(helmets.get('XS')).toMatchObject({ dailyPrice: 20, deposit: 150 });
      expect(helmets.get('S')).toMatchObject({ dailyPrice: 20, deposit: 150 });
      expect(sizes('雪杖').get('80')).toMatchObject({ dailyPrice: 10, deposit: 50 });
    }
  });

  it('loads nothing twice when seeded again, and calls the skier 滑雪者 in the pack text', async () => {
    const count = async () =>
      (await t.database.db.select({ id: equipment.id }).from(equipment)).length;
    const before = await count();
    // 48 demo items at each of the three stores.
    expect(before).toBe(144);
    // A pack from the first demo data, which called the skier a courier (骑手).
    const pack = and(eq(rentalPacks.tenantId, HOST_TENANT_ID), eq(rentalPacks.name, '双板全套'));
    await t.database.db
      .update(rentalPacks)
      .set({ description: '双板滑雪板 + 双板滑雪鞋 + 雪杖 + 头盔，按骑手身高、鞋码配好' })
      .where(pack);

    const summary = await seedDemoData(t.database.db);
    expect(summary.equipment).toBe(0);
    expect(await count()).toBe(before);
    const [row] = await t.database.db.select().from(rentalPacks).where(pack);
    expect(row!.description).toBe('双板滑雪板 + 双板滑雪鞋 + 雪杖 + 头盔，按滑雪者身高、鞋码配好');
  });

  it('gives every category, attribute, option, pack, item and small equipment an English value', async () => {
    const { db } = t.database;
    const CJK = /[\u3400-\u9fff]/;
    const missing: string[] = [];
    for (const c of await db.select().from(equipmentCategories)) {
      if (!c.nameEn) missing.push(c.name);
    }
    for (const a of await db.select().from(attributeDefinitions)) {
      if (!a.displayNameEn) missing.push(a.displayName);
      // Numbers and letter sizes (160, 26.5, M) read the same in English.
      a.options.forEach((option, i) => {
        if (CJK.test(option) && !a.optionsEn[i]) missing.push(option);
      });
    }
    for (const p of await db.select().from(rentalPacks)) {
      if (!p.nameEn) missing.push(p.name);
      if (p.description && !p.descriptionEn) missing.push(p.description);
    }
    for (const e of await db.select().from(equipment)) {
      if (!e.nameEn) missing.push(e.name);
    }
    for (const s of await db.select().from(smallEquipmentStock)) {
      if (!s.nameEn) missing.push(s.name);
    }
    expect(missing).toEqual([]);
  });
});
