import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BusinessParameterKey as K,
  type BookingCartInput,
  type BookingCatalog,
  type BookingQuote,
  type Checkout,
  type CounterQuote,
  type Equipment,
  type Order,
  type Receipt,
} from '@snowgear/contracts';
import { orderFeeItems, orderItems, orders } from '@/db/schema.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  customerToken,
  signIn,
  storeIdsByName,
  storeTimeOn,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { lineDaysFen } from './more-days.js';

const DAY = 86_400_000;
/** The store's calendar day of an instant (the test store is in Beijing time). */
const dayOf = (iso: string) =>
  new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/**
 * Orders priced on the store's rate cards (issue 60, docs/pricing.md): the booking's quote and the
 * order it places agree to the fen, a junior rider rents on the junior card, a peak day costs its
 * season's percent, an early booking online has its discount and the counter none, an extension
 * costs the days it adds, and changing a card changes new quotes but never an order made.
 */
describe('pricing orders on rate cards, seasons and early booking', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  let call: ReturnType<typeof callerAs>;
  let counterOrder: ReturnType<typeof counterOrdersAs>;
  let storeId: string;
  let agreementVersion: string;
  let catalog: BookingCatalog;
  // Ten days ahead: early enough for the store's 7-day early booking.
  const start = storeTimeOn(10, '10:00');
  const startDay = dayOf(start);

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    const tokens = await signIn(t.app, csrf, ['admin', 'manager', 'employee']);
    tokens.customer = await customerToken(t);
    call = callerAs(t.app, csrf, tokens);
    counterOrder = counterOrdersAs(t.app, csrf, tokens);
    storeId = (await storeIdsByName(t.app))['万龙雪场店']!;
    const config = (await t.app.inject('/api/app/config-distribution/h5')).json();
    agreementVersion = config.systemInfo.rentalAgreementVersion;
    catalog = (
      await t.app.inject({
        url: `/api/app/booking/catalog?storeId=${storeId}&rentalStartTime=${encodeURIComponent(start)}&days=3`,
      })
    ).json<BookingCatalog>();
    const pack = catalog.packs.find((p) => p.name === '双板全套')!;
    const goggles = catalog.categories.find((c) => c.name === '雪镜')!;
    const card = (body: object) =>
      call('manager', 'PUT', '/api/app/rate-cards', {
        storeId,
        subjectKind: 'category',
        junior: false,
        ...body,
      });
    for (const body of [
      { subjectKind: 'pack', subjectId: pack.id, lengths: [180, 340, 460], furtherDay: 100 },
      {
        subjectKind: 'pack',
        subjectId: pack.id,
        junior: true,
        lengths: [100, 190, 260],
        furtherDay: 60,
        // A child's pack holds a lower deposit than the ¥1,400 of an adult's.
        deposit: 600,
      },
      { subjectId: goggles.id, lengths: [20, 35, 45], furtherDay: 10 },
      { subjectId: goggles.id, junior: true, lengths: [10, 18, 24], furtherDay: 5 },
    ]) {
      expect((await card(body)).statusCode).toBe(200);
    }
    // The rental's third day on is the Spring Festival, at 150 %.
    const season = await call('manager', 'POST', '/api/app/price-seasons', {
      storeId,
      from: plusDays(startDay, 2),
      to: plusDays(startDay, 12),
      percent: 150,
      weekendPercent: null,
      name: '春节',
      nameEn: 'Spring Festival',
    });
    expect(season.statusCode).toBe(201);
    const parameters = await call('manager', 'PUT', '/api/app/admin/business-parameters', {
      storeId,
      values: [
        { key: K.EarlyBookingDays, value: '7' },
        { key: K.EarlyBookingPercent, value: '10' },
        { key: K.JuniorAge, value: '12' },
      ],
    });
    expect(parameters.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const family = (): BookingCartInput => {
    const pack = catalog.packs.find((p) => p.name === '双板全套')!;
    // Each part in the adult's largest free size and the child's smallest (sizes only a child
    // wears are priced junior, whoever rides them).
    const used = new Map<string, number>();
    const sized = (categoryId: string) => {
      const category = catalog.categories.find((x) => x.id === categoryId)!;
      const kinds = category.kinds.filter((k) => k.free > 0);
      const n = used.get(categoryId) ?? 0;
      used.set(categoryId, n + 1);
      const kind = n === 0 ? kinds.at(-1)! : kinds[0]!;
      return { categoryId, size: kind.size };
    };
    return {
      storeId,
      rentalStartTime: start,
      days: 3,
      riders: [
        { key: 'me', name: '张三', heightCm: 175, weightKg: 70, age: 35 },
        { key: 'kid', name: '张小妹', heightCm: 128, weightKg: 26, age: 8 },
      ],
      lines: [
        { type: 'pack', packId: pack.id, riderKey: 'me', components: pack.categoryIds.map(sized) },
        { type: 'pack', packId: pack.id, riderKey: 'kid', components: pack.categoryIds.map(sized) },
      ],
    };
  };
  const quote = async (cart: BookingCartInput, language = 'zh-CN') =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/app/booking/quote',
        headers: { ...csrf, 'accept-language': language },
        payload: cart,
      })
    ).json<BookingQuote>();

  it('quotes each pack on its card, the child on the junior card, the peak day dearer, booked early 10 % off', async () => {
    const q = await quote(family());
    expect(q.shortages).toEqual([]);
    // The adult: ¥180 + ¥160 + ¥120 × 1.5 = ¥520, less 10 % = ¥468.
    // The child: ¥100 + ¥90 + ¥70 × 1.5 = ¥295, less 10 % = ¥265.50.
    expect(q.prices.map((p) => [p.rent, p.earlyBookingOff, p.junior])).toEqual([
      [468, 52, false],
      [265.5, 29.5, true],
    ]);
    expect(q.rent).toBe(733.5);
    expect(q.earlyBookingOff).toBe(81.5);
    // Every line of a pack holds its share, and the shares add up to the pack.
    const shares = (cartIndex: number) =>
      q.lines.filter((l) => l.cartIndex === cartIndex).reduce((n, l) => n + l.rent * 100, 0);
    expect(Math.round(shares(0))).toBe(46_800);
    expect(Math.round(shares(1))).toBe(26_550);
    expect(q.total).toBeCloseTo(q.rent + q.deposit + q.deliveryFee + q.pickupFee, 2);
    // The child's pack holds its card's ¥600 deposit, shared over its parts; the adult's the pack's.
    const deposits = (cartIndex: number) =>
      Math.round(
        q.lines.filter((l) => l.cartIndex === cartIndex).reduce((n, l) => n + l.deposit * 100, 0),
      );
    expect(deposits(1)).toBe(60_000);
    expect(deposits(0)).toBe(140_000);

    // Each price explains itself in the reader's language. The pack saves against its parts at
    // their own prices (skis ¥120, boots ¥50, poles ¥10, a helmet ¥20 a day: ¥200 + ¥200 + ¥300,
    // less the same 10 %: ¥630), not at their shares of the pack's daily price: ¥630 − ¥468.
    expect(q.prices[0]!.explanation).toBe(
      '双板全套 · 3 天 ¥460（套餐价，比单租省 ¥162） · 春节 ×1.5（1 天） · 提前 7 天预订 −10 %',
    );
    expect(q.prices[0]!.packSaving).toBe(162);
    expect(q.prices[1]!.explanation).toContain('张小妹 儿童价');
    // The catalog the booking page lists shows the same: an adult's pack for these 3 days, what
    // its parts would cost alone, and goggles at ¥20 + ¥15 + ¥10 × 1.5, less 10 %.
    const listed = (
      await t.app.inject({
        url: `/api/app/booking/catalog?storeId=${storeId}&rentalStartTime=${encodeURIComponent(start)}&days=3`,
      })
    ).json<BookingCatalog>();
    const pack = listed.packs.find((p) => p.name === '双板全套')!;
    expect(pack.rent).toBe(468);
    // The catalog's "比单租省" is the same saving as the quote's.
    expect(pack.separateRent - pack.rent).toBe(162);
    const goggles = listed.categories.find((c) => c.name === '雪镜')!;
    expect(goggles.kinds.every((k) => k.rent === 45)).toBe(true);
    expect(goggles.fromRent).toBe(45);

    const english = await quote(family(), 'en-US');
    expect(english.prices[1]!.explanation).toMatch(
      /· 3 days ¥260 .*junior rate for 张小妹 · Spring Festival ×1\.5 \(1 day\) · booked 7 days ahead −10 %$/,
    );
  });

  it('places the order at the quoted prices, and keeps them when the card changes', async () => {
    const cart = family();
    const before = await quote(cart);
    const res = await call('customer', 'POST', '/api/app/booking/orders', {
      cart,
      agreementVersion,
    });
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order.totalAmount).toBe(before.total);
    const rents = order.feeItems.filter((f) => f.kind === 'Rent');
    expect(rents.map((f) => f.amount)).toEqual([468, 265.5]);
    expect(rents[0]!.description).toContain('双板全套 · 3 天 ¥460');
    // The order keeps the words beside each rider's pack, as the booking's summary showed them.
    expect(rents.map((f) => f.explains)).toEqual([true, true]);
    const checkout = (
      await call('customer', 'GET', `/api/app/payments/checkout/${order.id}`)
    ).json<Checkout>();
    expect(checkout.summary.lines.map((l) => l.explanation)).toEqual(
      before.prices.map((p) => p.explanation),
    );
    const lines = await t.database.db
      .select({ rentFen: orderItems.rentFen })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    expect(lines.reduce((n, l) => n + l.rentFen!, 0)).toBe(73_350);

    // The shop raises the adult pack: new quotes change, the order does not.
    const pack = catalog.packs.find((p) => p.name === '双板全套')!;
    const raised = await call('manager', 'PUT', '/api/app/rate-cards', {
      storeId,
      subjectKind: 'pack',
      subjectId: pack.id,
      junior: false,
      lengths: [200, 380, 520],
      furtherDay: 120,
    });
    expect(raised.statusCode).toBe(200);
    expect((await quote(cart)).prices[0]!.rent).toBe(Math.round(0.9 * (200 + 180 + 140 * 1.5)));
    const again = (await call('customer', 'GET', `/api/app/orders/${order.id}`)).json<Order>();
    expect(again.totalAmount).toBe(order.totalAmount);
    expect(again.feeItems.filter((f) => f.kind === 'Rent').map((f) => f.amount)).toEqual([
      468, 265.5,
    ]);

    // A day more costs the fourth day of the cards it was made on, at the festival's 150 %:
    // ¥100 × 1.5 for the adult and ¥60 × 1.5 for the child, whatever the card says now.
    // The order tells its screens what each extra day costs, as the extension will charge.
    expect(again.extensionFees.slice(0, 2)).toEqual([240, 480]);

    // Paid in cash at the counter, then extended.
    const paid = await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-received?billId=${order.bills[0]!.id}`,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const extended = await call('employee', 'POST', `/api/app/orders/${order.id}/extend`, {
      rentalEndTime: new Date(new Date(start).getTime() + 4 * DAY).toISOString(),
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const fees = await t.database.db
      .select({ kind: orderFeeItems.kind, amountFen: orderFeeItems.amountFen })
      .from(orderFeeItems)
      .where(eq(orderFeeItems.orderId, order.id))
      .orderBy(asc(orderFeeItems.sortOrder));
    expect(fees.find((f) => f.kind === 'ExtensionFee')?.amountFen).toBe(24_000);
    const grown = await t.database.db
      .select({ rentFen: orderItems.rentFen, days: orderItems.days })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    expect(grown.every((l) => l.days === 4)).toBe(true);
    expect(grown.reduce((n, l) => n + l.rentFen!, 0)).toBe(73_350 + 24_000);

    // The receipt says how each rent came about, in the reader's language; the order's lines,
    // four days long now, no longer carry the words about three.
    const receipt = (
      await call('customer', 'GET', `/api/app/orders/${order.id}/receipt`)
    ).json<Receipt>();
    expect(receipt.rentExplanations).toEqual(before.prices.map((p) => p.explanation));
    const english = (
      await call('customer', 'GET', `/api/app/orders/${order.id}/receipt`, undefined, 'en-US')
    ).json<Receipt>();
    expect(english.rentExplanations[1]).toMatch(/· 3 days ¥\d+.*junior rate for 张小妹/);
    const longer = (
      await call('customer', 'GET', `/api/app/payments/checkout/${order.id}`)
    ).json<Checkout>();
    expect(longer.summary.lines.map((l) => l.explanation)).toEqual(['', '']);
  });

  it('prices the counter on the same cards without the online discount, junior by the rider’s age', async () => {
    const goggles = catalog.categories.find((c) => c.name === '雪镜')!;
    const later = storeTimeOn(11, '10:00');
    const rental = {
      storeId,
      rentalStartTime: later,
      rentalEndTime: new Date(new Date(later).getTime() + 3 * DAY).toISOString(),
      riders: [
        { key: 'a', name: '李四', age: 40 },
        { key: 'b', name: '李小四', age: 7 },
      ],
      items: [
        { categoryId: goggles.id, riderKey: 'a' },
        { categoryId: goggles.id, riderKey: 'b' },
      ],
    };
    // The clerk's screen asks first, and reads what the order will charge.
    const quoted = await call('employee', 'POST', '/api/app/orders/quote', rental, 'en-US');
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({
      days: 3,
      rent: 88.5,
      lines: [
        {
          rent: 57.5,
          explanation: expect.stringMatching(
            /^Goggles · 3 days ¥45 · Spring Festival ×1\.5 \(2 days\)$/,
          ),
        },
        { rent: 31, explanation: expect.stringContaining('junior rate for 李小四') },
      ],
    });
    const res = await counterOrder('employee', {
      ...rental,
      customerName: '柜台一家',
      customerPhone: '13600001111',
    });
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    // From the day after the adult booking's start: days 2 and 3 are in the festival.
    // Adult ¥20 + ¥15 × 1.5 + ¥10 × 1.5 = ¥57.50; the child ¥10 + ¥8 × 1.5 + ¥6 × 1.5 = ¥31.
    expect(order.feeItems.filter((f) => f.kind === 'Rent').map((f) => f.amount)).toEqual([
      57.5, 31,
    ]);
    expect(order.feeItems.some((f) => f.description.includes('提前'))).toBe(false);
    const [row] = await t.database.db
      .select({ pricing: orders.pricingCalendar })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row!.pricing).toMatchObject({ start: dayOf(later) });
  });

  it('makes the family’s rental at the counter at the counter price: what one person takes that makes up a pack costs the pack', async () => {
    // After the other tests' rentals, all three days in the festival, at 150 %.
    const later = storeTimeOn(15, '10:00');
    const window = (
      await t.app.inject({
        url: `/api/app/booking/catalog?storeId=${storeId}&rentalStartTime=${encodeURIComponent(later)}&days=3`,
      })
    ).json<BookingCatalog>();
    const pack = window.packs.find((p) => p.name === '双板全套')!;
    const goggles = window.categories.find((c) => c.name === '雪镜')!;
    // The child in the smallest free size, the adult in the largest left beside it.
    const sized = (categoryId: string, smallest: boolean, riderKey: string) => {
      // The full set holds skis of no grade (the premium ones make the premium pack).
      const category = window.categories.find((c) => c.id === categoryId)!;
      const grade = category.sizeAttributes.find((a) => a.name === 'grade');
      const kinds = category.kinds.filter((k) => !grade || !(grade.id in k.size));
      const child = kinds.find((k) => k.free > 0)!;
      const kind = smallest ? child : kinds.findLast((k) => k.free > (k === child ? 1 : 0))!;
      return { categoryId, size: kind.size, riderKey };
    };
    const rental = {
      storeId,
      rentalStartTime: later,
      rentalEndTime: new Date(new Date(later).getTime() + 3 * DAY).toISOString(),
      riders: [
        { key: 'me', name: '张三', age: 35 },
        { key: 'kid', name: '张小妹', age: 8 },
      ],
      // Scanned as it comes off the wall: the child's boots before the adult's helmet.
      items: [
        ...pack.categoryIds.slice(0, 2).map((id) => sized(id, false, 'me')),
        ...pack.categoryIds.map((id) => sized(id, true, 'kid')),
        ...pack.categoryIds.slice(2).map((id) => sized(id, false, 'me')),
        { categoryId: goggles.id, riderKey: 'me' },
      ],
    };
    const quoted = await call('employee', 'POST', '/api/app/orders/quote', rental);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const q = quoted.json<CounterQuote>();
    const adult = [0, 1, 6, 7];
    const child = [2, 3, 4, 5];
    const sum = (lines: number[], of: 'rent' | 'deposit') =>
      Math.round(lines.reduce((n, i) => n + q.lines[i]![of], 0) * 100) / 100;
    // The pack's card (as saved now: another test raises it) at 150 %, without the online
    // discount; the child's junior card (¥100 + ¥90 + ¥70 at 150 %) and its ¥600 deposit; the
    // adult's pack ¥1,400.
    const cards = (await call('manager', 'GET', `/api/app/rate-cards?storeId=${storeId}`)).json<{
      items: { subjectId: string; junior: boolean; lengths: number[] }[];
    }>();
    const card = cards.items.find((c) => c.subjectId === pack.id && !c.junior)!;
    const packRent = card.lengths[2]! * 1.5;
    expect(sum(adult, 'rent')).toBe(packRent);
    expect(sum(child, 'rent')).toBe(390);
    expect(sum(child, 'deposit')).toBe(600);
    expect(sum(adult, 'deposit')).toBe(1400);
    // Said once per pack, on its first part.
    expect(q.lines[0]!.explanation).toMatch(
      new RegExp(
        `^双板全套 · 3 天 ¥${card.lengths[2]}（套餐价，比单租省 ¥[\\d.]+） · 春节 ×1\\.5$`,
      ),
    );
    expect(q.lines[2]!.explanation).toContain('张小妹 儿童价');
    const english = (
      await call('employee', 'POST', '/api/app/orders/quote', rental, 'en-US')
    ).json<CounterQuote>();
    expect(english.lines[0]!.explanation).toMatch(
      /^Full ski set · 3 days ¥\d+ \(pack price, ¥[\d.]+ less than the parts\) · Spring Festival ×1\.5$/,
    );
    expect(english.lines[2]!.explanation).toContain('junior rate for 张小妹');
    expect([1, 3, 4, 5, 6, 7].map((i) => q.lines[i]!.explanation)).toEqual([
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(q.lines[8]!.explanation).toMatch(/^雪镜 · 3 天 ¥45/);
    expect(q.rent).toBe(packRent + 390 + q.lines[8]!.rent);

    // The order keeps what was quoted, each part as the pack's.
    const res = await counterOrder('employee', {
      ...rental,
      customerName: '柜台一家',
      customerPhone: '13600002222',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order.feeItems.filter((f) => f.kind === 'Rent').map((f) => f.amount)).toEqual([
      packRent,
      390,
      q.lines[8]!.rent,
    ]);
    const kept = await t.database.db
      .select({ packName: orderItems.packName, packId: orderItems.packId })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.sortOrder));
    expect(kept.map((k) => k.packName)).toEqual([...Array(8).fill('双板全套'), '']);
    expect(kept[0]!.packId).toBe(pack.id);

    // A price the clerk types keeps that piece (and so the pack) out: each priced alone.
    const typed = await call('employee', 'POST', '/api/app/orders/quote', {
      ...rental,
      items: rental.items.map((item, i) => (i === 0 ? { ...item, dailyPrice: 100 } : item)),
    });
    const alone = typed.json<CounterQuote>();
    // ¥100 a day, the festival's 150 % still applying.
    expect(alone.lines[0]!.rent).toBe(450);
    expect(alone.lines[1]!.explanation).not.toContain('套餐');
    expect(alone.lines[2]!.explanation).toContain('双板全套');
    // Gear for no one, beside named people, is nobody's pack.
    const nobody = await call('employee', 'POST', '/api/app/orders/quote', {
      ...rental,
      items: rental.items.map((item) =>
        adult.includes(rental.items.indexOf(item)) ? { ...item, riderKey: undefined } : item,
      ),
    });
    expect(nobody.json<CounterQuote>().lines[0]!.explanation).not.toContain('套餐');
  });

  it('prices a late day as the day after the rental’s last, on the line’s card and its order’s days', () => {
    const pricing = {
      start: '2027-02-03',
      seasons: [
        {
          from: '2027-02-06',
          to: '2027-02-12',
          percent: 150,
          name: '春节',
          nameEn: 'Spring Festival',
        },
      ],
      holidays: [],
      holidayPercent: 100,
    };
    const line = {
      rateCard: { lengths: [18_000, 34_000, 46_000], furtherDayFen: 10_000 },
      dailyPriceFen: 18_000,
    };
    // A 3-day rental from the 3rd ends on the 5th; a day late is the 6th, a festival day.
    expect(lineDaysFen(line, pricing, 4, 4)).toBe(15_000);
    expect(lineDaysFen(line, pricing, 4, 5)).toBe(30_000);
    // An order from before rate cards: the daily price a day.
    expect(lineDaysFen({ rateCard: null, dailyPriceFen: 12_000 }, null, 4, 5)).toBe(24_000);
  });

  it('prices skis only a child wears on the junior card, whatever age the rider gave, in the catalog too', async () => {
    const skis = catalog.categories.find((c) => c.gear === 'ski')!;
    const length = (k: { size: Record<string, string> }) => Number(Object.values(k.size)[0]);
    const small = skis.kinds.find((k) => k.free > 0 && length(k) <= 120)!;
    const large = skis.kinds.find((k) => k.free > 0 && length(k) >= 150)!;
    const cards = [];
    for (const junior of [false, true]) {
      const res = await call('manager', 'PUT', '/api/app/rate-cards', {
        storeId,
        subjectKind: 'category',
        subjectId: skis.id,
        junior,
        lengths: junior ? [40, 70, 90] : [60, 110, 150],
        furtherDay: junior ? 10 : 20,
        // A child's skis hold the junior card's deposit.
        ...(junior ? { deposit: 300 } : {}),
      });
      expect(res.statusCode).toBe(200);
      cards.push(res.json<{ id: string }>().id);
    }
    try {
      // A short adult (30, 150 cm) who takes a child's 120 cm skis, and an adult's pair.
      const q = await quote({
        storeId,
        rentalStartTime: start,
        days: 3,
        riders: [{ key: 'a', name: '李小个', heightCm: 150, weightKg: 45, age: 30 }],
        lines: [
          { type: 'item', categoryId: skis.id, size: small.size, riderKey: 'a' },
          { type: 'item', categoryId: skis.id, size: large.size, riderKey: 'a' },
        ],
      });
      // ¥40 + ¥30 + ¥20 × 1.5 less 10 %, against ¥60 + ¥50 + ¥40 × 1.5 less 10 %.
      expect(q.prices.map((p) => p.rent)).toEqual([90, 153]);
      expect(q.prices[0]!.explanation).toContain('李小个 儿童价');
      expect(q.prices[1]!.explanation).not.toContain('儿童价');
      // The catalog prices each size as the quote will, whoever books it.
      const listed = (
        await t.app.inject({
          url: `/api/app/booking/catalog?storeId=${storeId}&rentalStartTime=${encodeURIComponent(start)}&days=3`,
        })
      ).json<BookingCatalog>();
      const kinds = listed.categories.find((c) => c.id === skis.id)!.kinds;
      const rentOf = (k: { size: Record<string, string> }) =>
        kinds.find((x) => length(x) === length(k))!.rent;
      expect([rentOf(small), rentOf(large)]).toEqual([90, 153]);

      // A pack is a junior's only when all its sized parts are a child's: an adult's pack with a
      // child's poles (the adult's being booked out) is not a way to the junior price.
      const pack = catalog.packs.find((p) => p.name === '双板全套')!;
      const packFor = (small: boolean[]) =>
        quote({
          storeId,
          rentalStartTime: start,
          days: 3,
          riders: [{ key: 'a', name: '李小个', heightCm: 150, weightKg: 45, age: 30 }],
          lines: [
            {
              type: 'pack',
              packId: pack.id,
              riderKey: 'a',
              components: pack.categoryIds.map((categoryId, i) => {
                const free = catalog.categories
                  .find((c) => c.id === categoryId)!
                  .kinds.filter((k) => k.free > 0);
                return { categoryId, size: (small[i] ? free[0]! : free.at(-1)!).size };
              }),
            },
          ],
        });
      const mixed = await packFor(pack.categoryIds.map((_, i) => i === 2));
      expect(mixed.prices[0]!.explanation).not.toContain('儿童价');
      const all = await packFor(pack.categoryIds.map(() => true));
      expect(all.prices[0]!.explanation).toContain('李小个 儿童价');

      // The counter: a child's skis by kind and by label, for an adult, on the junior card
      // (no early discount there): ¥40 + ¥30 + ¥20 × 1.5 = ¥100; an adult's pair ¥170.
      const sizeAttribute = Object.keys(small.size)[0]!;
      const items = (
        await call(
          'employee',
          'GET',
          `/api/app/equipment?storeId=${storeId}&categoryId=${skis.id}&maxResultCount=200`,
        )
      ).json<{ items: Equipment[] }>().items;
      const lengthOf = (e: Equipment) =>
        Number(e.attributes.find((a) => a.attributeId === sizeAttribute)?.value);
      const smallItem = items.find((e) => lengthOf(e) <= 120)!;
      const counter = await call('employee', 'POST', '/api/app/orders/quote', {
        storeId,
        rentalStartTime: start,
        rentalEndTime: new Date(new Date(start).getTime() + 3 * DAY).toISOString(),
        riders: [{ key: 'a', name: '李小个', age: 30 }],
        items: [
          { categoryId: skis.id, size: small.size, riderKey: 'a' },
          { equipmentId: smallItem.id, riderKey: 'a' },
          { categoryId: skis.id, size: large.size, riderKey: 'a' },
        ],
      });
      expect(counter.statusCode, counter.body).toBe(200);
      const lines = counter.json<CounterQuote>().lines;
      expect(lines.map((l) => l.rent)).toEqual([100, 100, 170]);
      // The clerk's screen reads each line's deposit from the quote, as the order will hold it.
      expect(lines.map((l) => l.deposit)).toEqual([300, 300, large.deposit]);
      expect(lines.map((l) => l.explanation.includes('李小个 儿童价'))).toEqual([
        true,
        true,
        false,
      ]);
    } finally {
      for (const id of cards) await call('manager', 'DELETE', `/api/app/rate-cards/${id}`);
    }
  });
});
