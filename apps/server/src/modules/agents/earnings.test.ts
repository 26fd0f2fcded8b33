import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryMethod, ReturnMethod } from '@snowgear/contracts';
import { users } from '@/db/schema.js';
import { businessDay } from '@/modules/orders/numbering.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

const DAY = 86_400_000;
/** Rentals next year, clear of the demo's bookings. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const at = (days: number) => new Date(Date.UTC(NEXT_YEAR, 2, 1) + days * DAY).toISOString();

interface Bill {
  id: string;
  kind: string;
  status: string;
  amount: number;
}
interface Order {
  id: string;
  status: number;
  totalAmount: number;
  bills: Bill[];
  feeItems: { kind: string; amount: number }[];
  items: { id: string }[];
}

describe('an agent is paid on rent, never the deposit, and refunds take it back', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let agentId: string;
  /** Items of this test's own: ¥50 a day, ¥300 deposit. */
  const stock: { id: string; barcodeNumber: string }[] = [];
  let phones = 0;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['agent', 'employee', 'manager', 'admin']));
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    const [agent] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userName, 'agent'));
    agentId = agent!.id;
    const categories = (await call('employee', 'GET', '/api/app/equipment/categories')).json()
      .items as { id: string; name: string }[];
    const poles = categories.find((c) => c.name === '雪杖')!.id;
    for (let n = 0; n < 6; n++) {
      const res = await call('employee', 'POST', '/api/app/equipment', {
        storeId: wanlong,
        categoryId: poles,
        name: `佣金测试 ${n}`,
        barcodeNumber: `EARN-${Date.now()}-${n}`,
        dailyRentPrice: 50,
        deposit: 300,
        attributes: [],
      });
      expect(res.statusCode).toBe(201);
      stock.push(res.json());
    }
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  const staff = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await call('employee', method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<Order>();
  };

  /** The agent's figures for today: revenue and commission in yuan. */
  const today = async () =>
    (await call('agent', 'GET', '/api/app/agent/performance?period=day')).json<{
      orders: number;
      paidOrders: number;
      revenue: number;
      commission: number;
      commissionRate: number;
    }>();
  /** What one customer of the agent brought (the customers list). */
  const customer = async (phone: string) =>
    (await call('agent', 'GET', '/api/app/agent/customers?maxResultCount=1000'))
      .json<{ items: { phone: string; revenue: number }[] }>()
      .items.find((c) => c.phone === phone)?.revenue;

  /** A referred order of the test's n-th item, for one day next year, for a phone of its own. */
  async function book(n: number, extra: object = {}) {
    const phone = `1390000${String(7000 + phones++)}`;
    const res = await counterOrder('employee', {
      storeId: wanlong,
      customerName: '佣金顾客',
      customerPhone: phone,
      rentalStartTime: at(n * 3),
      rentalEndTime: at(n * 3 + 1),
      agentId,
      items: [{ equipmentId: stock[n]!.id }],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { order: res.json<Order>(), phone };
  }
  async function settle(order: Order, kind: 'payment' | 'refund' | 'supplement') {
    const fresh = await staff('GET', `/api/app/orders/${order.id}`);
    for (const bill of fresh.bills.filter((b) => b.kind === kind && b.status === 'pending')) {
      await staff(
        'POST',
        kind === 'refund'
          ? `/api/app/orders/confirm-cash-refunded?billId=${bill.id}`
          : `/api/app/orders/confirm-cash-received?billId=${bill.id}`,
      );
    }
    return staff('GET', `/api/app/orders/${order.id}`);
  }

  it('counts ¥50 of a ¥50 rent and ¥300 deposit order, and ¥4 commission at 8 %', async () => {
    const before = await today();
    expect(before.commissionRate).toBe(8);
    const { order, phone } = await book(0);
    expect(order.totalAmount).toBe(350);
    // Not paid yet: nothing earned.
    expect((await today()).revenue).toBeCloseTo(before.revenue, 2);
    expect(await customer(phone)).toBe(0);

    await settle(order, 'payment');
    const paid = await today();
    expect(paid.paidOrders).toBe(before.paidOrders + 1);
    expect(paid.revenue - before.revenue).toBeCloseTo(50, 2);
    expect(paid.commission - before.commission).toBeCloseTo(4, 2);
    expect(await customer(phone)).toBe(50);
  });

  it('counts a delivery fee paid, and no more of it once it is refunded (a partial refund)', async () => {
    const before = await today();
    const { order, phone } = await book(1, {
      deliveryMethod: DeliveryMethod.Delivery,
      deliveryAddress: '万龙酒店 1208',
    });
    const fee = order.feeItems.find((f) => f.kind === 'DeliveryFee')!.amount;
    expect(fee).toBeGreaterThan(0);
    await settle(order, 'payment');
    expect((await today()).revenue - before.revenue).toBeCloseTo(50 + fee, 2);

    // The customer comes to the store after all: the fee is owed back, and not earned.
    const changed = await staff('PUT', `/api/app/orders/${order.id}/delivery-method`, {
      deliveryMethod: DeliveryMethod.SelfPickup,
      deliveryAddress: '',
      returnMethod: ReturnMethod.SelfReturn,
      returnAddress: '',
    });
    expect(changed.bills.find((b) => b.kind === 'refund')).toMatchObject({
      status: 'pending',
      amount: fee,
    });
    expect((await today()).revenue - before.revenue).toBeCloseTo(50, 2);
    await settle(order, 'refund');
    expect((await today()).revenue - before.revenue).toBeCloseTo(50, 2);
    expect(await customer(phone)).toBe(50);
  });

  it('earns nothing on a paid order that is cancelled, before and after the refund', async () => {
    const before = await today();
    const { order, phone } = await book(2);
    await settle(order, 'payment');
    expect((await today()).revenue - before.revenue).toBeCloseTo(50, 2);

    await staff('POST', `/api/app/orders/${order.id}/cancel`, { reason: '行程取消' });
    const cancelled = await today();
    expect(cancelled.revenue).toBeCloseTo(before.revenue, 2);
    expect(cancelled.commission).toBeCloseTo(before.commission, 2);
    expect(cancelled.paidOrders).toBe(before.paidOrders);
    await settle(order, 'refund');
    expect((await today()).revenue).toBeCloseTo(before.revenue, 2);
    expect(await customer(phone)).toBe(0);
  });

  it('counts an extension once paid, and damage the deposit pays once settled; the deposit never', async () => {
    const before = await today();
    const { order, phone } = await book(3);
    await settle(order, 'payment');
    await staff('POST', `/api/app/orders/${order.id}/handover`, {
      barcodes: [stock[3]!.barcodeNumber],
    });
    // One more day: ¥50 asked for, not yet paid.
    await staff('POST', `/api/app/orders/${order.id}/extend`, { rentalEndTime: at(3 * 3 + 2) });
    expect((await today()).revenue - before.revenue).toBeCloseTo(50, 2);
    await settle(order, 'supplement');
    expect((await today()).revenue - before.revenue).toBeCloseTo(100, 2);

    // Back damaged: ¥80 of the ¥300 deposit is kept, the rest owed back.
    const back = await staff('POST', `/api/app/orders/${order.id}/return`, {
      items: [{ orderItemId: order.items[0]!.id, state: 'damaged', damageFee: 80 }],
    });
    expect(back.bills.find((b) => b.kind === 'refund')).toMatchObject({
      status: 'pending',
      amount: 220,
    });
    expect((await today()).revenue - before.revenue).toBeCloseTo(180, 2);
    const done = await settle(order, 'refund');
    expect(done.status).toBe(9);
    expect((await today()).revenue - before.revenue).toBeCloseTo(180, 2);
    expect(await customer(phone)).toBe(180);
  });

  it('reads the figures in the same few statements however many orders there are', async () => {
    const statements = async () => {
      const start = t.database.stats.queries;
      await today();
      return t.database.stats.queries - start;
    };
    await today();
    const few = await statements();
    const { order } = await book(4);
    await settle(order, 'payment');
    expect(await statements()).toBe(few);
    expect(few).toBeLessThanOrEqual(3);
  });

  it("agrees with the store's and the super admin's agent reports, to the fen", async () => {
    // More business than the tests above left: a paid order of another agent-less kind too.
    const { order } = await book(5);
    await settle(order, 'payment');
    const own = await today();
    const day = businessDay(new Date(), 'Asia/Shanghai');
    const date = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
    type Report = {
      storeName: string | null;
      commissionRate: number;
      agents: {
        agentId: string;
        orders: number;
        paidOrders: number;
        revenue: number;
        commission: number;
      }[];
      totals: { revenue: number };
    };
    const report = async (as: string, query = '') => {
      const res = await call(as, 'GET', `/api/app/finance/agents?from=${date}&to=${date}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Report>();
    };
    // Every order of the test's agent is at this store: the store's report, the whole business's
    // and the agent's own page say the same.
    for (const seen of [
      await report('manager'),
      await report('admin'),
      await report('admin', `&storeId=${wanlong}`),
    ]) {
      const row = seen.agents.find((a) => a.agentId === agentId)!;
      expect(row).toMatchObject({
        orders: own.orders,
        paidOrders: own.paidOrders,
        revenue: own.revenue,
        commission: own.commission,
      });
      expect(seen.commissionRate).toBe(own.commissionRate);
    }
    expect((await report('manager')).storeName).toBe('万龙雪场店');
    // A clerk has no finance; a manager sees no other store.
    expect(
      (await call('employee', 'GET', `/api/app/finance/agents?from=${date}&to=${date}`)).statusCode,
    ).toBe(403);
    const other = (await storeIdsByName(t.app))['太舞小镇店']!;
    expect(
      (
        await call(
          'manager',
          'GET',
          `/api/app/finance/agents?from=${date}&to=${date}&storeId=${other}`,
        )
      ).statusCode,
    ).toBe(403);
    // Another store's report holds none of this agent's orders.
    expect(
      (await report('admin', `&storeId=${other}`)).agents.find((a) => a.agentId === agentId),
    ).toBeUndefined();
  });
});
