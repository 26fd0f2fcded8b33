import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EquipmentStatus } from '@snowgear/contracts';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { availabilityOf } from './availability.js';

interface Item {
  id: string;
  barcodeNumber: string;
  status: number;
  categoryId: string;
  unavailableTimes: unknown[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/** What a customer reads of an item's availability: /cx, /customer/equipment-inquiry. */
describe('equipment inquiry and browse: true availability', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let free: Item[];

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee']));
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    const inStock: Item[] = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment?storeId=${wanlong}&status=0&maxResultCount=100`,
      )
    ).json().items;
    free = inStock.filter((i) => i.unavailableTimes.length === 0);
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  const inquire = async (barcode: string) => {
    const res = await t.app.inject(`/api/app/equipment/inquiry?sn=${barcode}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const book = (items: Item[], start: number, end: number) =>
    counterOrder('employee', {
      storeId: wanlong,
      customerName: '查询测试',
      customerPhone: '13900003333',
      rentalStartTime: iso(start),
      rentalEndTime: iso(end),
      items: items.map((i) => ({ equipmentId: i.id })),
    });
  const item = (i: number) => free[i]!;

  it('calls a free item free, with no holds', async () => {
    expect(await inquire(item(0).barcodeNumber)).toMatchObject({
      status: EquipmentStatus.Available,
      availableNow: true,
      nextFreeFrom: null,
      holds: [],
    });
  });

  it('says an item reserved for now is not free, and when it is free again (back-to-back holds as one)', async () => {
    const now = Date.now();
    // Booked a few minutes ago for a rental that started then (an order is never backdated further).
    const first = await book([item(1)], now - HOUR / 6, now + 2 * DAY);
    expect(first.statusCode).toBe(201);
    const second = await book([item(1)], now + 2 * DAY, now + 3 * DAY);
    expect(second.statusCode).toBe(201);
    const later = await book([item(1)], now + 10 * DAY, now + 11 * DAY);
    expect(later.statusCode).toBe(201);

    const seen = await inquire(item(1).barcodeNumber);
    // Still in stock (status 0) until it is handed over, yet not free now.
    expect(seen).toMatchObject({ status: EquipmentStatus.Available, availableNow: false });
    expect(seen.nextFreeFrom).toBe(second.json().rentalEndTime);
    expect(seen.holds).toEqual([
      { startTime: first.json().rentalStartTime, endTime: first.json().rentalEndTime },
      { startTime: second.json().rentalStartTime, endTime: second.json().rentalEndTime },
      { startTime: later.json().rentalStartTime, endTime: later.json().rentalEndTime },
    ]);
    // Holds are times only: nothing of the orders or their customers.
    expect(JSON.stringify(seen)).not.toContain(first.json().id);
    expect(JSON.stringify(seen)).not.toContain('查询测试');
  });

  it('calls an item reserved only for the coming days free now, and shows when it is held', async () => {
    const now = Date.now();
    const order = await book([item(2)], now + 3 * DAY, now + 6 * DAY);
    expect(order.statusCode).toBe(201);
    expect(await inquire(item(2).barcodeNumber)).toMatchObject({
      availableNow: true,
      nextFreeFrom: null,
      holds: [{ startTime: order.json().rentalStartTime, endTime: order.json().rentalEndTime }],
    });
  });

  it('counts manual holds: checked out, or kept after check-in', async () => {
    const now = Date.now();
    const out = await call('employee', 'POST', `/api/app/equipment/stock-out/${item(3).id}`, {
      reason: '租赁',
      unavailableStartTime: iso(now - HOUR),
      unavailableEndTime: iso(now + DAY),
    });
    expect(out.statusCode).toBe(200);
    const lock = out.json().equipment.unavailableTimes[0];
    expect(await inquire(item(3).barcodeNumber)).toMatchObject({
      status: EquipmentStatus.InUse,
      availableNow: false,
      nextFreeFrom: lock.endTime,
    });
    // Checked back in but the manual hold kept: in stock, still held until it ends.
    const back = await call('employee', 'POST', `/api/app/equipment/stock-in/${item(3).id}`, {
      reason: '租赁归还',
      shouldClearManualUnavailableTime: false,
    });
    expect(back.statusCode).toBe(200);
    expect(await inquire(item(3).barcodeNumber)).toMatchObject({
      status: EquipmentStatus.Available,
      availableNow: false,
      nextFreeFrom: lock.endTime,
    });
  });

  it('calls damaged, lost, in-transfer and scrapped gear unavailable, with no date to promise', async () => {
    const damaged = await call(
      'employee',
      'POST',
      `/api/app/equipment/change-status/${item(4).id}`,
      { newStatus: EquipmentStatus.Damaged, reason: '检查发现' },
    );
    expect(damaged.statusCode).toBe(200);
    expect(await inquire(item(4).barcodeNumber)).toMatchObject({
      status: EquipmentStatus.Damaged,
      availableNow: false,
      nextFreeFrom: null,
    });
    const now = new Date();
    for (const status of [
      EquipmentStatus.Damaged,
      EquipmentStatus.Lost,
      EquipmentStatus.InTransfer,
      EquipmentStatus.Scrapped,
    ]) {
      expect(availabilityOf(status, [], now)).toEqual({
        availableNow: false,
        nextFreeFrom: null,
        holds: [],
      });
    }
    // Out with no hold running (overdue): not free, and no date either.
    expect(availabilityOf(EquipmentStatus.InUse, [], now)).toMatchObject({
      availableNow: false,
      nextFreeFrom: null,
    });
  });

  it("browses a store's gear with the same availability, paged, filtered and without internals", async () => {
    const browse = async (query: string) => {
      const res = await t.app.inject(`/api/app/equipment/catalog-items?storeId=${wanlong}${query}`);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const staff = async (status: number) =>
      (
        await call(
          'employee',
          'GET',
          `/api/app/equipment?storeId=${wanlong}&status=${status}&maxResultCount=1`,
        )
      ).json().totalCount as number;

    const all = await browse('&maxResultCount=50');
    // In stock, out, under repair and in transfer are listed; lost and scrapped gear is not.
    const listed = (await staff(0)) + (await staff(1)) + (await staff(2)) + (await staff(4));
    expect(all.totalCount).toBe(listed);
    const statuses = new Set(all.items.map((i: Item) => i.status));
    expect(statuses.has(EquipmentStatus.Lost)).toBe(false);
    expect(statuses.has(EquipmentStatus.Scrapped)).toBe(false);

    const held = (await browse(`&keyword=${item(1).barcodeNumber}`)).items;
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      barcodeNumber: item(1).barcodeNumber,
      availableNow: false,
      nextFreeFrom: (await inquire(item(1).barcodeNumber)).nextFreeFrom,
    });
    for (const key of ['unavailableTimes', 'remarks', 'usageCount', 'storeId', 'imageFileIds'])
      expect(held[0]).not.toHaveProperty(key);

    const skis = await browse(`&categoryId=${item(0).categoryId}&maxResultCount=2`);
    expect(skis.items.length).toBeLessThanOrEqual(2);
    expect(skis.items.every((i: Item) => i.categoryId === item(0).categoryId)).toBe(true);
    const next = await browse(`&categoryId=${item(0).categoryId}&maxResultCount=2&skipCount=2`);
    expect(next.totalCount).toBe(skis.totalCount);
    const ids = [...skis.items, ...next.items].map((i: Item) => i.id);
    expect(new Set(ids).size).toBe(ids.length);

    expect((await browse('&keyword=没有这种雪具')).totalCount).toBe(0);
    const unknown = await t.app.inject(
      '/api/app/equipment/catalog-items?storeId=00000000-0000-0000-0000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('Store:NotFound');
    const bad = await t.app.inject('/api/app/equipment/catalog-items?storeId=x');
    expect(bad.statusCode).toBe(400);
  });

  it('lists the categories for the browse filter without signing in', async () => {
    const res = await t.app.inject('/api/app/equipment/catalog-categories');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(9);
    expect(res.json().items[0]).toEqual({ id: expect.any(String), name: expect.any(String) });
  });
});
