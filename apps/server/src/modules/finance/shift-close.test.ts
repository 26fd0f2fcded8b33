import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, ShiftClose, ShiftCloseClerk } from '@snowgear/contracts';
import { bills } from '@/db/schema.js';
import { zonedMidnight } from '@/lib/local-time.js';
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
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();
/** Yuan to fen, so sums compare exactly. */
const fen = (yuan: number) => Math.round(yuan * 100);

describe('shift close', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let taiwu: string;
  let today: string;
  let free: { id: string }[];
  let freeTaiwu: { id: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(
      tokens,
      await signIn(t.app, csrf, ['admin', 'manager', 'employee', 'driver', 'multi']),
    );
    const stores = await storeIdsByName(t.app);
    wanlong = stores['万龙雪场店']!;
    taiwu = stores['太舞小镇店']!;
    const day = businessDay(new Date(), 'Asia/Shanghai');
    today = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
    const items = (storeId: string) =>
      call(
        'admin',
        'GET',
        `/api/app/equipment?storeId=${storeId}&status=0&maxResultCount=100`,
      ).then((r) => r.json().items as { id: string }[]);
    free = await items(wanlong);
    freeTaiwu = await items(taiwu);
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  let offset = 0;
  const book = async (as: string, storeId: string, extra: object = {}): Promise<Order> => {
    offset += 2;
    const res = await counterOrder(as, {
      storeId,
      orderType: 'Normal',
      customerName: '交班客户',
      customerPhone: '13900003333',
      rentalStartTime: iso(150 + offset),
      rentalEndTime: iso(151 + offset),
      items: [{ equipmentId: (storeId === wanlong ? free : freeTaiwu).pop()!.id }],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const payCash = async (as: string, order: Order) => {
    const bill = order.bills.find((b) => b.status === 'pending')!;
    const res = await call(as, 'POST', `/api/app/orders/confirm-cash-received?billId=${bill.id}`);
    expect(res.statusCode, res.body).toBe(200);
  };
  const shiftClose = async (as = 'manager', query = `date=${today}`) => {
    const res = await call(as, 'GET', `/api/app/finance/shift-close?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ShiftClose>();
  };
  const clerk = (s: ShiftClose, name: string): ShiftCloseClerk =>
    s.clerks.find((c) => c.name === name) ?? {
      clerkId: null,
      name,
      isDriver: false,
      cashIn: { count: 0, amount: 0 },
      cashOut: { count: 0, amount: 0 },
      net: 0,
      bills: [],
    };

  it('counts the cash each clerk took and gave back today, a driver at the door on a line of their own', async () => {
    const before = await shiftClose();

    const counter = await book('employee', wanlong);
    await payCash('employee', counter);
    const managers = await book('manager', wanlong);
    await payCash('manager', managers);
    // Paid, cancelled, and the money given back in cash by the manager.
    const cancelled = await book('employee', wanlong);
    await payCash('employee', cancelled);
    const cancel = await call('employee', 'POST', `/api/app/orders/${cancelled.id}/cancel`, {
      reason: '客户改期',
    });
    expect(cancel.statusCode).toBe(200);
    const refund = cancel.json<Order>().bills.find((b) => b.kind === 'refund')!;
    const given = await call(
      'manager',
      'POST',
      `/api/app/orders/confirm-cash-refunded?billId=${refund.id}`,
    );
    expect(given.statusCode).toBe(200);
    // Cash on delivery, taken at the door by the driver who took the run.
    const delivered = await book('employee', wanlong, {
      deliveryMethod: 'Delivery',
      deliveryAddress: '万龙酒店大堂',
    });
    const taken = await call('driver', 'POST', `/api/app/orders/${delivered.id}/take`, {
      kind: 'delivery',
    });
    expect(taken.statusCode, taken.body).toBe(200);
    await payCash('driver', delivered);
    // Not paid yet: not counted.
    await book('employee', wanlong);
    // Another store's cash: not in this drawer.
    const elsewhere = await book('admin', taiwu);
    await payCash('admin', elsewhere);

    const after = await shiftClose();
    expect(after).toMatchObject({ date: today, storeId: wanlong, storeName: '万龙雪场店' });

    const employeeBefore = clerk(before, '李店员');
    const employee = clerk(after, '李店员');
    expect(employee.cashIn.count).toBe(employeeBefore.cashIn.count + 2);
    expect(fen(employee.cashIn.amount)).toBe(
      fen(employeeBefore.cashIn.amount) + fen(counter.totalAmount) + fen(cancelled.totalAmount),
    );
    expect(employee.cashOut).toEqual(employeeBefore.cashOut);
    expect(employee.isDriver).toBe(false);
    expect(employee.bills.slice(-2)).toEqual([
      {
        billId: counter.bills[0]!.id,
        paidAt: expect.any(String),
        orderId: counter.id,
        orderNumber: counter.orderNumber,
        customerName: '交班客户',
        kind: 'payment',
        amount: counter.totalAmount,
      },
      expect.objectContaining({ orderNumber: cancelled.orderNumber, kind: 'payment' }),
    ]);

    const managerBefore = clerk(before, '王店长');
    const manager = clerk(after, '王店长');
    expect(manager.cashIn.count).toBe(managerBefore.cashIn.count + 1);
    expect(manager.cashOut.count).toBe(managerBefore.cashOut.count + 1);
    expect(fen(manager.cashOut.amount)).toBe(
      fen(managerBefore.cashOut.amount) + fen(cancelled.totalAmount),
    );
    expect(fen(manager.net)).toBe(fen(manager.cashIn.amount) - fen(manager.cashOut.amount));
    expect(manager.bills.at(-1)).toMatchObject({
      billId: refund.id,
      kind: 'refund',
      amount: cancelled.totalAmount,
    });

    const driver = clerk(after, '赵师傅');
    expect(driver.isDriver).toBe(true);
    expect(driver.bills.at(-1)).toMatchObject({ orderId: delivered.id, kind: 'payment' });
    expect(driver.cashIn.count).toBe(clerk(before, '赵师傅').cashIn.count + 1);

    // The store's totals are the clerks' sums.
    const sum = (pick: (c: ShiftCloseClerk) => number) =>
      after.clerks.reduce((n, c) => n + fen(pick(c)), 0);
    expect(fen(after.totals.cashIn.amount)).toBe(sum((c) => c.cashIn.amount));
    expect(fen(after.totals.cashOut.amount)).toBe(sum((c) => c.cashOut.amount));
    expect(after.totals.cashIn.count).toBe(after.clerks.reduce((n, c) => n + c.cashIn.count, 0));
    expect(fen(after.totals.net)).toBe(
      fen(after.totals.cashIn.amount) - fen(after.totals.cashOut.amount),
    );
    expect(fen(after.totals.net) - fen(before.totals.net)).toBe(
      fen(counter.totalAmount) + fen(managers.totalAmount) + fen(delivered.totalAmount),
    );
    // The 太舞 order's cash is in that store's drawer, not this one.
    const listed = after.clerks.flatMap((c) => c.bills.map((b) => b.orderId));
    expect(listed).not.toContain(elsewhere.id);
    expect(
      (await shiftClose('admin', `storeId=${taiwu}&date=${today}`)).clerks.flatMap((c) =>
        c.bills.map((b) => b.orderId),
      ),
    ).toContain(elsewhere.id);
  });

  it('counts a bill on the business day its cash moved, in the business time zone', async () => {
    const order = await book('employee', wanlong);
    await payCash('employee', order);
    const billId = order.bills[0]!.id;
    // One minute before midnight on 2 March 2021 in China, and one minute after.
    const midnight = zonedMidnight('2021-03-02', 'Asia/Shanghai');
    await t.database.db
      .update(bills)
      .set({ paidAt: new Date(midnight.getTime() - 60_000) })
      .where(eq(bills.id, billId));
    const march1 = await shiftClose('manager', 'date=2021-03-01');
    expect(march1.clerks.flatMap((c) => c.bills.map((b) => b.billId))).toEqual([billId]);
    expect(march1.totals.cashIn).toEqual({ count: 1, amount: order.totalAmount });
    expect((await shiftClose('manager', 'date=2021-03-02')).clerks).toEqual([]);

    await t.database.db
      .update(bills)
      .set({ paidAt: new Date(midnight.getTime() + 60_000) })
      .where(eq(bills.id, billId));
    expect((await shiftClose('manager', 'date=2021-03-01')).clerks).toEqual([]);
    const march2 = await shiftClose('manager', 'date=2021-03-02');
    expect(march2.totals).toEqual({
      cashIn: { count: 1, amount: order.totalAmount },
      cashOut: { count: 0, amount: 0 },
      net: order.totalAmount,
    });
  });

  it('keeps a manager to their own store and lets the super admin choose one', async () => {
    const elsewhere = await call(
      'manager',
      'GET',
      `/api/app/finance/shift-close?storeId=${taiwu}&date=${today}`,
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.message).toBe('只能查看本门店的账目');
    expect((await shiftClose('multi')).storeName).toBe('太舞小镇店');
    for (const who of ['employee', 'driver']) {
      expect((await call(who, 'GET', '/api/app/finance/shift-close')).statusCode).toBe(403);
    }
    expect((await t.app.inject('/api/app/finance/shift-close')).statusCode).toBe(401);

    // Without a store the super admin gets their own; with one, that one.
    expect(await shiftClose('admin')).toMatchObject({ storeId: wanlong, date: today });
    const chosen = await shiftClose('admin', `storeId=${taiwu}&date=${today}`);
    expect(chosen.storeName).toBe('太舞小镇店');
    expect(chosen.clerks.find((c) => c.name === '系统管理员')?.cashIn.count).toBeGreaterThan(0);
    expect(
      (
        await call(
          'admin',
          'GET',
          '/api/app/finance/shift-close?storeId=00000000-0000-4000-8000-000000000000',
        )
      ).statusCode,
    ).toBe(404);
    for (const query of ['date=2027-02-30', 'date=today', 'date=1999-12-31', 'storeId=1']) {
      const res = await call('manager', 'GET', `/api/app/finance/shift-close?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
