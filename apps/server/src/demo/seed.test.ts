import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BusinessParameterKey as P,
  HOST_TENANT_ID,
  calendarProblem,
  juniorCardProblem,
  packCardProblem,
  rateCardProblem,
  type BookingCatalog,
  type RateCard,
} from '@snowgear/contracts';
import { createTestApp, storeIdsByName, type TestApp } from '@/testing/index.js';
import {
  attributeDefinitions,
  businessParameters,
  equipment,
  equipmentCategories,
  priceSeasons,
  rateCards,
  rentalPacks,
  smallEquipmentStock,
} from '@/db/schema.js';
import { seedDemoData } from './seed.js';
import { demoCategories, demoPacks } from './data/inventory.js';
import { demoLevelPacks, demoSeasons } from './data/pricing.js';

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
      // Each size of no grade (premium skis are of the grade 高端, below).
      const sizes = (name: string) => {
        const category = catalog.categories.find((c) => c.name === name)!;
        const attribute = category.sizeAttributes[0]!;
        const ungraded = category.kinds.filter((k) => Object.keys(k.size).length === 1);
        return new Map(ungraded.map((k) => [k.size[attribute.id]!, k]));
      };
      const skis = sizes('双板滑雪板');
      for (const cm of ['70', '80', '90', '100', '110', '120', '130']) {
        // The day's rent of any ski, a smaller deposit.
        expect(skis.get(cm)).toMatchObject({ dailyPrice: 120, deposit: 600 });
      }
      expect(skis.get('160')).toMatchObject({ dailyPrice: 120, deposit: 1000 });
      // Premium skis, dearer, for the premium pack: 160, 170 and 180 cm of the grade 高端.
      const premium = catalog.categories
        .find((c) => c.name === '双板滑雪板')!
        .kinds.filter((k) => k.label.endsWith('高端'));
      expect(premium.map((k) => [k.label, k.dailyPrice, k.deposit])).toEqual([
        ['160 cm · 高端', 150, 1500],
        ['170 cm · 高端', 150, 1500],
        ['180 cm · 高端', 150, 1500],
      ]);
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
    // 51 demo items at each of the three stores.
    expect(before).toBe(153);
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

describe('the demo’s Chongli prices', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test apps' demo has none (seedDemoData): loaded here as `npm start` loads them.
    t = await createTestApp();
    await seedDemoData(t.database.db, { today: new Date('2026-11-29T04:00:00Z') });
  });
  afterAll(() => t.close());

  it('are cards a shop could save: tables to 7 days, juniors cheaper, packs cheaper than parts', async () => {
    const { db } = t.database;
    const cards = await db.select().from(rateCards);
    const categories = await db.select().from(equipmentCategories);
    const packs = await db.select().from(rentalPacks);
    const card = (row: (typeof cards)[number]): RateCard => ({
      lengths: row.lengthsFen,
      furtherDayFen: row.furtherDayFen,
      halfDayFen: row.halfDayFen,
    });
    const cardOf = (kind: string, subjectId: string, junior: boolean) => {
      const row = cards.find(
        (c) => c.subjectKind === kind && c.subjectId === subjectId && c.junior === junior,
      );
      return row ? card(row) : undefined;
    };
    // Skis, ski boots, snowboards and their boots, and five packs (three levels of ski pack, two
    // of snowboard pack): each an adult and a junior card.
    expect(cards).toHaveLength(18);
    for (const row of cards) {
      expect(row.storeId).toBeNull();
      expect(row.lengthsFen).toHaveLength(7);
      // Every card prices an afternoon too, below its first day.
      expect(row.halfDayFen).toBeGreaterThan(0);
      expect(rateCardProblem(card(row))).toBeNull();
      if (row.junior) {
        expect(juniorCardProblem(card(row), cardOf(row.subjectKind, row.subjectId, false)!)).toBe(
          null,
        );
        expect(row.depositFen).toBeGreaterThan(0);
      }
    }
    // A kind without a card rents at its daily price, as the pricing does.
    const partCard = (categoryId: string, junior: boolean): RateCard => {
      const own = cardOf('category', categoryId, junior) ?? cardOf('category', categoryId, false);
      if (own) return own;
      const name = categories.find((c) => c.id === categoryId)!.name;
      const daily = demoCategories.find((c) => c.name === name)!.dailyRent * 100;
      return { lengths: [daily], furtherDayFen: daily };
    };
    for (const demo of [...demoPacks, ...demoLevelPacks]) {
      const pack = packs.find((p) => p.name === demo.name)!;
      for (const junior of [false, true]) {
        const parts = pack.categoryIds.map((id) => partCard(id, junior));
        expect(packCardProblem(cardOf('pack', pack.id, junior)!, parts)).toBeNull();
      }
    }
    // The booking page lists each sport's levels in order, beginner first.
    const listed = [...packs].sort((a, b) => a.sortOrder - b.sortOrder).map((p) => p.nameEn);
    expect(listed).toEqual([
      'Beginner ski pack',
      'Full ski set',
      'Premium ski pack',
      'Beginner snowboard pack',
      'Full snowboard set',
    ]);
    // Three days of the Sport pack: ¥460 for an adult, ¥270 for a child.
    const ski = packs.find((p) => p.name === '双板全套')!;
    expect(cardOf('pack', ski.id, false)!.lengths[2]).toBe(46_000);
    expect(cardOf('pack', ski.id, true)!.lengths[2]).toBe(27_000);
  });

  it('price the winter ahead: peaks at New Year and the Spring Festival, back to back, and 10 % off a week ahead', async () => {
    const { db } = t.database;
    const seasons = await db.select().from(priceSeasons);
    const calendar = {
      seasons: seasons.map((s) => ({
        from: s.fromDay,
        to: s.toDay,
        percent: s.percent,
        ...(s.weekendPercent ? { weekendPercent: s.weekendPercent } : {}),
        name: s.name,
        nameEn: s.nameEn,
      })),
      holidays: [],
      holidayPercent: 100,
    };
    expect(calendarProblem(calendar, { daysAhead: 7, percentOff: 10 })).toBeNull();
    const byName = (name: string) => seasons.filter((s) => s.nameEn === name);
    expect(byName('New Year').map((s) => [s.fromDay, s.toDay, s.percent])).toEqual([
      ['2026-12-31', '2027-01-03', 130],
    ]);
    // The Spring Festival of 2027 is on 6 February: from its eve, eight days.
    expect(byName('Spring Festival').map((s) => [s.fromDay, s.toDay, s.percent])).toEqual([
      ['2027-02-05', '2027-02-12', 150],
    ]);
    expect(byName('High season').every((s) => s.weekendPercent === 120)).toBe(true);
    const parameters = await db.select().from(businessParameters);
    const value = (key: string) =>
      parameters.find((p) => p.key === key && p.storeId === null)?.value;
    expect([value(P.EarlyBookingDays), value(P.EarlyBookingPercent)]).toEqual(['7', '10']);

    // Seeding again leaves what the shop has (and changed) as it is.
    await db
      .update(businessParameters)
      .set({ value: '15' })
      .where(and(eq(businessParameters.key, P.EarlyBookingPercent)));
    await seedDemoData(db, { today: new Date('2027-05-01T04:00:00Z') });
    expect(await db.select().from(rateCards)).toHaveLength(18);
    expect(await db.select().from(rentalPacks)).toHaveLength(5);
    expect(await db.select().from(priceSeasons)).toHaveLength(seasons.length);
    expect(
      (await db.select().from(businessParameters)).find(
        (p) => p.key === P.EarlyBookingPercent && p.storeId === null,
      )?.value,
    ).toBe('15');
  });

  it('choose the winter under way until its last day, then the next', () => {
    const spring = (today: string) =>
      demoSeasons(today).find((s) => s.nameEn === 'Spring Festival')?.from;
    expect(spring('2027-03-20')).toBe('2027-02-05');
    expect(spring('2027-04-05')).toBe('2027-02-05');
    expect(spring('2027-04-06')).toBe('2028-01-25');
    expect(spring('2027-12-01')).toBe('2028-01-25');
    // A year the table does not know still has its high season, New Year and spring's end.
    expect(demoSeasons('2040-11-01').map((s) => s.nameEn)).toEqual([
      'High season',
      'New Year',
      'High season',
      'Late season',
    ]);
  });
});
