import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BookingCartInput,
  BookingCatalog,
  CounterQuote,
  Order,
  RentalPackDto,
} from '@snowgear/contracts';
import { equipmentCategories } from '@/db/schema.js';
import { demoCategories } from '@/demo/data/inventory.js';
import {
  callerAs,
  createTestApp,
  customerToken,
  signIn,
  storeIdsByName,
  storeTimeOn,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

const DAY = 86_400_000;

/**
 * A pack of a grade (issue 60 §1, docs/pricing.md): the premium pack holds premium skis (the
 * demo's skis of the grade 高端), a pack of no grade skis of none, whatever the cart asks, and the
 * counter finds each pack by the grade of the skis scanned.
 */
describe('packs of a grade hold gear of that grade', () => {
  let t: TestApp;
  let call: ReturnType<typeof callerAs>;
  let csrf: Record<string, string>;
  let storeId: string;
  let agreementVersion: string;
  let kinds: Record<string, string>;
  let premium: RentalPackDto;
  const start = storeTimeOn(6, '10:00');

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    const tokens = await signIn(t.app, csrf, ['admin', 'employee']);
    tokens.customer = await customerToken(t);
    call = callerAs(t.app, csrf, tokens);
    storeId = (await storeIdsByName(t.app))['万龙雪场店']!;
    const rows = await t.database.db
      .select({ id: equipmentCategories.id, name: equipmentCategories.name })
      .from(equipmentCategories);
    kinds = Object.fromEntries(
      demoCategories.map((c) => [c.code, rows.find((r) => r.name === c.name)!.id]),
    );
    agreementVersion = (await t.app.inject('/api/app/config-distribution/h5')).json().systemInfo
      .rentalAgreementVersion;
    const made = await call('admin', 'POST', '/api/app/rental-packs', {
      storeId: null,
      name: '高端轻装',
      nameEn: 'Premium light set',
      categoryIds: [kinds.SKI, kinds.SBT],
      dailyPrice: 180,
      deposit: 1600,
      grade: '高端',
    });
    expect(made.statusCode, made.body).toBe(201);
    premium = made.json<RentalPackDto>();
  });
  afterAll(() => t.close());

  const catalog = async () =>
    (
      await t.app.inject({
        url: `/api/app/booking/catalog?storeId=${storeId}&rentalStartTime=${encodeURIComponent(start)}&days=2`,
      })
    ).json<BookingCatalog>();

  it('keeps and lists the grade, and prices the pack against the premium parts it holds', async () => {
    expect(premium.grade).toBe('高端');
    const c = await catalog();
    const listed = c.packs.find((p) => p.id === premium.id)!;
    expect(listed.grade).toBe('高端');
    // Premium skis ¥150 and boots ¥50 a day, not the ordinary skis' ¥120.
    expect(listed.separateDailyPrice).toBe(200);
    expect(c.packs.find((p) => p.name === '双板全套')!.grade).toBe('');
  });

  it('holds premium skis for the premium pack, and skis of no grade for a pack of none, whatever the cart asks', async () => {
    const c = await catalog();
    const skis = c.categories.find((x) => x.id === kinds.SKI)!;
    const length = skis.sizeAttributes.find((a) => a.name === 'length')!.id;
    const grade = skis.sizeAttributes.find((a) => a.name === 'grade')!.id;
    const boots = c.categories.find((x) => x.id === kinds.SBT)!;
    // Two pairs of adult boots, one for each rider.
    const [boot, otherBoot] = boots.kinds.filter((k) => k.free > 0).slice(-2);
    const full = c.packs.find((p) => p.name === '双板全套')!;
    const fullParts = full.categoryIds.map((id) => {
      const category = c.categories.find((x) => x.id === id)!;
      if (id === kinds.SKI) {
        // Asks for premium skis in the full set: it gets skis of no grade.
        return { categoryId: id, size: { [length]: '170', [grade]: '高端' } };
      }
      if (id === kinds.SBT) return { categoryId: id, size: otherBoot!.size };
      return { categoryId: id, size: category.kinds.findLast((k) => k.free > 0)!.size };
    });
    const cart: BookingCartInput = {
      storeId,
      rentalStartTime: start,
      days: 2,
      riders: [
        { key: 'a', name: '高先生' },
        { key: 'b', name: '普女士' },
      ],
      lines: [
        {
          type: 'pack',
          packId: premium.id,
          riderKey: 'a',
          // Asks for 170 cm of no grade: the premium pack holds premium skis.
          components: [
            { categoryId: kinds.SKI!, size: { [length]: '170' } },
            { categoryId: kinds.SBT!, size: boot!.size },
          ],
        },
        { type: 'pack', packId: full.id, riderKey: 'b', components: fullParts },
      ],
    };
    const res = await call('customer', 'POST', '/api/app/booking/orders', {
      cart,
      agreementVersion,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    const skiLines = order.items.filter((i) => i.categoryId === kinds.SKI);
    const held = async (barcode: string | null) =>
      (
        await call('employee', 'GET', `/api/app/equipment/by-barcode?barcodeNumber=${barcode}`)
      ).json<{ name: string }>().name;
    const byRider = (name: string) => skiLines.find((l) => l.rider?.name === name)!;
    expect(await held(byRider('高先生').heldBarcodeNumber)).toContain('高端双板');
    expect(await held(byRider('普女士').heldBarcodeNumber)).not.toContain('高端');
  });

  it('finds the premium pack at the counter only in premium skis', async () => {
    const stock = async (name: string) =>
      (
        await call(
          'employee',
          'GET',
          `/api/app/equipment?storeId=${storeId}&status=0&maxResultCount=100&availableFrom=${encodeURIComponent(new Date(Date.now() + 20 * DAY).toISOString())}&availableTo=${encodeURIComponent(new Date(Date.now() + 21 * DAY).toISOString())}`,
        )
      )
        .json<{ items: { id: string; name: string; categoryId: string }[] }>()
        .items.filter((i) => i.name.includes(name));
    const premiumSki = (await stock('高端双板'))[0]!;
    const ordinarySki = (await stock('双板')).find(
      (i) => i.categoryId === kinds.SKI && !i.name.includes('高端') && !i.name.includes('儿童'),
    )!;
    const boot = (await stock('双板')).find(
      (i) => i.categoryId === kinds.SBT && !i.name.includes('儿童'),
    )!;
    const later = new Date(Date.now() + 20 * DAY).toISOString();
    const quote = async (skiId: string) => {
      const res = await call('employee', 'POST', '/api/app/orders/quote', {
        storeId,
        rentalStartTime: later,
        rentalEndTime: new Date(new Date(later).getTime() + DAY).toISOString(),
        items: [{ equipmentId: skiId }, { equipmentId: boot.id }],
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<CounterQuote>();
    };
    // Premium skis and boots: the premium pack's ¥180 against ¥150 + ¥50.
    const withPremium = await quote(premiumSki.id);
    expect(withPremium.lines.map((l) => l.pack)).toEqual(['高端轻装', '高端轻装']);
    expect(withPremium.rent).toBe(180);
    // Ordinary skis and boots make no premium pack.
    const withOrdinary = await quote(ordinarySki.id);
    expect(withOrdinary.lines.map((l) => l.pack)).toEqual([null, null]);
    expect(withOrdinary.rent).toBe(170);
  });
});
