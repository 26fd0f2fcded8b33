import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '@/db/schema.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

interface Order {
  id: string;
  orderNumber: string;
  status: number;
  totalAmount: number;
  rentalStartTime: string;
  rentalEndTime: string;
  bills: { id: string }[];
}

const DAY = 86_400_000;
const START = Date.now() + 30 * DAY;
const day = (n: number) => new Date(START + n * DAY).toISOString();

describe('related orders of an item', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let taiwu: string;
  let inStock: { id: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(
      tokens,
      await signIn(t.app, csrf, ['admin', 'employee', 'multi', 'driver', 'agent']),
    );
    const storeIds = await storeIdsByName(t.app);
    wanlong = storeIds['万龙雪场店']!;
    taiwu = storeIds['太舞小镇店']!;
    inStock = (
      await call('employee', 'GET', `/api/app/equipment?storeId=${wanlong}&status=0`)
    ).json().items;
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  /** Books the item for days [from, from + 1) of the test window; the order starts unpaid. */
  async function book(equipmentId: string, from: number, customerName = '王五'): Promise<Order> {
    const res = await counterOrder('employee', {
      storeId: wanlong,
      orderType: 'Normal',
      customerName,
      customerPhone: '13900001111',
      rentalStartTime: day(from),
      rentalEndTime: day(from + 1),
      deliveryMethod: 'SelfPickup',
      returnMethod: 'SelfReturn',
      items: [{ equipmentId }],
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  }
  const pay = async (order: Order) =>
    expect(
      (
        await call(
          'employee',
          'POST',
          `/api/app/orders/confirm-cash-received?billId=${order.bills[0]!.id}`,
        )
      ).statusCode,
    ).toBe(200);
  /** States the order API cannot reach yet (delivery, return) are set in the database. */
  const setStatus = (order: Order, status: number) =>
    t.database.db.update(orders).set({ status }).where(eq(orders.id, order.id));
  const counts = async (as: string, equipmentId: string) => {
    const res = await call(as, 'GET', `/api/app/equipment/orders-count?equipmentId=${equipmentId}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const list = async (as: string, tab: string, equipmentId: string, skipCount = 0) => {
    const res = await call(
      as,
      'GET',
      `/api/app/equipment/${tab}-orders?equipmentId=${equipmentId}&skipCount=${skipCount}&maxResultCount=10`,
    );
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const ids = (page: { items: { id: string }[] }) => page.items.map((o) => o.id);

  it('counts and lists the orders of each tab; cancelled orders appear in none', async () => {
    const item = inStock[0]!.id;
    const unpaid = await book(item, 0, '甲');
    const reserved = await book(item, 2, '乙');
    await pay(reserved);
    const cancelled = await book(item, 4, '丙');
    expect(
      (
        await call('employee', 'POST', `/api/app/orders/${cancelled.id}/cancel`, {
          reason: '客户改期',
        })
      ).statusCode,
    ).toBe(200);
    const inUse = await book(item, 6, '丁');
    await setStatus(inUse, 5);
    const delivering = await book(item, 8, '戊');
    await setStatus(delivering, 3);
    const completed = await book(item, 10, '己');
    await setStatus(completed, 9);
    const supplement = await book(item, 12, '庚');
    await setStatus(supplement, 6);

    // The spec's names (§3), and the short names older clients read.
    expect(await counts('employee', item)).toEqual({
      totalCount: 6,
      inUseCount: 2,
      reservedCount: 1,
      unpaidCount: 2,
      completedCount: 1,
      inUse: 2,
      reserved: 1,
      unpaid: 2,
      completed: 1,
    });
    const inUseTab = await list('employee', 'in-use', item);
    expect(inUseTab.totalCount).toBe(2);
    expect(ids(inUseTab)).toEqual([delivering.id, inUse.id]);
    expect(ids(await list('employee', 'reserved', item))).toEqual([reserved.id]);
    expect(ids(await list('employee', 'unpaid', item))).toEqual([supplement.id, unpaid.id]);
    const completedTab = await list('employee', 'completed', item);
    expect(completedTab).toEqual({
      items: [
        {
          orderId: completed.id,
          id: completed.id,
          orderNumber: completed.orderNumber,
          status: 9,
          statusDescription: '已完成',
          customerName: '己',
          rentalStartTime: completed.rentalStartTime,
          rentalEndTime: completed.rentalEndTime,
          totalAmount: completed.totalAmount,
        },
      ],
      totalCount: 1,
    });
    expect(completedTab.items[0].totalAmount).toBeGreaterThan(0);
    const english = await call(
      'employee',
      'GET',
      `/api/app/equipment/completed-orders?equipmentId=${item}`,
      undefined,
      'en',
    );
    expect(english.json().items[0].statusDescription).toBe('Completed');
    const everyTab = await Promise.all(
      ['in-use', 'reserved', 'unpaid', 'completed'].map((tab) => list('employee', tab, item)),
    );
    expect(everyTab.flatMap(ids)).not.toContain(cancelled.id);
    // Another item's orders are not this item's.
    expect(await counts('employee', inStock[2]!.id)).toMatchObject({
      totalCount: 0,
      inUseCount: 0,
      reservedCount: 0,
      unpaidCount: 0,
      completedCount: 0,
    });
  });

  it('pages 10 at a time, newest rental first', async () => {
    const item = inStock[1]!.id;
    const booked: Order[] = [];
    for (let i = 0; i < 12; i++) booked.push(await book(item, i * 2));
    const newestFirst = booked.map((o) => o.id).reverse();

    const first = await list('employee', 'unpaid', item);
    expect(first.totalCount).toBe(12);
    expect(ids(first)).toEqual(newestFirst.slice(0, 10));
    const more = await list('employee', 'unpaid', item, 10);
    expect(more.totalCount).toBe(12);
    expect(ids(more)).toEqual(newestFirst.slice(10));
    expect((await counts('employee', item)).unpaid).toBe(12);
  });

  it("shows staff their own store's orders only, and a SuperAdmin all", async () => {
    const item = inStock[3]!.id;
    const ours = await book(item, 0);
    await pay(ours);
    // An order of another store that holds this item (e.g. booked before a transfer).
    const theirs = await book(item, 2);
    await pay(theirs);
    await t.database.db.update(orders).set({ storeId: taiwu }).where(eq(orders.id, theirs.id));

    expect((await counts('employee', item)).reserved).toBe(1);
    expect(ids(await list('employee', 'reserved', item))).toEqual([ours.id]);
    expect((await counts('admin', item)).reserved).toBe(2);
    expect(ids(await list('admin', 'reserved', item))).toEqual([theirs.id, ours.id]);
    // 太舞's manager may view 万龙's item (as with the item itself) but sees only 太舞's orders.
    expect((await counts('multi', item)).reserved).toBe(1);
    expect(ids(await list('multi', 'reserved', item))).toEqual([theirs.id]);
    // Drivers may look gear up, within their store; agents may not.
    expect(ids(await list('driver', 'reserved', item))).toEqual([ours.id]);
    expect(
      (await call('agent', 'GET', `/api/app/equipment/orders-count?equipmentId=${item}`))
        .statusCode,
    ).toBe(403);
  });

  it('answers 404 for an unknown item and 400 for a malformed id', async () => {
    const unknown = randomUUID();
    const countRes = await call(
      'employee',
      'GET',
      `/api/app/equipment/orders-count?equipmentId=${unknown}`,
    );
    expect(countRes.statusCode).toBe(404);
    expect(countRes.json().error.code).toBe('Equipment:NotFound');
    for (const tab of ['in-use', 'reserved', 'unpaid', 'completed']) {
      const res = await call(
        'employee',
        'GET',
        `/api/app/equipment/${tab}-orders?equipmentId=${unknown}`,
      );
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await call('employee', 'GET', '/api/app/equipment/unpaid-orders?equipmentId=abc'))
        .statusCode,
    ).toBe(400);
  });

  it('counts and lists an order whose line booked by kind holds the item', async () => {
    // A kind line of the same category as an item in stock: it holds one such item.
    const [probe] = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment?storeId=${wanlong}&status=0&maxResultCount=1`,
      )
    ).json().items as { categoryId: string }[];
    const res = await counterOrder('employee', {
      storeId: wanlong,
      orderType: 'Normal',
      customerName: '按类预订',
      customerPhone: '13900002222',
      rentalStartTime: day(40),
      rentalEndTime: day(41),
      deliveryMethod: 'SelfPickup',
      returnMethod: 'SelfReturn',
      items: [{ categoryId: probe!.categoryId }],
    });
    expect(res.statusCode).toBe(201);
    const order: Order = res.json();
    const [line] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ equipmentId: null });
    const held = line!.heldEquipmentId!;
    expect(held).toBeTruthy();

    // (The held item may be one the tests above booked too.)
    const unpaid = await list('employee', 'unpaid', held);
    expect(ids(unpaid)).toContain(order.id);
    expect((await counts('employee', held)).unpaidCount).toBe(unpaid.totalCount);
  });
});
