import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { businessDay } from './numbering.js';

interface Item {
  id: string;
  barcodeNumber: string;
  status: number;
  dailyRentPrice: number;
  deposit: number;
  categoryId: string;
}

const DAY = 86_400_000;
const at = (days: number, hours = 0) =>
  new Date(Date.UTC(2027, 0, 10) + days * DAY + hours * 3_600_000).toISOString();

describe('orders', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let storeIds: Record<string, string>;
  let wanlong: string;
  let inStock: Item[];

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['admin', 'employee', 'multi', 'driver']));
    storeIds = await storeIdsByName(t.app);
    wanlong = storeIds['万龙雪场店']!;
    inStock = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment?storeId=${wanlong}&status=0&maxResultCount=100`,
      )
    ).json().items;
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const walkIn = (items: { equipmentId?: string; categoryId?: string }[], extra: object = {}) => ({
    storeId: wanlong,
    orderType: 'Normal',
    customerName: '王五',
    customerPhone: '13900001111',
    rentalStartTime: at(0),
    rentalEndTime: at(3),
    deliveryMethod: 'SelfPickup',
    returnMethod: 'SelfReturn',
    items,
    ...extra,
  });
  const item = (i: number) => inStock[i]!;

  it('creates a walk-in order: 12-digit number, rent × days and deposits, one pending bill', async () => {
    const res = await call(
      'employee',
      'POST',
      '/api/app/orders',
      walkIn([{ equipmentId: item(0).id }, { equipmentId: item(1).id }]),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order.orderNumber).toMatch(/^20\d{10}$/);
    expect(order.orderNumber.slice(0, 8)).toBe(businessDay(new Date(), 'Asia/Shanghai'));
    expect(order).toMatchObject({ status: 1, days: 3, itemCount: 2, customerName: '王五' });
    const rent = (item(0).dailyRentPrice + item(1).dailyRentPrice) * 3;
    const deposits = item(0).deposit + item(1).deposit;
    expect(order.totalAmount).toBeCloseTo(rent + deposits, 2);
    const feeSum = order.feeItems.reduce((s: number, f: { amount: number }) => s + f.amount, 0);
    expect(feeSum).toBeCloseTo(order.totalAmount, 2);
    expect(order.bills).toEqual([
      expect.objectContaining({ kind: 'payment', amount: order.totalAmount, status: 'pending' }),
    ]);
    expect(order.items.map((i: { barcodeNumber: string }) => i.barcodeNumber)).toEqual([
      item(0).barcodeNumber,
      item(1).barcodeNumber,
    ]);
    expect(order.timeline).toEqual([
      expect.objectContaining({ kind: 'created', toStatus: 1, operatorName: '李店员' }),
    ]);
    // The item now shows the order's lock.
    const locks = (
      await call('employee', 'GET', `/api/app/equipment/unavailable-times/${item(0).id}`)
    ).json();
    expect(locks).toEqual([expect.objectContaining({ orderId: order.id })]);
  });

  it('refuses an overlapping booking of the same item with the window, and takes an adjacent one', async () => {
    const first = await call(
      'employee',
      'POST',
      '/api/app/orders',
      walkIn([{ equipmentId: item(2).id }], { rentalStartTime: at(10), rentalEndTime: at(12) }),
    );
    expect(first.statusCode).toBe(201);
    const clash = await call(
      'employee',
      'POST',
      '/api/app/orders',
      walkIn([{ equipmentId: item(3).id }, { equipmentId: item(2).id }], {
        rentalStartTime: at(11),
        rentalEndTime: at(14),
      }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({
      code: 'Equipment:NotAvailable',
      data: {
        barcodeNumber: item(2).barcodeNumber,
        conflictStartTime: at(10),
        conflictEndTime: at(12),
        orderId: first.json().id,
      },
    });
    expect(clash.json().error.message).toContain(item(2).barcodeNumber);
    // Nothing of the refused order stayed behind: item 3 is still free for those days.
    const item3Free = await call(
      'employee',
      'POST',
      '/api/app/orders',
      walkIn([{ equipmentId: item(3).id }], { rentalStartTime: at(11), rentalEndTime: at(14) }),
    );
    expect(item3Free.statusCode).toBe(201);
    const adjacent = await call(
      'employee',
      'POST',
      '/api/app/orders',
      walkIn([{ equipmentId: item(2).id }], { rentalStartTime: at(12), rentalEndTime: at(13) }),
    );
    expect(adjacent.statusCode).toBe(201);
  });

  it('refuses gear that cannot be rented, gear of another store, and other stores', async () => {
    const all = (await call('admin', 'GET', '/api/app/equipment?maxResultCount=1000')).json()
      .items as (Item & { storeId: string })[];
    const damaged = all.find((e) => e.status === 2 && e.storeId === wanlong)!;
    const refused = await call(
      'employee',
      'POST',
      '/api/app/orders',
      walkIn([{ equipmentId: damaged.id }]),
      'en-US',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `Item ${damaged.barcodeNumber} is damaged and cannot be rented`,
    );
    const elsewhere = all.find((e) => e.status === 0 && e.storeId !== wanlong)!;
    expect(
      (await call('employee', 'POST', '/api/app/orders', walkIn([{ equipmentId: elsewhere.id }])))
        .statusCode,
    ).toBe(403);
    const otherStore = await call(
      'multi',
      'POST',
      '/api/app/orders',
      walkIn([{ equipmentId: item(4).id }]),
    );
    expect(otherStore.statusCode).toBe(403);
    const drivers = await call(
      'driver',
      'POST',
      '/api/app/orders',
      walkIn([{ equipmentId: item(4).id }]),
    );
    expect(drivers.statusCode).toBe(403);
    const twice = await call(
      'employee',
      'POST',
      '/api/app/orders',
      walkIn([{ equipmentId: item(4).id }, { equipmentId: item(4).id }]),
    );
    expect(twice.statusCode).toBe(400);
    const backwards = await call(
      'employee',
      'POST',
      '/api/app/orders',
      walkIn([{ equipmentId: item(4).id }], { rentalStartTime: at(5), rentalEndTime: at(4) }),
    );
    expect(backwards.statusCode).toBe(400);
    const noAddress = await call(
      'employee',
      'POST',
      '/api/app/orders',
      walkIn([{ equipmentId: item(4).id }], { deliveryMethod: 'Delivery' }),
    );
    expect(noAddress.statusCode).toBe(400);
  });

  it('prices delivery, pickup and a discount that never goes below zero; hospitality needs no payment', async () => {
    const delivered = (
      await call(
        'employee',
        'POST',
        '/api/app/orders',
        walkIn([{ equipmentId: item(5).id }], {
          rentalStartTime: at(20),
          rentalEndTime: at(21),
          deliveryMethod: 'Delivery',
          deliveryAddress: '万龙酒店大堂',
          returnMethod: 'Pickup',
          returnAddress: '万龙酒店大堂',
          discount: 10,
        }),
      )
    ).json();
    const kinds = delivered.feeItems.map((f: { kind: string; amount: number }) => [
      f.kind,
      f.amount,
    ]);
    // 万龙 has no fee of its own: the global 30 + 30 apply.
    expect(kinds).toEqual([
      ['Rent', item(5).dailyRentPrice],
      ['Deposit', item(5).deposit],
      ['DeliveryFee', 30],
      ['DeliveryFee', 30],
      ['Discount', -10],
    ]);
    expect(delivered.totalAmount).toBeCloseTo(item(5).dailyRentPrice + item(5).deposit + 50, 2);

    const free = (
      await call(
        'employee',
        'POST',
        '/api/app/orders',
        walkIn([{ equipmentId: item(6).id }], {
          rentalStartTime: at(20),
          rentalEndTime: at(21),
          discount: 99999,
        }),
      )
    ).json();
    expect(free.totalAmount).toBe(0);
    expect(free.status).toBe(11);
    expect(free.bills).toEqual([]);

    const hospitality = (
      await call(
        'employee',
        'POST',
        '/api/app/orders',
        walkIn([{ categoryId: item(7).categoryId }], {
          orderType: 'Hospitality',
          rentalStartTime: at(20),
          rentalEndTime: at(22),
        }),
      )
    ).json();
    expect(hospitality).toMatchObject({ status: 11, bills: [] });
    expect(hospitality.items[0]).toMatchObject({ equipmentId: null, days: 2 });
  });

  it('takes cash once however often it is confirmed, and the paid order is reserved', async () => {
    const order = (
      await call(
        'employee',
        'POST',
        '/api/app/orders',
        walkIn([{ equipmentId: item(8).id }], { rentalStartTime: at(30), rentalEndTime: at(31) }),
      )
    ).json();
    const billId = order.bills[0].id;
    expect(
      (await call('employee', 'GET', `/api/app/orders/bill/${billId}/payment-status`)).json(),
    ).toMatchObject({ status: 'pending', orderStatus: 1 });
    // Clients often send a JSON content type with no body on such a POST: that is no body.
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/app/orders/confirm-cash-received?billId=${billId}`,
      headers: {
        ...csrf,
        authorization: `Bearer ${tokens.employee}`,
        'content-type': 'application/json',
      },
      payload: '',
    });
    expect(bare.statusCode).toBe(200);
    const confirmations = await Promise.all(
      [1, 2, 3].map(() =>
        call('employee', 'POST', `/api/app/orders/confirm-cash-received?billId=${billId}`),
      ),
    );
    expect(confirmations.map((c) => c.statusCode)).toEqual([200, 200, 200]);
    expect(confirmations[2]!.json()).toMatchObject({
      status: 'paid',
      method: 'cash',
      orderStatus: 11,
    });
    const paid = (await call('employee', 'GET', `/api/app/orders/${order.id}`)).json();
    expect(paid).toMatchObject({ status: 11, paidAmount: order.totalAmount });
    expect(paid.bills).toEqual([
      expect.objectContaining({ status: 'paid', method: 'cash', confirmedByName: '李店员' }),
    ]);
    expect(paid.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
      'payment',
      'status',
    ]);
    // The store's driver confirming again (cash on delivery) still records one payment; staff of
    // another store may not touch it.
    const byDriver = await call(
      'driver',
      'POST',
      `/api/app/orders/confirm-cash-received?billId=${billId}`,
    );
    expect(byDriver.json()).toMatchObject({ status: 'paid', orderStatus: 11 });
    expect(
      (await call('employee', 'GET', `/api/app/orders/${order.id}`)).json().bills,
    ).toHaveLength(1);
    expect(
      (await call('multi', 'POST', `/api/app/orders/confirm-cash-received?billId=${billId}`))
        .statusCode,
    ).toBe(403);
  });

  it('cancels a reserved order: locks released, a refund owed, and a second cancel refused', async () => {
    const order = (
      await call(
        'employee',
        'POST',
        '/api/app/orders',
        walkIn([{ equipmentId: item(9).id }], { rentalStartTime: at(40), rentalEndTime: at(42) }),
      )
    ).json();
    await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-received?billId=${order.bills[0].id}`,
    );
    const cancelled = await call('employee', 'POST', `/api/app/orders/${order.id}/cancel`, {
      reason: '客户改期',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 10 });
    expect(cancelled.json().bills).toEqual([
      expect.objectContaining({ kind: 'payment', status: 'paid' }),
      expect.objectContaining({ kind: 'refund', status: 'pending', amount: order.totalAmount }),
    ]);
    expect(cancelled.json().timeline.at(-1)).toMatchObject({
      kind: 'status',
      fromStatus: 11,
      toStatus: 10,
      message: '取消订单：客户改期',
    });
    const again = await call('employee', 'POST', `/api/app/orders/${order.id}/cancel`, {
      reason: '再取消',
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toMatchObject({
      code: 'Order:IllegalStatusTransition',
      message: '订单当前状态（已取消）不能取消',
    });
    const rebook = await call(
      'employee',
      'POST',
      '/api/app/orders',
      walkIn([{ equipmentId: item(9).id }], { rentalStartTime: at(40), rentalEndTime: at(42) }),
    );
    expect(rebook.statusCode).toBe(201);
    const unpaidCancel = (
      await call('employee', 'POST', `/api/app/orders/${rebook.json().id}/cancel`, {
        reason: '不要了',
      })
    ).json();
    expect(unpaidCancel.bills).toEqual([expect.objectContaining({ status: 'cancelled' })]);
  });

  it('finds orders by number, keyword, status and store, within the caller’s scope', async () => {
    const order = (
      await call(
        'employee',
        'POST',
        '/api/app/orders',
        walkIn([{ equipmentId: item(10).id }], {
          customerName: '赵六',
          customerPhone: '13712345678',
          rentalStartTime: at(50),
          rentalEndTime: at(51),
        }),
      )
    ).json();
    const byNumber = await call(
      'employee',
      'GET',
      `/api/app/orders/by-number/${order.orderNumber}`,
    );
    expect(byNumber.json().id).toBe(order.id);
    expect(
      (await call('employee', 'GET', '/api/app/orders/by-number/209912310001')).statusCode,
    ).toBe(404);
    const byPhone = (await call('employee', 'GET', '/api/app/orders?keyword=12345678')).json();
    expect(byPhone.items.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const byName = (
      await call('employee', 'GET', '/api/app/orders?keyword=赵六&status=1,11')
    ).json();
    expect(byName.totalCount).toBe(1);
    const cancelledOnly = (await call('employee', 'GET', '/api/app/orders?status=10')).json();
    expect(cancelledOnly.items.every((o: { status: number }) => o.status === 10)).toBe(true);
    expect(cancelledOnly.totalCount).toBeGreaterThan(0);
    // 太舞's manager sees none of 万龙's orders, and may not open one.
    const theirs = (await call('multi', 'GET', '/api/app/orders?maxResultCount=1000')).json();
    expect(theirs.items.some((o: { storeId: string }) => o.storeId === wanlong)).toBe(false);
    expect((await call('multi', 'GET', `/api/app/orders/${order.id}`)).statusCode).toBe(403);
    const admin = (await call('admin', 'GET', `/api/app/orders?storeId=${wanlong}`)).json();
    expect(admin.totalCount).toBe(
      (await call('employee', 'GET', '/api/app/orders')).json().totalCount,
    );
    const page = (
      await call('employee', 'GET', '/api/app/orders?maxResultCount=2&skipCount=1')
    ).json();
    expect(page.items).toHaveLength(2);
  });

  it('numbers orders created at the same moment uniquely and in sequence', async () => {
    const created = await Promise.all(
      [11, 12, 13, 14, 15].map((i) =>
        call(
          'employee',
          'POST',
          '/api/app/orders',
          walkIn([{ equipmentId: item(i).id }], { rentalStartTime: at(60), rentalEndTime: at(61) }),
        ),
      ),
    );
    expect(created.map((c) => c.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const numbers = created.map((c) => Number(c.json().orderNumber)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(5);
    expect(numbers.at(-1)! - numbers[0]!).toBe(4);
  });

  it('200 simultaneous bookings of one item for overlapping windows: one wins, the rest get 409', async () => {
    const target = item(16);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(
          'employee',
          'POST',
          '/api/app/orders',
          walkIn([{ equipmentId: target.id }], {
            rentalStartTime: at(70, i % 24),
            rentalEndTime: at(72, i % 24),
          }),
        ),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(199);
    const winner = responses.find((r) => r.statusCode === 201)!.json();
    for (const loser of responses.filter((r) => r.statusCode === 409)) {
      expect(loser.json().error.data).toMatchObject({
        orderId: winner.id,
        conflictStartTime: winner.rentalStartTime,
        conflictEndTime: winner.rentalEndTime,
      });
    }
  });
});
