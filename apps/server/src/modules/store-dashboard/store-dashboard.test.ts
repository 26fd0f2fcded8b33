import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STORE_ORDER_FIGURES,
  storeFigureList,
  storeFigureQuery,
  type StoreDashboard,
} from '@snowgear/contracts';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

describe('the store dashboard', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let taiwu: string;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'manager', 'admin', 'driver']));
    const stores = await storeIdsByName(t.app);
    wanlong = stores['万龙雪场店']!;
    taiwu = stores['太舞小镇店']!;
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  const dashboard = async (who: string, storeId?: string) => {
    const res = await call(
      who,
      'GET',
      `/api/app/store-dashboard${storeId ? `?storeId=${storeId}` : ''}`,
    );
    expect(res.statusCode).toBe(200);
    return res.json<StoreDashboard>();
  };
  const total = async (who: string, url: string, query: object) => {
    const params = new URLSearchParams(
      Object.entries(query)
        .filter((e) => e[1] !== undefined)
        .map(([k, v]): [string, string] => [k, String(v)]),
    );
    const res = await call(who, 'GET', `${url}?${params.toString()}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ totalCount: number }>().totalCount;
  };

  it('counts each figure exactly as the list it opens, for the caller’s store', async () => {
    const d = await dashboard('manager');
    expect(d.storeName).toBe('万龙雪场店');
    // The demo business has something in most of them; every one equals its list's total.
    let nonZero = 0;
    for (const figure of STORE_ORDER_FIGURES) {
      const query = storeFigureQuery(storeFigureList(figure, d.today, d.tomorrow));
      const listed = await total('manager', '/api/app/orders', { ...query, storeId: wanlong });
      expect({ figure, count: d.orders[figure] }).toEqual({ figure, count: listed });
      if (listed > 0) nonZero += 1;
    }
    // How many are non-zero depends on the hour (late in the evening today's pickups are done).
    expect(nonZero).toBeGreaterThanOrEqual(1);
    expect(d.gearInUse).toBe(
      await total('manager', '/api/app/equipment', { storeId: wanlong, status: '1' }),
    );
    expect(d.gearInUse).toBeGreaterThan(0);
    expect(d.lowStock).toBe(
      await total('manager', '/api/app/small-equipment', { storeId: wanlong, low: 'true' }),
    );
    // Takings: what the finance page shows for today, and the week's chart ends today.
    const finance = (
      await call(
        'manager',
        'GET',
        `/api/app/finance/summary?from=${d.today}&to=${d.today}&storeId=${wanlong}`,
      )
    ).json<{ totals: { net: number } }>();
    expect(d.takings?.net).toBe(finance.totals.net);
    expect(d.week).toHaveLength(7);
    expect(d.week.at(-1)?.day).toBe(d.today);
    expect(d.week.at(-1)?.takings).toBe(finance.totals.net);
  });

  it('follows the day’s work: a booking for today is a pickup, and cancelling it takes it off', async () => {
    const before = await dashboard('employee');
    const goggles = (await call('employee', 'GET', '/api/app/equipment/categories'))
      .json<{ items: { id: string; name: string }[] }>()
      .items.find((c) => c.name === '雪镜')!;
    const item = (
      await call('employee', 'POST', '/api/app/equipment', {
        storeId: wanlong,
        categoryId: goggles.id,
        name: '概览测试雪镜',
        barcodeNumber: `DASH-${Date.now()}`,
        dailyRentPrice: 20,
        deposit: 100,
        attributes: [],
      })
    ).json<{ id: string }>();
    const start = new Date(Date.now() + 60_000);
    const order = (
      await counterOrder('employee', {
        storeId: wanlong,
        orderType: 'Hospitality',
        customerName: '概览测试',
        customerPhone: '13900009999',
        rentalStartTime: start.toISOString(),
        rentalEndTime: new Date(start.getTime() + 86_400_000).toISOString(),
        items: [{ equipmentId: item.id }],
      })
    ).json<{ id: string; status: number }>();
    // Free of charge: reserved at once, collected today.
    const during = await dashboard('employee');
    const startsToday =
      new Date(start).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 10) ===
      during.today;
    expect(during.orders.pickupsToday).toBe(before.orders.pickupsToday + (startsToday ? 1 : 0));
    expect(during.orders.toPrepare).toBe(before.orders.toPrepare);
    await call('employee', 'POST', `/api/app/orders/${order.id}/cancel`, { reason: '测试' });
    expect((await dashboard('employee')).orders.pickupsToday).toBe(before.orders.pickupsToday);
  });

  it('shows takings only to those who see the store’s finances, and each their own store', async () => {
    const employee = await dashboard('employee');
    expect(employee.takings).toBeNull();
    expect(employee.week.every((d) => d.takings === null)).toBe(true);
    const other = await call('manager', 'GET', `/api/app/store-dashboard?storeId=${taiwu}`);
    expect(other.statusCode).toBe(403);
    // A super admin picks any store.
    const admin = await dashboard('admin', taiwu);
    expect(admin.storeName).toBe('太舞小镇店');
    expect(admin.takings).not.toBeNull();
    expect((await call('driver', 'GET', '/api/app/store-dashboard')).statusCode).toBe(403);
  });
});
