import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '@snowgear/contracts';
import { attributeDefinitions, orderItems } from '@/db/schema.js';
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

interface Item {
  id: string;
  categoryId: string;
  categoryName: string;
}

const DAY = 86_400_000;

/** The order QR page (spec §2 /customer/order-qr/:orderNumber): public, for those entitled only. */
describe('order QR page', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let order: {
    id: string;
    orderNumber: string;
    qrToken: string;
    rentalStartTime: string;
    rentalEndTime: string;
  };
  let other: { id: string; orderNumber: string; qrToken: string };
  let skis: Item[];

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['admin', 'employee', 'driver', 'multi']));
    tokens.customer = await customerToken(t);
    const me = (await call('customer', 'GET', '/api/app/account/my-profile')).json();
    const wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    const inStock: Item[] = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment?storeId=${wanlong}&status=0&maxResultCount=100`,
      )
    ).json().items;
    const first = inStock[0]!;
    skis = inStock.filter((i) => i.categoryId === first.categoryId).slice(0, 2);
    const start = Date.now() + 40 * DAY;
    const create = (
      customerId: string | undefined,
      items: object[],
      customerPhone = '13800138000',
    ) =>
      counterOrder('employee', {
        storeId: wanlong,
        customerId,
        customerName: '张三',
        customerPhone,
        rentalStartTime: new Date(start).toISOString(),
        rentalEndTime: new Date(start + 3 * DAY).toISOString(),
        items,
      });
    const created = await create(me.id, [
      { equipmentId: skis[0]!.id },
      { equipmentId: skis[1]!.id },
      { categoryId: first.categoryId },
    ]);
    expect(created.statusCode).toBe(201);
    order = created.json();
    // Another customer's (a number the demo customer never verified).
    const another = await create(undefined, [{ categoryId: first.categoryId }], '13612340000');
    expect(another.statusCode).toBe(201);
    other = another.json();
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  const qr = (as: string | null, orderNumber: string, k?: string) => {
    const url = `/api/app/orders/qr/${orderNumber}${k === undefined ? '' : `?k=${k}`}`;
    return as ? call(as, 'GET', url) : t.app.inject(url);
  };

  it("gives the order's customer and its staff the share key of its QR page", async () => {
    expect(order.qrToken).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const asCustomer = (await call('customer', 'GET', `/api/app/orders/${order.id}`)).json();
    expect(asCustomer.qrToken).toBe(order.qrToken);
    const asAdmin = (await call('admin', 'GET', `/api/app/orders/${order.id}`)).json();
    expect(asAdmin.qrToken).toBe(order.qrToken);
    expect(other.qrToken).not.toBe(order.qrToken);
  });

  it('shows the owner the store, dates, status and gear by kind, and nothing personal', async () => {
    const res = await qr('customer', order.orderNumber);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      orderNumber: order.orderNumber,
      qrToken: order.qrToken,
      status: OrderStatus.Unpaid,
      storeName: '万龙雪场店',
      rentalStartTime: order.rentalStartTime,
      rentalEndTime: order.rentalEndTime,
      days: 3,
      // Their own order, one tap from its code.
      myOrderId: order.id,
    });
    expect(page.storeAddress).not.toBe('');
    expect(page.storePhone).not.toBe('');
    // Two items and a kind line of one category: one line of three.
    expect(page.items).toEqual([{ name: skis[0]!.categoryName, sizeLabel: '', count: 3 }]);
    expect(res.body).not.toContain('张三');
    expect(res.body).not.toContain('13800138000');
  });

  it('groups lines by category and size', async () => {
    const [size] = await t.database.db
      .select({ id: attributeDefinitions.id, unit: attributeDefinitions.unit })
      .from(attributeDefinitions)
      .where(eq(attributeDefinitions.isSize, true))
      .limit(1);
    const lines = await t.database.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.sortOrder);
    await t.database.db
      .update(orderItems)
      .set({ size: { [size!.id]: '160' } })
      .where(eq(orderItems.id, lines[2]!.id));
    const page = (await qr(null, order.orderNumber, order.qrToken)).json();
    const label = size!.unit ? `160 ${size!.unit}` : '160';
    expect(page.items).toEqual([
      { name: skis[0]!.categoryName, sizeLabel: '', count: 2 },
      { name: skis[0]!.categoryName, sizeLabel: label, count: 1 },
    ]);
  });

  it("shows it to the store's staff and to a super admin, not to another store's", async () => {
    const asStaff = await qr('employee', order.orderNumber);
    expect(asStaff.statusCode).toBe(200);
    // The link to the customer's own order page is the customer's only.
    expect(asStaff.json().myOrderId).toBeNull();
    expect((await qr(null, order.orderNumber, order.qrToken)).json().myOrderId).toBeNull();
    expect((await qr('driver', order.orderNumber)).statusCode).toBe(200);
    expect((await qr('admin', order.orderNumber)).statusCode).toBe(200);
    const elsewhere = await qr('multi', order.orderNumber);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.code).toBe('Order:NotFound');
  });

  it('shows it to anyone holding its share key, and to nobody guessing the number', async () => {
    expect((await qr(null, order.orderNumber, order.qrToken)).statusCode).toBe(200);
    // Signed in as someone else, the key still opens it.
    expect((await qr('multi', order.orderNumber, order.qrToken)).statusCode).toBe(200);

    const never = await qr(null, '209901010001');
    expect(never.statusCode).toBe(404);
    const answer = (res: { json: () => { error: object } }) => ({
      ...res.json().error,
      requestId: undefined,
    });
    const hidden = [
      await qr(null, order.orderNumber),
      await qr(null, order.orderNumber, 'A'.repeat(22)),
      await qr(null, order.orderNumber, order.qrToken.slice(0, -1)),
      await qr(null, order.orderNumber, other.qrToken),
      await qr(null, order.orderNumber, ''),
    ];
    for (const res of hidden) {
      // Exactly what a number never used answers: nothing tells the two apart.
      expect(res.statusCode).toBe(404);
      expect(answer(res)).toEqual(answer(never));
    }
    // Another customer's order is no one's business either.
    expect((await qr('customer', other.orderNumber)).statusCode).toBe(404);
    expect((await qr('customer', other.orderNumber, other.qrToken)).statusCode).toBe(200);
  });

  it('refuses a malformed order number with 400', async () => {
    expect((await qr(null, '12345')).statusCode).toBe(400);
    expect((await qr(null, `${order.orderNumber}?k=${'x'.repeat(200)}`)).statusCode).toBe(400);
  });

  it('tells the payer when an unpaid order is released, and where to land only to its customer', async () => {
    // Whoever holds the payment link pays, but the QR page's key picks the gear up: not theirs.
    const checkout = (await t.app.inject(`/api/app/payments/checkout/${order.id}`)).json();
    expect(checkout.qrToken).toBeNull();
    const own = (await call('customer', 'GET', `/api/app/payments/checkout/${order.id}`)).json();
    expect(own.qrToken).toBe(order.qrToken);
    const placed = (await call('employee', 'GET', `/api/app/orders/${order.id}`)).json();
    expect(checkout.payBefore).toBe(placed.payBefore);
    expect(new Date(checkout.payBefore).getTime()).toBeGreaterThan(Date.now());
  });
});
