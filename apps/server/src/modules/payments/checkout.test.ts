import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BookingCartInput,
  BookingCatalog,
  BookingQuote,
  Checkout,
  Order,
  OrderQr,
} from '@snowgear/contracts';
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

const ADDRESS = '崇礼万龙酒店 1208';

/**
 * The payment page shows what the customer pays for (contracts/rental-summary.ts): the same
 * summary as the booking's confirm step. A payment link is open to anyone, so the customer's
 * name, the addresses, the riders' names and the order's QR share key (which picks the gear up)
 * go only to the order's customer and its store's staff.
 */
describe('what the checkout says an order is for, and to whom', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  let call: ReturnType<typeof callerAs>;
  let cart: BookingCartInput;
  let order: Order;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    // `multi` manages another store (太舞小镇店).
    const tokens = await signIn(t.app, csrf, ['employee', 'multi']);
    tokens.customer = await customerToken(t);
    call = callerAs(t.app, csrf, tokens);
    const storeId = (await storeIdsByName(t.app))['万龙雪场店']!;
    const start = storeTimeOn(40, '10:00');
    const catalog = (
      await t.app.inject({
        url: `/api/app/booking/catalog?storeId=${storeId}&rentalStartTime=${encodeURIComponent(start)}&days=2`,
      })
    ).json<BookingCatalog>();
    const pack = catalog.packs.find((p) => p.name === '双板全套')!;
    const sized = (categoryId: string) => ({
      categoryId,
      size: catalog.categories.find((c) => c.id === categoryId)!.kinds.find((k) => k.free > 0)!
        .size,
    });
    const goggles = catalog.categories.find((c) => c.name === '雪镜')!;
    cart = {
      storeId,
      rentalStartTime: start,
      days: 2,
      deliveryMethod: 'Delivery',
      deliveryAddress: ADDRESS,
      riders: [
        { key: 'me', name: '张三', heightCm: 175, weightKg: 70, age: 30, ability: 'II' },
        { key: 'kid', name: '张小三', heightCm: 130, weightKg: 30, age: 9, ability: 'I' },
      ],
      lines: [
        { type: 'pack', packId: pack.id, riderKey: 'me', components: pack.categoryIds.map(sized) },
        { type: 'item', riderKey: 'kid', ...sized(goggles.id) },
      ],
    };
    const config = (await t.app.inject('/api/app/config-distribution/h5')).json();
    const res = await call('customer', 'POST', '/api/app/booking/orders', {
      cart,
      agreementVersion: config.systemInfo.rentalAgreementVersion,
    });
    expect(res.statusCode).toBe(201);
    order = res.json<Order>();
  });
  afterAll(() => t.close());

  const checkoutAs = async (who: 'customer' | 'employee' | 'multi' | null) => {
    const url = `/api/app/payments/checkout/${order.id}`;
    const res = who ? await call(who, 'GET', url) : await t.app.inject({ url, headers: csrf });
    expect(res.statusCode).toBe(200);
    return res.json<Checkout>();
  };

  it('echoes the way there and back and the store’s time to pay in the quote', async () => {
    const quote = (
      await t.app.inject({
        method: 'POST',
        url: '/api/app/booking/quote',
        headers: csrf,
        payload: cart,
      })
    ).json<BookingQuote>();
    expect(quote).toMatchObject({
      deliveryMethod: 'Delivery',
      deliveryAddress: ADDRESS,
      returnMethod: 'SelfReturn',
      returnAddress: '',
      // The demo stores keep an unpaid order two hours.
      orderTimeoutHours: 2,
    });
  });

  it('gives the order’s customer the whole summary: a pack is one line with one price', async () => {
    const { summary, totalAmount } = await checkoutAs('customer');
    expect(summary).toMatchObject({
      storeName: '万龙雪场店',
      rentalStartTime: order.rentalStartTime,
      rentalEndTime: order.rentalEndTime,
      days: 2,
      deliveryMethod: 'Delivery',
      deliveryAddress: ADDRESS,
      returnMethod: 'SelfReturn',
      returnAddress: '',
      total: totalAmount,
      orderTimeoutHours: 2,
    });
    expect(summary.lines).toHaveLength(2);
    expect(summary.lines[0]).toMatchObject({
      riderKey: 'me',
      riderName: '张三',
      packName: '双板全套',
      // The pack's own figures, not the shares of its four parts.
      dailyPrice: 180,
      days: 2,
      rent: 360,
      deposit: 1400,
    });
    expect(summary.lines[0]!.parts).toHaveLength(4);
    expect(summary.lines[0]!.parts[0]!.sizeLabel).toMatch(/cm$/);
    expect(summary.lines[1]).toMatchObject({ riderName: '张小三', packName: '', days: 2 });
    expect(summary.rent).toBe(360 + summary.lines[1]!.rent);
    expect(summary.deposit).toBe(1400 + summary.lines[1]!.deposit);
    expect(summary.fees.map((f) => f.kind)).toEqual(['DeliveryFee']);
    expect(summary.rent + summary.deposit + summary.fees[0]!.amount).toBe(summary.total);
  });

  /** The order's QR page opens, signed out, with this key. */
  const opensQrPage = async (key: string) => {
    const res = await t.app.inject({
      url: `/api/app/orders/qr/${order.orderNumber}?k=${key}`,
      headers: csrf,
    });
    return res.statusCode === 200;
  };

  it('gives its store’s staff the addresses and riders too', async () => {
    const { summary } = await checkoutAs('employee');
    expect(summary.deliveryAddress).toBe(ADDRESS);
    expect(summary.lines.map((l) => l.riderName)).toEqual(['张三', '张小三']);
  });

  it('gives the customer and the store’s staff the customer’s name and the QR page’s key', async () => {
    expect(order.customerName).toBeTruthy();
    for (const who of ['customer', 'employee'] as const) {
      const checkout = await checkoutAs(who);
      expect(checkout.customerName).toBe(order.customerName);
      expect(checkout.qrToken).toBeTruthy();
      expect(await opensQrPage(checkout.qrToken!)).toBe(true);
    }
  });

  it('gives whoever else holds the link no name, phone number or key to the order’s QR page', async () => {
    const key = (await checkoutAs('customer')).qrToken!;
    for (const who of [null, 'multi'] as const) {
      const checkout = await checkoutAs(who);
      expect(checkout.customerName).toBeNull();
      expect(checkout.qrToken).toBeNull();
      // What paying needs is all there.
      expect(checkout).toMatchObject({
        orderNumber: order.orderNumber,
        storeName: '万龙雪场店',
        totalAmount: order.totalAmount,
        dueAmount: order.totalAmount,
        isMine: false,
      });
      expect(checkout.due).toHaveLength(1);
      const text = JSON.stringify(checkout);
      for (const secret of [order.customerName, order.customerPhone, key]) {
        expect(text).not.toContain(secret);
      }
    }
  });

  it('shows whoever holds the payment link what is paid for, but no address and no names', async () => {
    for (const who of [null, 'multi'] as const) {
      const checkout = await checkoutAs(who);
      expect(checkout.isMine).toBe(false);
      expect(checkout.summary).toMatchObject({
        storeName: '万龙雪场店',
        deliveryMethod: 'Delivery',
        deliveryAddress: null,
        returnAddress: null,
      });
      expect(checkout.summary.lines.map((l) => [l.riderKey, l.riderName, l.dailyPrice])).toEqual([
        ['me', null, 180],
        ['kid', null, checkout.summary.lines[1]!.dailyPrice],
      ]);
      const text = JSON.stringify(checkout);
      for (const secret of [ADDRESS, '张小三', '13800138000']) expect(text).not.toContain(secret);
    }
  });

  it('keeps the same rule on the order QR page: names and addresses for the customer only', async () => {
    const qr = (who: 'customer' | null, key = '') => {
      const url = `/api/app/orders/qr/${order.orderNumber}${key ? `?k=${key}` : ''}`;
      return who ? call(who, 'GET', url) : t.app.inject({ url, headers: csrf });
    };
    const mine = (await qr('customer')).json<OrderQr>();
    expect(mine.summary).toMatchObject({ deliveryAddress: ADDRESS, days: 2 });
    expect(mine.summary.lines[0]).toMatchObject({ riderName: '张三', dailyPrice: 180 });
    const shared = await qr(null, mine.qrToken);
    expect(shared.statusCode).toBe(200);
    const summary = shared.json<OrderQr>().summary;
    expect(summary).toMatchObject({ deliveryMethod: 'Delivery', deliveryAddress: null });
    expect(summary.lines.map((l) => l.riderName)).toEqual([null, null]);
    expect(shared.body).not.toContain(ADDRESS);
    expect(shared.body).not.toContain('张小三');
  });
});
