import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, OrderType } from '@snowgear/contracts';
import { orders } from '@/db/schema.js';
import { cancelUnpaidOrders, expirePendingOrders } from '@/modules/orders/sweep.js';
import {
  callerAs,
  createTestApp,
  customerToken,
  phoneSignIn,
  signIn,
  storeIdsByName,
  verificationHeaders,
  storeTimeOn,
  type TestApp,
} from '@/testing/index.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface Catalog {
  categories: { id: string; name: string; kinds: { free: number; size: object }[] }[];
}

describe('orders an agent books for a customer', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let goggles: { id: string; size: object };

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['agent', 'employee', 'driver']));
    tokens.customer = await customerToken(t);
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    // Goggles of its own (they need no size): how much demo stock is free depends on the hour.
    const categories = (await call('employee', 'GET', '/api/app/equipment/categories')).json()
      .items as { id: string; name: string }[];
    const id = categories.find((c) => c.name === '雪镜')!.id;
    for (let n = 0; n < 6; n++) {
      const res = await call('employee', 'POST', '/api/app/equipment', {
        storeId: wanlong,
        categoryId: id,
        name: `代客下单测试 ${n}`,
        barcodeNumber: `AGENT-${Date.now()}-${n}`,
        dailyRentPrice: 20,
        deposit: 100,
        attributes: [],
      });
      expect(res.statusCode).toBe(201);
    }
    goggles = { id, size: {} };
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);

  async function catalogAt(when: string): Promise<Catalog> {
    return (
      await t.app.inject(
        `/api/app/booking/catalog?storeId=${wanlong}&rentalStartTime=${encodeURIComponent(when)}&days=2`,
      )
    ).json<Catalog>();
  }
  const freeGoggles = async (when: string) =>
    (await catalogAt(when)).categories
      .find((c) => c.id === goggles.id)!
      .kinds.find((k) => JSON.stringify(k.size) === JSON.stringify(goggles.size))!.free;

  const place = (when: string, customer = { name: '张三', phone: '13800138000' }) =>
    call('agent', 'POST', '/api/app/agent/orders', {
      cart: {
        storeId: wanlong,
        rentalStartTime: when,
        days: 2,
        deliveryMethod: 'Delivery',
        deliveryAddress: '太舞酒店 1203',
        riders: [],
        lines: [
          { type: 'item', categoryId: goggles.id, size: goggles.size },
          { type: 'item', categoryId: goggles.id, size: goggles.size },
        ],
      },
      customerName: customer.name,
      customerPhone: customer.phone,
      remarks: '酒店前台转交',
    });

  it('waits for the store holding its gear, then the store confirms it and the customer pays', async () => {
    const when = storeTimeOn(300, '10:00');
    const before = await freeGoggles(when);
    const res = await place(when);
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      status: OrderStatus.Pending,
      orderType: OrderType.Reservation,
      customerName: '张三',
      remarks: '酒店前台转交',
      deliveryMethod: 'Delivery',
    });
    expect(order.agentId).toBeTruthy();
    // No bill until the store has confirmed: nobody can pay a booking the store may decline.
    expect(order.bills).toEqual([]);
    expect(order.totalAmount).toBeGreaterThan(0);
    // Its gear is held from the start, so confirming never finds it gone.
    expect(await freeGoggles(when)).toBe(before - 2);

    // The agent sees it, waiting; the customer with that verified number sees it too.
    const mine = (await call('agent', 'GET', '/api/app/agent/orders?maxResultCount=50')).json();
    expect(mine.items[0]).toMatchObject({
      id: order.id,
      status: OrderStatus.Pending,
      customerPhone: '13800138000',
    });
    // Read without the deposit (it goes back to the customer); the deposit said apart.
    const deposit = order.feeItems
      .filter((f: { kind: string }) => f.kind === 'Deposit')
      .reduce((n: number, f: { amount: number }) => n + Math.round(f.amount * 100), 0);
    expect(deposit).toBeGreaterThan(0);
    expect(Math.round(mine.items[0].deposit * 100)).toBe(deposit);
    expect(Math.round(mine.items[0].amount * 100)).toBe(
      Math.round(order.totalAmount * 100) - deposit,
    );
    // Opened from the list: what it is for, with the riders the agent typed and the address.
    const opened = await call('agent', 'GET', `/api/app/agent/orders/${order.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      id: order.id,
      remarks: '酒店前台转交',
      summary: { deliveryMethod: 'Delivery', deliveryAddress: order.deliveryAddress },
    });
    expect(opened.json().summary.lines.length).toBeGreaterThan(0);
    // Nobody else's: another agent's order, or none, is not found.
    expect(
      (await call('agent', 'GET', `/api/app/agent/orders/00000000-0000-4000-8000-000000000000`))
        .statusCode,
    ).toBe(404);
    const customers = (await call('customer', 'GET', '/api/app/orders?maxResultCount=100')).json<{
      items: { id: string }[];
    }>();
    expect(customers.items.some((o) => o.id === order.id)).toBe(true);

    // Someone who is not the store's order handler cannot confirm it.
    expect(
      (await call('driver', 'POST', `/api/app/orders/${order.id}/confirm`, {})).statusCode,
    ).toBe(403);
    const confirmed = await call('employee', 'POST', `/api/app/orders/${order.id}/confirm`, {
      remarks: '库存已核对',
    });
    expect(confirmed.statusCode).toBe(200);
    const after = confirmed.json();
    expect(after.status).toBe(OrderStatus.Unpaid);
    expect(after.bills).toHaveLength(1);
    expect(after.bills[0]).toMatchObject({
      kind: 'payment',
      status: 'pending',
      amount: order.totalAmount,
    });
    expect(
      after.timeline.some((e: { message: string }) =>
        e.message.includes('门店确认订单，等待客户支付 · 库存已核对'),
      ),
    ).toBe(true);
    // Once only; and the agent can no longer take it back.
    const again = await call('employee', 'POST', `/api/app/orders/${order.id}/confirm`, {});
    expect(again.statusCode).toBe(409);
    const late = await call('agent', 'POST', `/api/app/agent/orders/${order.id}/withdraw`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain('待支付');

    // Paid, it counts for the agent.
    await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-received?billId=${after.bills[0].id}`,
    );
    const paid = (await call('employee', 'GET', `/api/app/orders/${order.id}`)).json();
    expect(paid.status).toBe(OrderStatus.PendingDelivery);
  });

  it('reaches a customer who signs in with the number later, to pay once confirmed', async () => {
    const phone = '13977778888';
    const order = (await place(storeTimeOn(305, '10:00'), { name: '新顾客', phone })).json();
    expect(order.customerId).toBeNull();
    await call('employee', 'POST', `/api/app/orders/${order.id}/confirm`, {});
    const res = await phoneSignIn(t, csrf, { phoneNumber: phone, realName: '新顾客' });
    expect(res.statusCode).toBe(200);
    const token = res.json<{ accessToken: string }>().accessToken;
    const seen = await t.app.inject({
      url: `/api/app/orders/${order.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().bills[0]).toMatchObject({ kind: 'payment', status: 'pending' });
  });

  it('lets the agent withdraw an order the store has not confirmed, freeing its gear', async () => {
    const when = storeTimeOn(310, '10:00');
    const before = await freeGoggles(when);
    const order = (await place(when, { name: '李四', phone: '13911112222' })).json();
    expect(await freeGoggles(when)).toBe(before - 2);
    // Another agent's or a made-up order is not found.
    const nobody = await call(
      'agent',
      'POST',
      '/api/app/agent/orders/00000000-0000-0000-0000-000000000000/withdraw',
      {},
    );
    expect(nobody.statusCode).toBe(404);
    const res = await call('agent', 'POST', `/api/app/agent/orders/${order.id}/withdraw`, {
      reason: '客户改期',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: order.id, status: OrderStatus.Cancelled });
    expect(await freeGoggles(when)).toBe(before);
    const twice = await call('agent', 'POST', `/api/app/agent/orders/${order.id}/withdraw`, {});
    expect(twice.statusCode).toBe(409);
    const seen = (await call('employee', 'GET', `/api/app/orders/${order.id}`)).json();
    expect(seen.timeline.at(-1).message).toBe('代理商撤回订单 · 客户改期');
  });

  it('cancels an order still unconfirmed when its rental starts, and gives a confirmed one its full time to pay', async () => {
    const when = storeTimeOn(320, '10:00');
    const before = await freeGoggles(when);
    const order = (await place(when, { name: '王五', phone: '13933334444' })).json();
    // Not yet: the rental has not started.
    await expirePendingOrders(t.database.db, new Date(Date.parse(when) - HOUR));
    expect((await call('employee', 'GET', `/api/app/orders/${order.id}`)).json().status).toBe(
      OrderStatus.Pending,
    );
    await expirePendingOrders(t.database.db, new Date(Date.parse(when) + 1000));
    const expired = (await call('employee', 'GET', `/api/app/orders/${order.id}`)).json();
    expect(expired.status).toBe(OrderStatus.Cancelled);
    expect(expired.timeline.at(-1).message).toBe('租期开始前门店未确认，系统自动取消');
    expect(await freeGoggles(when)).toBe(before);

    // Placed days ago and confirmed now: the store's time to pay starts at the confirmation.
    const old = (
      await place(storeTimeOn(330, '10:00'), {
        name: '赵六',
        phone: '13955556666',
      })
    ).json();
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 5 * DAY) })
      .where(eq(orders.id, old.id));
    await call('employee', 'POST', `/api/app/orders/${old.id}/confirm`, {});
    await cancelUnpaidOrders(t.database.db);
    expect((await call('employee', 'GET', `/api/app/orders/${old.id}`)).json().status).toBe(
      OrderStatus.Unpaid,
    );
  });

  it('refuses what the form refuses, and callers who are not agents', async () => {
    const when = storeTimeOn(340, '10:00');
    const noPhone = await place(when, { name: '张三', phone: '12' });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().error.validationErrors[0].members).toEqual(['customerPhone']);
    const noName = await place(when, { name: '  ', phone: '13800138000' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.validationErrors[0].members).toEqual(['customerName']);
    // More than the store has: 409 with what is free.
    const greedy = await call('agent', 'POST', '/api/app/agent/orders', {
      cart: {
        storeId: wanlong,
        rentalStartTime: when,
        days: 2,
        riders: [],
        lines: Array.from({ length: 50 }, () => ({
          type: 'item',
          categoryId: goggles.id,
          size: goggles.size,
        })),
      },
      customerName: '张三',
      customerPhone: '13800138000',
    });
    expect(greedy.statusCode).toBe(409);
    expect(greedy.json().error.data.shortages[0].wanted).toBe(50);
    // Nothing in the cart: nothing to book (a 400 naming the lines, not a server error).
    const empty = await call('agent', 'POST', '/api/app/agent/orders', {
      cart: { storeId: wanlong, rentalStartTime: when, days: 2, riders: [], lines: [] },
      customerName: '张三',
      customerPhone: '13800138000',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.validationErrors[0]).toMatchObject({
      members: ['cart.lines'],
      message: 'ItemsRequired',
    });
    const employee = await call('employee', 'POST', '/api/app/agent/orders', {});
    expect(employee.statusCode).toBe(403);
  });
});
