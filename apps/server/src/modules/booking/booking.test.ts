import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingCartInput, BookingCatalog, Order } from '@snowgear/contracts';
import { equipmentCategories, orderItems, riderProfiles } from '@/db/schema.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  customerToken,
  signIn,
  storeIdsByName,
  verificationHeaders,
  storeTimeOn,
  type TestApp,
} from '@/testing/index.js';
import { share } from '@snowgear/contracts';

const DAY = 86_400_000;

describe('customer booking', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  let call: ReturnType<typeof callerAs>;
  let counterOrder: ReturnType<typeof counterOrdersAs>;
  let storeId: string;
  let agreementVersion: string;
  const start = storeTimeOn(3, '10:00');
  // A window of its own for tests that come after a booking holds gear in the first one.
  const laterStart = storeTimeOn(20, '10:00');

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    const tokens = await signIn(t.app, csrf, ['employee', 'manager']);
    tokens.customer = await customerToken(t);
    call = callerAs(t.app, csrf, tokens);
    counterOrder = counterOrdersAs(t.app, csrf, tokens);
    storeId = (await storeIdsByName(t.app))['万龙雪场店']!;
    const config = (await t.app.inject('/api/app/config-distribution/h5')).json();
    agreementVersion = config.systemInfo.rentalAgreementVersion;
  });
  afterAll(() => t.close());

  const catalog = async (days = 2, when = start) =>
    (
      await t.app.inject({
        url: `/api/app/booking/catalog?storeId=${storeId}&rentalStartTime=${encodeURIComponent(when)}&days=${days}`,
      })
    ).json<BookingCatalog>();
  const skiKind = (c: BookingCatalog, length: string) => {
    const skis = c.categories.find((x) => x.name === '双板滑雪板')!;
    const attr = skis.sizeAttributes.find((a) => a.name === 'length')!;
    return { skis, attr, kind: skis.kinds.find((k) => k.size[attr.id] === length)! };
  };

  it('lists what the store rents for the window by kind and size, with packs and free counts', async () => {
    const c = await catalog();
    expect(c.days).toBe(2);
    expect(new Date(c.rentalEndTime).getTime() - new Date(c.rentalStartTime).getTime()).toBe(
      2 * DAY,
    );
    const { skis, attr, kind } = skiKind(c, '160');
    expect(skis).toMatchObject({ dinAdjustable: true, fromDailyPrice: 120 });
    expect(attr).toMatchObject({ displayName: '长度', unit: 'cm' });
    expect(kind).toMatchObject({ label: '160 cm', dailyPrice: 120, deposit: 1000 });
    expect(kind.free).toBeGreaterThanOrEqual(1);
    // Kinds read in the order of their sizes.
    const lengths = skis.kinds.map((k) => Number(k.size[attr.id]));
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    const pack = c.packs.find((p) => p.name === '双板全套')!;
    expect(pack).toMatchObject({ dailyPrice: 180, deposit: 1400, separateDailyPrice: 200 });
    expect(pack.categoryIds).toHaveLength(4);
  });

  it('counts an item booked for the window as not free, and free again after it', async () => {
    const before = skiKind(await catalog(), '170').kind;
    const items = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment?storeId=${storeId}&status=0&maxResultCount=200`,
      )
    ).json<{
      items: { id: string; categoryName: string; attributes: { name: string; value: string }[] }[];
    }>();
    const ski170 = items.items.find(
      (e) =>
        e.categoryName === '双板滑雪板' &&
        e.attributes.some((a) => a.name === 'length' && a.value === '170'),
    )!;
    const booked = await counterOrder('employee', {
      storeId,
      customerName: '占用测试',
      customerPhone: '13600009999',
      rentalStartTime: start,
      rentalEndTime: new Date(new Date(start).getTime() + 2 * DAY).toISOString(),
      items: [{ equipmentId: ski170.id }],
    });
    expect(booked.statusCode).toBe(201);
    expect(skiKind(await catalog(), '170').kind.free).toBe(before.free - 1);
    const later = new Date(new Date(start).getTime() + 5 * DAY).toISOString();
    expect(skiKind(await catalog(1, later), '170').kind.free).toBe(before.free);
  });

  const cartWith = async (
    overrides: Partial<BookingCartInput> = {},
    when = start,
  ): Promise<BookingCartInput> => {
    const c = await catalog(2, when);
    const pack = c.packs.find((p) => p.name === '双板全套')!;
    const sized = (categoryId: string) => {
      const category = c.categories.find((x) => x.id === categoryId)!;
      return { categoryId, size: category.kinds.find((k) => k.free > 0)!.size };
    };
    const goggles = c.categories.find((x) => x.name === '雪镜')!;
    return {
      storeId,
      rentalStartTime: when,
      days: 2,
      riders: [
        {
          key: 'me',
          name: '张三',
          heightCm: 175,
          weightKg: 70,
          age: 30,
          ability: 'II',
          bootSizeMondopoint: 26.5,
          bootSoleLengthMm: 305,
        },
        { key: 'kid', name: '张小三', heightCm: 130, weightKg: 30, age: 9, ability: 'I' },
      ],
      lines: [
        { type: 'pack', packId: pack.id, riderKey: 'me', components: pack.categoryIds.map(sized) },
        {
          type: 'item',
          categoryId: goggles.id,
          size: goggles.kinds.find((k) => k.free > 0)!.size,
          riderKey: 'kid',
        },
      ],
      ...overrides,
    };
  };

  it('says which days ahead the cart is fully booked, for the calendar to grey', async () => {
    // Goggles of one kind, all of them wanted, from a day of their own 23 days ahead.
    const from = storeTimeOn(23, '10:00');
    const day = (iso: string) =>
      new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const c = await catalog(1, from);
    const goggles = c.categories.find((x) => x.name === '雪镜')!;
    const kind = goggles.kinds.find((k) => k.free > 0)!;
    const cart: BookingCartInput = {
      storeId,
      rentalStartTime: from,
      days: 1,
      lines: Array.from({ length: kind.free }, () => ({
        type: 'item' as const,
        categoryId: goggles.id,
        size: kind.size,
        riderKey: null,
      })),
    };
    const fullDays = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/app/booking/full-days',
        payload: { cart, from: day(from) },
        headers: csrf,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ fullDays: string[] }>().fullDays;
    };
    expect(await fullDays()).not.toContain(day(storeTimeOn(25, '10:00')));
    // One of them is booked 25 days ahead: that day can no longer hold the cart.
    const items = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment?storeId=${storeId}&categoryId=${goggles.id}&maxResultCount=200`,
      )
    ).json<{ items: { id: string; attributes: { attributeId: string; value: string }[] }[] }>();
    const one = items.items.find((e) =>
      Object.entries(kind.size).every(([id, v]) =>
        e.attributes.some((a) => a.attributeId === id && a.value === v),
      ),
    )!;
    const booked = await counterOrder('employee', {
      storeId,
      customerName: '订满测试',
      customerPhone: '13600008888',
      rentalStartTime: storeTimeOn(25, '09:00'),
      rentalEndTime: storeTimeOn(25, '16:00'),
      items: [{ equipmentId: one.id }],
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const full = await fullDays();
    expect(full).toContain(day(storeTimeOn(25, '10:00')));
    // The cart's day before and two days after are free again.
    expect(full).not.toContain(day(storeTimeOn(23, '10:00')));
    expect(full).not.toContain(day(storeTimeOn(27, '10:00')));
  });

  it('quotes a cart: the pack priced as a pack, fees, total, and nothing short', async () => {
    const quote = (
      await t.app.inject({
        method: 'POST',
        url: '/api/app/booking/quote',
        headers: csrf,
        payload: await cartWith(),
      })
    ).json();
    expect(quote.shortages).toEqual([]);
    expect(quote.lines).toHaveLength(5);
    const packLines = quote.lines.filter((l: { packName: string }) => l.packName === '双板全套');
    expect(packLines).toHaveLength(4);
    const daily = packLines.reduce((n: number, l: { dailyPrice: number }) => n + l.dailyPrice, 0);
    expect(daily).toBeCloseTo(180, 2);
    expect(quote.rent).toBeCloseTo((180 + 20) * 2, 2);
    expect(quote.deposit).toBeCloseTo(1400 + 200, 2);
    expect(quote.total).toBeCloseTo(quote.rent + quote.deposit, 2);
  });

  it('books a specific item from its label only while nothing holds it', async () => {
    const when = storeTimeOn(60, '10:00');
    const list = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment?storeId=${storeId}&status=0&maxResultCount=100`,
      )
    ).json<{ items: { id: string; barcodeNumber: string }[] }>().items;
    const [first, second] = list.slice(0, 2);
    const inquire = async (sn: string) =>
      (await t.app.inject({ url: `/api/app/equipment/inquiry?sn=${sn}` })).json<{
        categoryId: string;
        size: Record<string, string>;
      }>();
    const quoteOf = async (id: string, sn: string) => {
      const item = await inquire(sn);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/app/booking/quote',
        headers: csrf,
        payload: {
          storeId,
          rentalStartTime: when,
          days: 2,
          lines: [{ type: 'item', categoryId: item.categoryId, size: item.size, equipmentId: id }],
        },
      });
      return res.json();
    };
    const free = await quoteOf(first!.id, first!.barcodeNumber);
    expect(free.shortages).toEqual([]);
    expect(free.lines[0]).toMatchObject({ barcodeNumber: first!.barcodeNumber, free: 1 });

    // Held by the counter for those days: the quote says it is not free.
    const lockedStart = new Date(new Date(when).getTime() + DAY).toISOString();
    const out = await call('employee', 'POST', `/api/app/equipment/stock-out/${second!.id}`, {
      reason: '预留',
      remarks: '',
      unavailableStartTime: lockedStart,
      unavailableEndTime: new Date(new Date(lockedStart).getTime() + DAY).toISOString(),
    });
    expect(out.statusCode).toBe(200);
    const held = await quoteOf(second!.id, second!.barcodeNumber);
    expect(held.lines[0]).toMatchObject({ barcodeNumber: second!.barcodeNumber, free: 0 });
    expect(held.shortages).toMatchObject([{ wanted: 1, free: 0 }]);
  });

  it('adds the delivery and pickup fees, and says what is short', async () => {
    const c = await catalog();
    const { skis, kind } = skiKind(c, '180');
    const cart = await cartWith({
      deliveryMethod: 'Delivery',
      deliveryAddress: '崇礼万龙酒店 1208',
      returnMethod: 'Pickup',
      returnAddress: '崇礼万龙酒店 1208',
      riders: [],
      lines: Array.from({ length: kind.free + 1 }, () => ({
        type: 'item' as const,
        categoryId: skis.id,
        size: kind.size,
      })),
    });
    const quote = (
      await t.app.inject({
        method: 'POST',
        url: '/api/app/booking/quote',
        headers: csrf,
        payload: cart,
      })
    ).json();
    expect(quote.deliveryFee).toBeGreaterThan(0);
    expect(quote.pickupFee).toBeGreaterThan(0);
    expect(quote.shortages).toEqual([
      expect.objectContaining({
        categoryName: '双板滑雪板',
        sizeLabel: '180 cm',
        wanted: kind.free + 1,
        free: kind.free,
      }),
    ]);
  });

  it('books for a signed-in customer: an Online order, unpaid until its time, riders and pack kept', async () => {
    const cart = await cartWith();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/app/booking/orders',
          headers: csrf,
          payload: { cart, agreementVersion },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await call('employee', 'POST', '/api/app/booking/orders', { cart, agreementVersion }))
        .statusCode,
    ).toBe(403);

    const res = await call('customer', 'POST', '/api/app/booking/orders', {
      cart,
      agreementVersion,
    });
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({
      orderType: 'Online',
      status: 1,
      customerName: '张三',
      customerPhone: '13800138000',
      agreementVersion,
    });
    expect(order.agreementAcceptedAt).toBeTruthy();
    expect(order.payBefore).toBeTruthy();
    expect(order.items).toHaveLength(5);
    const packLine = order.items.find(
      (i) => i.packName === '双板全套' && i.categoryName === '双板滑雪板',
    )!;
    expect(packLine.rider).toMatchObject({
      name: '张三',
      weightKg: 70,
      ability: 'II',
      bootSoleLengthMm: 305,
    });
    expect(packLine.sizeLabel).toMatch(/cm$/);
    const helmet = order.items.find((i) => i.categoryName === '雪镜')!;
    expect(helmet.rider).toMatchObject({ name: '张小三', age: 9 });
    expect(order.totalAmount).toBeCloseTo((180 + 20) * 2 + 1600, 2);

    const profiles = await t.database.db
      .select()
      .from(riderProfiles)
      .where(eq(riderProfiles.ownerId, order.customerId!));
    expect(profiles.map((p) => p.name).sort()).toEqual(['张三', '张小三']);
    expect(profiles.find((p) => p.name === '张三')).toMatchObject({
      bootSizeMondopointMm: 265,
      weightKg: 70,
    });
  });

  it('refuses a booking made on an agreement that has since changed', async () => {
    const res = await call('customer', 'POST', '/api/app/booking/orders', {
      cart: await cartWith({}, laterStart),
      agreementVersion: 'stale',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('Booking:AgreementChanged');
  });

  it("refuses to start on the store's rest day, as the booking page does", async () => {
    const taiwu = (await storeIdsByName(t.app))['太舞小镇店']!; // closed on Tuesdays
    // The first Tuesday at least a week ahead, 09:00 in Beijing (01:00 UTC, the same day).
    const day = new Date(Date.now() + 7 * DAY);
    day.setUTCHours(1, 0, 0, 0);
    while (day.getUTCDay() !== 2) day.setTime(day.getTime() + DAY);
    const tuesday = day.toISOString();
    const cart = { ...(await cartWith({}, laterStart)), storeId: taiwu };
    const refused = await call('customer', 'POST', '/api/app/booking/orders', {
      cart: { ...cart, rentalStartTime: tuesday },
      agreementVersion,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'Booking:StoreRestDay',
      message: '门店这一天休息，请选择其他取装备日期',
    });
  });

  it('refuses a time the store does not offer: before opening, after the last pick-up, or past', async () => {
    const refusal = async (rentalStartTime: string, deliveryMethod = 'SelfPickup') =>
      (
        await call('customer', 'POST', '/api/app/booking/orders', {
          cart: {
            ...(await cartWith({}, laterStart)),
            rentalStartTime,
            deliveryMethod,
            deliveryAddress: deliveryMethod === 'Delivery' ? '万龙酒店 1208' : '',
          },
          agreementVersion,
        })
      ).json().error;
    // 万龙雪场店 opens 07:30–18:00: pick-ups from 07:30 to 17:30.
    expect(await refusal(storeTimeOn(21, '07:00'))).toMatchObject({
      code: 'Booking:TimeNotOffered',
      message: '门店营业时间为 07:30–18:00，请在 07:30–17:30 之间选择时间',
    });
    expect((await refusal(storeTimeOn(21, '17:45'))).code).toBe('Booking:TimeNotOffered');
    // A delivery's last window starts at 15:30 (to 17:30).
    expect(await refusal(storeTimeOn(21, '16:00'), 'Delivery')).toMatchObject({
      code: 'Booking:TimeNotOffered',
      message: '门店营业时间为 07:30–18:00，请在 07:30–15:30 之间选择时间',
    });
    // A start more than half an hour ago.
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect(await refusal(anHourAgo)).toMatchObject({
      code: 'Booking:TimeNotOffered',
      message: '所选时间已过，请重新选择时间',
    });
  });

  it('books a delivery in the window chosen, which the order shows', async () => {
    const at = storeTimeOn(40, '09:30');
    const windowEnd = new Date(Date.parse(at) + 2 * 3_600_000).toISOString();
    const cart = await cartWith(
      { deliveryMethod: 'Delivery', deliveryAddress: '万龙酒店 1208' },
      at,
    );
    // The quote the customer confirms names the window already.
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/app/booking/quote',
      headers: csrf,
      payload: cart,
    });
    expect(quote.json().deliveryWindowEnd).toBe(windowEnd);
    const res = await call('customer', 'POST', '/api/app/booking/orders', {
      cart,
      agreementVersion,
    });
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order.rentalStartTime).toBe(at);
    expect(order.deliveryWindowEnd).toBe(windowEnd);
    // Collected at the counter, at the last time offered: no window.
    const counter = await call('customer', 'POST', '/api/app/booking/orders', {
      cart: await cartWith({}, storeTimeOn(43, '17:30')),
      agreementVersion,
    });
    expect(counter.statusCode).toBe(201);
    expect(counter.json<Order>().deliveryWindowEnd).toBeNull();
  });

  it('prices a delivery whose address is not yet given, and books it only with one', async () => {
    const cart = await cartWith({ deliveryMethod: 'Delivery', deliveryAddress: '' }, laterStart);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/app/booking/quote',
      headers: csrf,
      payload: cart,
    });
    expect(quote.statusCode).toBe(200);
    expect(quote.json().lines).toHaveLength(5);
    const refused = await call('customer', 'POST', '/api/app/booking/orders', {
      cart,
      agreementVersion,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.validationErrors[0]).toMatchObject({
      members: ['cart.deliveryAddress'],
      message: 'DeliveryAddressRequired',
    });
  });

  it('refuses an empty cart with 400 naming its lines, as the booking page does', async () => {
    const res = await call('customer', 'POST', '/api/app/booking/orders', {
      cart: await cartWith({ riders: [], lines: [] }, laterStart),
      agreementVersion,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.validationErrors[0]).toMatchObject({
      members: ['cart.lines'],
      message: 'ItemsRequired',
    });
  });

  it('refuses a cart with more than is free, saying what is left', async () => {
    const c = await catalog(2, laterStart);
    const { skis, kind } = skiKind(c, '140');
    const cart = await cartWith(
      {
        riders: [],
        lines: Array.from({ length: kind.free + 1 }, () => ({
          type: 'item' as const,
          categoryId: skis.id,
          size: kind.size,
        })),
      },
      laterStart,
    );
    const res = await call('customer', 'POST', '/api/app/booking/orders', {
      cart,
      agreementVersion,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('Equipment:NotAvailable');
    expect(res.json().error.data.shortages[0]).toMatchObject({
      sizeLabel: '140 cm',
      free: kind.free,
    });
  });

  describe('in English', () => {
    const englishCatalog = async () =>
      (
        await t.app.inject({
          url: `/api/app/booking/catalog?storeId=${storeId}&rentalStartTime=${encodeURIComponent(laterStart)}&days=2`,
          headers: { 'accept-language': 'en-US' },
        })
      ).json<BookingCatalog>();
    const CJK = /[\u3400-\u9fff]/;

    it('names kinds, sizes, their options and packs in English, sizing gear as in Chinese', async () => {
      const c = await englishCatalog();
      const skis = c.categories.find((x) => x.name === 'Skis')!;
      expect(skis).toMatchObject({ gear: 'ski', dinAdjustable: true });
      const pads = c.categories.find((x) => x.name === 'Protective gear')!;
      const type = pads.sizeAttributes.find((a) => a.name === 'kind')!;
      expect(type.displayName).toBe('Type');
      // The values booked stay the stored (Chinese) options; the labels are the reader's.
      expect(type.options).toEqual(['护臀', '护膝', '护腕']);
      expect(type.optionLabels).toEqual(['Hip pads', 'Knee pads', 'Wrist guards']);
      expect(pads.kinds.map((k) => k.label)).toContain('Knee pads · L');
      const boots = c.categories.find((x) => x.name === 'Snowboard boots')!;
      expect(boots.gear).toBe('boot');
      expect(c.categories.find((x) => x.name === 'Ski boots')?.gear).toBe('boot');
      expect(c.packs.find((p) => p.name === 'Full ski set')?.description).toMatch(
        /^Skis \+ ski boots/,
      );
      // A foreign skier reads no Chinese anywhere in the catalogue.
      const shown = [
        ...c.categories.flatMap((x) => [
          x.name,
          ...x.kinds.map((k) => k.label),
          ...x.sizeAttributes.flatMap((a) => [a.displayName, ...a.optionLabels]),
        ]),
        ...c.packs.flatMap((p) => [p.name, p.description]),
      ];
      expect(shown.filter((text) => CJK.test(text))).toEqual([]);
    });

    it('shows the Chinese where no English was written yet', async () => {
      const [goggles] = await t.database.db
        .select()
        .from(equipmentCategories)
        .where(eq(equipmentCategories.name, '雪镜'));
      await t.database.db
        .update(equipmentCategories)
        .set({ nameEn: '' })
        .where(eq(equipmentCategories.id, goggles!.id));
      try {
        const c = await englishCatalog();
        expect(c.categories.find((x) => x.id === goggles!.id)?.name).toBe('雪镜');
      } finally {
        await t.database.db
          .update(equipmentCategories)
          .set({ nameEn: goggles!.nameEn })
          .where(eq(equipmentCategories.id, goggles!.id));
      }
    });

    it('books from the English catalogue (sizes sent as the stored options) and keeps both pack names', async () => {
      const c = await englishCatalog();
      const pack = c.packs.find((p) => p.name === 'Full snowboard set')!;
      const cart: BookingCartInput = {
        storeId,
        rentalStartTime: laterStart,
        days: 2,
        riders: [
          { key: 'tom', name: "Tom O'Neil", heightCm: 180, weightKg: 80, age: 35, ability: 'II' },
        ],
        lines: [
          {
            type: 'pack',
            packId: pack.id,
            riderKey: 'tom',
            components: pack.categoryIds.map((categoryId) => ({
              categoryId,
              size: c.categories.find((x) => x.id === categoryId)!.kinds.find((k) => k.free > 0)!
                .size,
            })),
          },
        ],
      };
      const quote = await t.app.inject({
        method: 'POST',
        url: '/api/app/booking/quote',
        headers: { ...csrf, 'accept-language': 'en-US' },
        payload: cart,
      });
      const lines = quote.json<{
        lines: { packName: string; categoryName: string; sizeLabel: string }[];
      }>().lines;
      expect(lines.map((l) => l.packName)).toEqual(Array(3).fill('Full snowboard set'));
      expect(lines.map((l) => l.categoryName)).toEqual([
        'Snowboards',
        'Snowboard boots',
        'Helmets',
      ]);
      expect(lines.filter((l) => CJK.test(l.sizeLabel))).toEqual([]);

      const res = await call(
        'customer',
        'POST',
        '/api/app/booking/orders',
        { cart, agreementVersion },
        'en-US',
      );
      expect(res.statusCode).toBe(201);
      const order = res.json<Order>();
      const [line] = await t.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .limit(1);
      expect(line).toMatchObject({ packName: '单板全套', packNameEn: 'Full snowboard set' });
    });
  });

  it('shares a price out exactly, in proportion', () => {
    expect(share(18000, [12000, 5000, 1000, 2000])).toEqual([10800, 4500, 900, 1800]);
    expect(share(100, [1, 1, 1]).reduce((a, b) => a + b, 0)).toBe(100);
    expect(share(100, [0, 0])).toEqual([50, 50]);
  });
});
