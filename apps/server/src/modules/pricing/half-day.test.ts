import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BusinessParameterKey as K,
  type BookingCartInput,
  type BookingCatalog,
  type BookingQuote,
  type CounterQuote,
  type Order,
} from '@snowgear/contracts';
import { orderFeeItems } from '@/db/schema.js';
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

const HOUR = 3_600_000;

/**
 * A half day (issue 60 §1, docs/pricing.md): a rental from the store's afternoon start, back by
 * its closing the same day, costs the card's half-day price; the booking, the catalog and the
 * counter price it alike, a morning start or a store without half-day prices is refused, and an
 * extension from the afternoon costs the days after it.
 */
describe('half-day rentals', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  let call: ReturnType<typeof callerAs>;
  let storeId: string;
  let agreementVersion: string;
  let gogglesId: string;
  let gogglesSize: Record<string, string>;
  // 万龙雪场店 closes at 18:00; the afternoon starts at 12:00 (the parameter's default).
  const afternoon = storeTimeOn(4, '13:00');
  const closing = new Date(new Date(afternoon).getTime() + 5 * HOUR).toISOString();

  const catalog = async (start: string, halfDay: boolean) =>
    t.app.inject({
      url: `/api/app/booking/catalog?storeId=${storeId}&rentalStartTime=${encodeURIComponent(start)}&days=1&halfDay=${halfDay}`,
    });
  const cart = (start: string, halfDay: boolean): BookingCartInput => ({
    storeId,
    rentalStartTime: start,
    days: 1,
    halfDay,
    lines: [{ type: 'item', categoryId: gogglesId, size: gogglesSize, riderKey: null }],
  });
  const quote = (body: BookingCartInput, language = 'zh-CN') =>
    t.app.inject({
      method: 'POST',
      url: '/api/app/booking/quote',
      headers: { ...csrf, 'accept-language': language },
      payload: body,
    });
  const card = (body: object) =>
    call('manager', 'PUT', '/api/app/rate-cards', {
      storeId,
      subjectKind: 'category',
      subjectId: gogglesId,
      junior: false,
      lengths: [20, 35, 45],
      furtherDay: 10,
      ...body,
    });

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    const tokens = await signIn(t.app, csrf, ['manager', 'employee']);
    tokens.customer = await customerToken(t);
    call = callerAs(t.app, csrf, tokens);
    storeId = (await storeIdsByName(t.app))['万龙雪场店']!;
    const config = (await t.app.inject('/api/app/config-distribution/h5')).json();
    agreementVersion = config.systemInfo.rentalAgreementVersion;
    const listed = (await catalog(storeTimeOn(4, '10:00'), false)).json<BookingCatalog>();
    const goggles = listed.categories.find((c) => c.name === '雪镜')!;
    gogglesId = goggles.id;
    gogglesSize = goggles.kinds.find((k) => k.free > 0)!.size;
  });
  afterAll(() => t.close());

  it('is not offered, and refused, where no card prices a half day', async () => {
    const listed = (await catalog(afternoon, false)).json<BookingCatalog>();
    expect(listed.halfDayFrom).toBeNull();
    const refused = await quote(cart(afternoon, true));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'Booking:HalfDayNotOffered',
      message: '本店不提供半天租',
    });
  });

  it('refuses a half day dearer than a day, and a junior afternoon dearer than the adult’s, on the field', async () => {
    const dearer = await card({ halfDay: 25 });
    expect(dearer.statusCode).toBe(400);
    expect(dearer.json().error.validationErrors).toEqual([
      { members: ['halfDay'], message: 'RateCardHalfDay' },
    ]);
    expect((await card({ halfDay: 12 })).statusCode).toBe(200);
    // The junior's whole first day (¥15) is dearer than the adult's afternoon (¥12).
    const junior = await card({ junior: true, lengths: [15, 25], furtherDay: 5 });
    expect(junior.statusCode).toBe(400);
    expect(junior.json().error.validationErrors[0].members).toEqual(['halfDay']);
    expect(
      (await card({ junior: true, lengths: [15, 25], furtherDay: 5, halfDay: 8 })).statusCode,
    ).toBe(200);
  });

  it('prices an afternoon back by closing at the half-day price, in the catalog, the quote and the order', async () => {
    const listed = await catalog(afternoon, true);
    expect(listed.statusCode, listed.body).toBe(200);
    const c = listed.json<BookingCatalog>();
    expect(c).toMatchObject({ halfDay: true, halfDayFrom: '12:00', rentalEndTime: closing });
    expect(c.categories.find((x) => x.id === gogglesId)!.fromRent).toBe(12);

    // A morning start is no half day: the customer is told from when.
    const morning = await quote(cart(storeTimeOn(4, '10:30'), true));
    expect(morning.statusCode).toBe(400);
    expect(morning.json().error.message).toBe(
      '半天租须在 12:00 及以后开始，请选择 12:00 以后的时间或租 1 天',
    );

    const q = (await quote(cart(afternoon, true))).json<BookingQuote>();
    expect(q.rentalEndTime).toBe(closing);
    expect(q.rent).toBe(12);
    expect(q.prices[0]!.explanation).toBe('雪镜 · 半天 ¥12');
    const english = (await quote(cart(afternoon, true), 'en-US')).json<BookingQuote>();
    expect(english.prices[0]!.explanation).toBe('Goggles · half day ¥12');
    // The same afternoon as a whole day (back tomorrow at 13:00) costs the day.
    expect((await quote(cart(afternoon, false))).json<BookingQuote>().rent).toBe(20);

    const placed = await call('customer', 'POST', '/api/app/booking/orders', {
      cart: cart(afternoon, true),
      agreementVersion,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect(order.rentalEndTime).toBe(closing);
    expect(order.feeItems.find((f) => f.kind === 'Rent')!.amount).toBe(12);
    // A day more: the card's second day (¥35 − ¥20), not a second afternoon.
    expect(order.extensionFees[0]).toBe(15);
    const paid = await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-received?billId=${order.bills[0]!.id}`,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const extended = await call('employee', 'POST', `/api/app/orders/${order.id}/extend`, {
      rentalEndTime: new Date(new Date(closing).getTime() + 24 * HOUR).toISOString(),
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const fees = await t.database.db
      .select({ kind: orderFeeItems.kind, amountFen: orderFeeItems.amountFen })
      .from(orderFeeItems)
      .where(eq(orderFeeItems.orderId, order.id));
    expect(fees.find((f) => f.kind === 'ExtensionFee')?.amountFen).toBe(1_500);
  });

  it('prices the counter’s afternoon back the same day at the half-day price, from the store’s own start', async () => {
    const rental = (start: string, end: string) => ({
      storeId,
      rentalStartTime: start,
      rentalEndTime: end,
      riders: [],
      items: [{ categoryId: gogglesId }],
    });
    const counter = async (start: string, end: string) => {
      const res = await call('employee', 'POST', '/api/app/orders/quote', rental(start, end));
      expect(res.statusCode, res.body).toBe(200);
      return res.json<CounterQuote>();
    };
    const later = storeTimeOn(5, '14:00');
    const evening = new Date(new Date(later).getTime() + 3 * HOUR).toISOString();
    expect(await counter(later, evening)).toMatchObject({ days: 1, rent: 12 });
    // The store moves its afternoon to 15:00: 14:00 is a whole day now.
    const moved = await call('manager', 'PUT', '/api/app/admin/business-parameters', {
      storeId,
      values: [{ key: K.HalfDayFrom, value: '15:00' }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await counter(later, evening)).rent).toBe(20);
    const at15 = storeTimeOn(5, '15:00');
    expect((await counter(at15, evening)).rent).toBe(12);
  });
});
