import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, PagedResult, AuditLogEntry } from '@snowgear/contracts';
import { orders } from '@/db/schema.js';
import { businessDay } from './numbering.js';
import { photo, uploadAs } from '@/modules/files/test-upload.js';
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
  barcodeNumber: string;
  dailyRentPrice: number;
  deposit: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Bookings lie within a few years of now: booked next year, then moved back by the test. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const at = (days: number) => new Date(Date.UTC(NEXT_YEAR, 1, 1) + days * DAY).toISOString();

describe('late returns are charged', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  const stock: Item[] = [];
  let next = 0;
  const take = () => stock[next++]!;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'manager', 'driver']));
    tokens.customer = await customerToken(t);
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    const categories = (await call('GET', '/api/app/equipment/categories')).json().items as {
      id: string;
      name: string;
    }[];
    const poles = categories.find((c) => c.name === '雪杖')!.id;
    for (let n = 0; n < 12; n++) {
      const res = await call('POST', '/api/app/equipment', {
        storeId: wanlong,
        categoryId: poles,
        name: `超时测试 ${n}`,
        barcodeNumber: `LATE-${Date.now()}-${n}`,
        dailyRentPrice: 30,
        deposit: 200,
        attributes: [],
      });
      expect(res.statusCode).toBe(201);
      stock.push(res.json());
    }
  });
  afterAll(() => t.close());

  const callAs = (
    who: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    language?: string,
  ) => callerAs(t.app, csrf, tokens)(who, method, url, payload, language);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    callAs('employee', method, url, payload);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  const get = async (id: string, as = 'employee') =>
    (await callAs(as, 'GET', `/api/app/orders/${id}`)).json<Order>();

  /** A paid order handed over at the counter, its gear with the customer. */
  async function out(gear: Item[], extra: object = {}): Promise<Order> {
    const res = await counterOrder('employee', {
      storeId: wanlong,
      customerName: '张三',
      customerPhone: '13800138000',
      rentalStartTime: at(0),
      rentalEndTime: at(2),
      items: gear.map((g) => ({ equipmentId: g.id })),
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    for (const bill of order.bills.filter((b) => b.status === 'pending')) {
      const paid = await call('POST', `/api/app/orders/confirm-cash-received?billId=${bill.id}`);
      expect(paid.statusCode).toBe(200);
    }
    const handed = await call('POST', `/api/app/orders/${order.id}/handover`, {
      barcodes: gear.map((g) => g.barcodeNumber),
    });
    expect(handed.statusCode, handed.body).toBe(200);
    return handed.json<Order>();
  }

  /** The rental (two days) ended `ago` milliseconds ago. */
  async function endedAgo(id: string, ago: number) {
    const end = new Date(Date.now() - ago);
    await t.database.db
      .update(orders)
      .set({ rentalStartAt: new Date(end.getTime() - 2 * DAY), rentalEndAt: end })
      .where(eq(orders.id, id));
  }

  /** Time passes for an order: every moment it recorded moves that much into the past. */
  async function timePasses(id: string, ms: number) {
    const back = sql`interval '1 millisecond' * ${ms}`;
    await t.database.db
      .update(orders)
      .set({
        rentalStartAt: sql`${orders.rentalStartAt} - ${back}`,
        rentalEndAt: sql`${orders.rentalEndAt} - ${back}`,
        selfReturnAt: sql`${orders.selfReturnAt} - ${back}`,
        pickedUpAt: sql`${orders.pickedUpAt} - ${back}`,
      })
      .where(eq(orders.id, id));
    await t.database.db.execute(
      sql`update equipment_operation_history set created_at = created_at - ${back} where order_id = ${id}`,
    );
  }

  async function checkIn(order: Order) {
    const res = await call('POST', `/api/app/orders/${order.id}/return`, {
      items: order.items.map((i) => ({ orderItemId: i.id, state: 'returned', damageFee: 0 })),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Order>();
  }
  const lateLines = (order: Order) => order.feeItems.filter((f) => f.kind === 'LateFee');
  const pendingBill = (order: Order) => order.bills.find((b) => b.status === 'pending');

  it('charges 1 day 23 h late as 2 days at the daily rent, taken from the deposit', async () => {
    const gear = [take(), take()];
    const order = await out(gear);
    expect(order.lateFee).toBeNull();
    await endedAgo(order.id, DAY + 23 * HOUR);

    // Before the check-in the clerk sees it, growing while the gear is out.
    const before = await get(order.id);
    expect(before.lateFee).toMatchObject({
      amount: 120,
      days: 2,
      hoursLate: 47,
      graceHours: 1,
      dailyRent: 60,
      growing: true,
      settled: false,
      waiver: null,
    });

    const settled = await checkIn(before);
    expect(lateLines(settled)).toEqual([
      expect.objectContaining({ amount: 120, description: '超时 2 天' }),
    ]);
    // Rent 2 × 2 × 30 + deposits 400, and the late fee on top.
    expect(settled.totalAmount).toBe(120 + 400 + 120);
    // The refund is the deposit less the late fee.
    expect(pendingBill(settled)).toMatchObject({ kind: 'refund', amount: 400 - 120 });
    expect(settled.status).toBe(8);
    expect(settled.lateFee).toMatchObject({ amount: 120, days: 2, settled: true, growing: false });
    const event = settled.timeline.find((e) => e.kind === 'lateFee');
    expect(event?.message).toBe('超时归还 2 天（宽限 1 小时），按日租金 ¥60.00 计收超时费 ¥120.00');
    const english = await callAs(
      'employee',
      'GET',
      `/api/app/orders/${order.id}`,
      undefined,
      'en-US',
    );
    expect(english.json<Order>().timeline.find((e) => e.kind === 'lateFee')?.message).toBe(
      'Returned 2 days late (1 h of grace): late fee ¥120.00 at ¥60.00 a day',
    );
  });

  it('asks for the rest when the late fee is more than the deposit', async () => {
    const order = await out([take()]);
    await endedAgo(order.id, 10 * DAY + 2 * HOUR);
    const settled = await checkIn(await get(order.id));
    // 11 started days × 30 = 330, the deposit 200 covers part of it.
    expect(lateLines(settled)[0]).toMatchObject({ amount: 330 });
    expect(pendingBill(settled)).toMatchObject({ kind: 'supplement', amount: 130 });
    expect(settled.status).toBe(6);
  });

  it('charges nothing within the grace, and a manager has nothing to waive there', async () => {
    const order = await out([take()]);
    await endedAgo(order.id, 30 * 60_000);
    const before = await get(order.id);
    expect(before.lateFee).toMatchObject({ amount: 0, days: 0, hoursLate: 0, growing: true });
    const waive = await callAs('manager', 'POST', `/api/app/orders/${order.id}/waive-late-fee`, {
      reason: '不需要',
    });
    expect(waive.statusCode).toBe(409);
    expect(waive.json().error).toMatchObject({
      code: 'Order:NoLateFee',
      message: '这张订单没有超时费可以免除：超过归还时间 1 小时后才开始计费',
    });
    const settled = await checkIn(before);
    expect(lateLines(settled)).toEqual([]);
    expect(settled.timeline.some((e) => e.kind === 'lateFee')).toBe(false);
    expect(pendingBill(settled)).toMatchObject({ kind: 'refund', amount: 200 });
  });

  it('never charges a hospitality order', async () => {
    const order = await out([take()], { orderType: 'Hospitality' });
    await endedAgo(order.id, 3 * DAY);
    expect((await get(order.id)).lateFee).toBeNull();
    const settled = await checkIn(await get(order.id));
    expect(lateLines(settled)).toEqual([]);
    expect(settled.status).toBe(9);
  });

  it("measures a self-return when the customer handed the gear over, not at the store's check-in", async () => {
    const gear = take();
    const order = await out([gear]);
    await endedAgo(order.id, DAY + 2 * HOUR);
    const photoId = (
      await uploadAs(
        t.app,
        csrf,
        tokens.customer!,
        { businessType: 'SelfReturnPhoto' },
        { name: 'gear.jpg', bytes: await photo(320, 240), type: 'image/jpeg' },
      )
    ).json<{ id: string }>().id;
    const handedBack = await callAs(
      'customer',
      'POST',
      `/api/app/my-orders/${order.id}/self-return`,
      {
        items: [
          {
            orderItemId: order.items[0]!.id,
            check: 'scanned',
            barcode: gear.barcodeNumber,
            photoFileId: photoId,
          },
        ],
        returnMethod: 'SelfReturn',
      },
    );
    expect(handedBack.statusCode, handedBack.body).toBe(200);
    expect(handedBack.json<Order>().lateFee).toMatchObject({ amount: 60, days: 2, growing: false });
    // The store checks it in three days later: still 2 days, as when it was handed over.
    await timePasses(order.id, 3 * DAY);
    const settled = await checkIn(await get(order.id));
    expect(lateLines(settled)[0]).toMatchObject({ amount: 60, description: '超时 2 天' });
    expect(settled.bills.find((b) => b.kind === 'refund')).toMatchObject({ amount: 140 });
  });

  it("measures a driver's pickup when the driver collected the gear", async () => {
    const order = await out([take()], { returnMethod: 'Pickup', returnAddress: '万龙酒店 808' });
    await endedAgo(order.id, DAY + 2 * HOUR);
    const picked = await callAs('driver', 'POST', `/api/app/orders/${order.id}/pickup`, {
      items: [{ orderItemId: order.items[0]!.id, condition: 'fine' }],
    });
    expect(picked.statusCode, picked.body).toBe(200);
    await timePasses(order.id, 3 * DAY);
    const before = await get(order.id);
    expect(before.lateFee).toMatchObject({ amount: 60, days: 2, growing: false });
    const settled = await checkIn(before);
    expect(lateLines(settled)[0]).toMatchObject({ amount: 60 });
    // The pickup fee was paid with the order: the deposit less the late fee goes back.
    expect(pendingBill(settled)).toMatchObject({ kind: 'refund', amount: 200 - 60 });
  });

  it('lets a store manager, never a clerk, waive it with a reason; the waiver holds and the audit log keeps it', async () => {
    const order = await out([take()]);
    await endedAgo(order.id, DAY + 23 * HOUR);
    const url = `/api/app/orders/${order.id}/waive-late-fee`;

    const clerk = await call('POST', url, { reason: '老客户' });
    expect(clerk.statusCode).toBe(403);
    expect(clerk.json().error).toMatchObject({
      code: 'App:Forbidden',
      message: '只有店长可以免除超时费，请店长来操作',
    });
    const clerkEn = await callAs('employee', 'POST', url, { reason: 'x' }, 'en-US');
    expect(clerkEn.json().error.message).toBe(
      'Only a store manager may waive a late fee; please ask your manager',
    );
    const noReason = await callAs('manager', 'POST', url, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);

    const reason = '暴雪封路，客户无法按时归还';
    const waived = await callAs('manager', 'POST', url, { reason });
    expect(waived.statusCode, waived.body).toBe(200);
    const after = waived.json<Order>();
    const manager = after.timeline.at(-1)!.operatorName;
    expect(after.lateFee).toMatchObject({
      amount: 60,
      waiver: { byName: manager, reason },
    });
    expect(lateLines(after)).toEqual([
      expect.objectContaining({
        amount: 0,
        reason,
        approvedByName: manager,
        description: '超时费已免除（超时 2 天，¥60.00）',
      }),
    ]);
    expect(after.timeline.at(-1)).toMatchObject({
      kind: 'lateFeeWaived',
      message: `${manager} 免除超时费 ¥60.00（超时 2 天）：${reason}`,
    });
    const twice = await callAs('manager', 'POST', url, { reason });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('Order:LateFeeAlreadyWaived');

    // A day later the gear is checked in: nothing charged, the whole deposit goes back.
    await timePasses(order.id, DAY);
    const settled = await checkIn(await get(order.id));
    expect(lateLines(settled).map((f) => f.amount)).toEqual([0]);
    expect(settled.totalAmount).toBe(order.totalAmount);
    expect(pendingBill(settled)).toMatchObject({ kind: 'refund', amount: 200 });
    expect(settled.timeline.find((e) => e.kind === 'lateFee')?.message).toBe(
      `超时归还 3 天，超时费 ¥90.00 已由 ${manager} 免除：${reason}`,
    );
    // Once settled there is nothing left to waive.
    expect((await callAs('manager', 'POST', url, { reason })).statusCode).toBe(409);

    // The audit log's money: who waived, how much, why.
    const day = (offset: number) => {
      const d = businessDay(new Date(Date.now() + offset * DAY), 'Asia/Shanghai');
      return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;
    };
    const log = await callAs(
      'manager',
      'GET',
      `/api/app/audit-log?categories=money&keyword=${order.orderNumber}&from=${day(-1)}&to=${day(0)}`,
    );
    expect(log.statusCode, log.body).toBe(200);
    const summaries = log
      .json<PagedResult<AuditLogEntry>>()
      .items.filter((l) => l.category === 'money')
      .map((l) => [l.summary, l.operatorName]);
    expect(summaries).toContainEqual([
      `订单 ${order.orderNumber}：${manager} 免除超时费 ¥60.00（超时 2 天）：${reason}`,
      manager,
    ]);
  });

  it("shows the customer's own order its late fee as it grows", async () => {
    const order = await out([take()]);
    await endedAgo(order.id, 2 * HOUR);
    const mine = await get(order.id, 'customer');
    expect(mine.lateFee).toMatchObject({ amount: 30, days: 1, graceHours: 1, growing: true });
    await timePasses(order.id, DAY);
    expect((await get(order.id, 'customer')).lateFee).toMatchObject({ amount: 60, days: 2 });
    // The order's QR page (opened with its share key, signed in or not) says the same.
    const qr = await t.app.inject({
      url: `/api/app/orders/qr/${order.orderNumber}?k=${encodeURIComponent(mine.qrToken!)}`,
    });
    expect(qr.statusCode, qr.body).toBe(200);
    expect(qr.json().lateFee).toMatchObject({ amount: 60, days: 2, growing: true });
  });
});
