import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderRider } from '@snowgear/contracts';
import { orderItems, users } from '@/db/schema.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  customerToken,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

const DAY = 86_400_000;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const at = (days: number) => new Date(Date.UTC(NEXT_YEAR, 1, 3) + days * DAY).toISOString();

/** The rider as the booking keeps them with a line. */
const zhang: Omit<OrderRider, 'profileId'> = {
  name: '张三',
  heightCm: 175,
  weightKg: 70,
  age: 30,
  ability: 'II',
  bootSizeMondopoint: 26.5,
  bootSoleLengthMm: 305,
  stance: null,
};

describe('DIN at the bench', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let categories: Record<string, string>;
  let order: Order;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'multi', 'driver']));
    tokens.customer = await customerToken(t);
    categories = Object.fromEntries(
      (await call('employee', 'GET', '/api/app/equipment/categories'))
        .json<{ items: { id: string; name: string }[] }>()
        .items.map((c) => [c.name, c.id]),
    );
    order = await bookSkisAndBoots(0);
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  const dinUrl = (o: Order, line: number) =>
    `/api/app/orders/${o.id}/items/${o.items[line]!.id}/din`;

  /**
   * A counter order of skis, boots and skis again, the first two for 张三 (riders are put on the
   * lines as the customer's booking puts them); the second skis have no rider.
   */
  async function bookSkisAndBoots(week: number): Promise<Order> {
    const res = await counterOrder('employee', {
      storeId: (await storeIdsByName(t.app))['万龙雪场店'],
      customerName: '张三',
      customerPhone: '13800138000',
      rentalStartTime: at(week * 7),
      rentalEndTime: at(week * 7 + 2),
      items: [
        { categoryId: categories['双板滑雪板'] },
        { categoryId: categories['双板滑雪鞋'] },
        { categoryId: categories['双板滑雪板'] },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Order>();
    for (const line of created.items.slice(0, 2)) {
      await t.database.db
        .update(orderItems)
        .set({ rider: zhang, riderKey: 'r1' })
        .where(eq(orderItems.id, line.id));
    }
    return (await call('employee', 'GET', `/api/app/orders/${created.id}`)).json<Order>();
  }

  it('shows the chart’s suggestion on the DIN-adjustable line of a rider, and on no other', () => {
    const [skis, boots, noRider] = order.items;
    expect(skis).toMatchObject({
      dinAdjustable: true,
      dinSuggestion: 6.5,
      dinSetting: null,
      rider: expect.objectContaining({ name: '张三', bootSoleLengthMm: 305 }),
    });
    expect(boots).toMatchObject({ dinAdjustable: false, dinSuggestion: null });
    expect(noRider).toMatchObject({ dinAdjustable: true, dinSuggestion: null, rider: null });
  });

  it('keeps the value the technician set, who and when, with a timeline line in both languages', async () => {
    const res = await call('employee', 'POST', dinUrl(order, 0), { setting: 6 });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Order>();
    expect(after.items[0]).toMatchObject({ dinSetting: 6, dinSuggestion: 6.5 });
    expect(after.timeline.at(-1)).toMatchObject({
      kind: 'din',
      message: '为 张三 设置 DIN 6',
      operatorName: '李店员',
    });
    const [row] = await t.database.db
      .select({ by: users.userName, at: orderItems.dinConfirmedAt })
      .from(orderItems)
      .innerJoin(users, eq(users.id, orderItems.dinConfirmedBy))
      .where(eq(orderItems.id, order.items[0]!.id));
    expect(row?.by).toBe('employee');
    expect(Date.now() - row!.at!.getTime()).toBeLessThan(60_000);

    // Set again (the binding was adjusted once more): the new value replaces the old.
    await call('employee', 'POST', dinUrl(order, 0), { setting: 6.5 });
    const english = (
      await call('employee', 'GET', `/api/app/orders/${order.id}`, undefined, 'en')
    ).json<Order>();
    expect(english.items[0]!.dinSetting).toBe(6.5);
    expect(english.timeline.slice(-2).map((e) => e.message)).toEqual([
      'DIN 6 set for 张三',
      'DIN 6.5 set for 张三',
    ]);
  });

  it('names the skis where the line has no rider', async () => {
    const res = await call('employee', 'POST', dinUrl(order, 2), { setting: 3.75 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().timeline.at(-1)!.message).toBe('为 双板滑雪板 设置 DIN 3.75');
  });

  it('refuses a value the binding cannot take, with the field named', async () => {
    for (const body of [
      { setting: 6.3 },
      { setting: 0.5 },
      { setting: 14.5 },
      {},
      { setting: '6' },
    ]) {
      const res = await call('employee', 'POST', dinUrl(order, 0), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.validationErrors).toEqual([
        expect.objectContaining({ members: ['setting'] }),
      ]);
    }
  });

  it('refuses a value out of range with the range in the caller’s words, and keeps none of it', async () => {
    const setOf = async () =>
      (await call('employee', 'GET', `/api/app/orders/${order.id}`)).json<Order>().items[2]!
        .dinSetting;
    const before = await setOf();
    for (const setting of [20, 0.2, 14.25, 0.5]) {
      const zh = await call('employee', 'POST', dinUrl(order, 2), { setting });
      expect(zh.statusCode, String(setting)).toBe(400);
      expect(zh.json().error.validationErrors).toEqual([
        { message: 'DinOutOfRange', members: ['setting'] },
      ]);
      expect(zh.json().error.details).toContain('setting: DIN 应在 0.75–14 之间，以 0.25 为单位');
      const en = await call('employee', 'POST', dinUrl(order, 2), { setting }, 'en');
      expect(en.json().error.details).toContain('setting: DIN is from 0.75 to 14 in steps of 0.25');
    }
    expect(await setOf()).toBe(before);
  });

  it('refuses gear without a release value, and a line of another order', async () => {
    const boots = await call('employee', 'POST', dinUrl(order, 1), { setting: 6 });
    expect(boots.statusCode).toBe(409);
    expect(boots.json().error).toMatchObject({
      code: 'Order:ItemNotDinAdjustable',
      message: '双板滑雪鞋 没有需要设置的 DIN 值',
    });
    const other = await bookSkisAndBoots(1);
    const elsewhere = await call(
      'employee',
      'POST',
      `/api/app/orders/${order.id}/items/${other.items[0]!.id}/din`,
      { setting: 6 },
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.code).toBe('Order:ItemNotFound');
  });

  it('is the store’s own order handlers’ work: other stores, drivers and customers are refused', async () => {
    const otherStore = await call('multi', 'POST', dinUrl(order, 0), { setting: 5 });
    expect(otherStore.statusCode).toBe(403);
    expect(otherStore.json().error.code).toBe('Order:BelongsToAnotherStore');
    for (const who of ['driver', 'customer']) {
      const res = await call(who, 'POST', dinUrl(order, 0), { setting: 5 });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('App:Forbidden');
    }
    const now = (await call('employee', 'GET', `/api/app/orders/${order.id}`)).json<Order>();
    expect(now.items[0]!.dinSetting).toBe(6.5);
  });

  it('is refused once the order is over', async () => {
    const cancelled = await bookSkisAndBoots(2);
    await call('employee', 'POST', `/api/app/orders/${cancelled.id}/cancel`, { reason: '改期' });
    const res = await call('employee', 'POST', dinUrl(cancelled, 0), { setting: 6 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'Order:IllegalStatusTransition',
      message: '订单当前状态（已取消）不能设置 DIN',
    });
  });
});
