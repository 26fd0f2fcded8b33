import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipmentUnavailableTimes, orders } from '@/db/schema.js';
import {
  callerAs,
  counterOrdersAs,
  counterSignature,
  createTestApp,
  payInSandbox,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

interface Item {
  id: string;
  barcodeNumber: string;
  status: number;
  storeId: string;
}
interface Order {
  id: string;
  orderNumber: string;
  status: number;
  bills: { id: string; status: string }[];
  timeline: { kind: string; message: string; toStatus: number | null; operatorName: string }[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The counter's scan-to-order: a scanned item's answer for the order's window, one refusal
 * naming every item an order cannot have, no backdated orders, and scanned gear for a rental
 * that starts now handed over with the order (or with its payment).
 */
describe('counter scan-to-order', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let stock: Item[];
  let next = 0;
  const take = () => stock[next++]!;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'multi', 'admin']));
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    const categories = (await call('GET', '/api/app/equipment/categories')).json().items as {
      id: string;
      name: string;
    }[];
    const poles = categories.find((c) => c.name === '雪杖')!.id;
    stock = [];
    for (let n = 0; n < 20; n++) {
      const res = await call('POST', '/api/app/equipment', {
        storeId: wanlong,
        categoryId: poles,
        name: `扫码测试 ${n}`,
        barcodeNumber: `SCAN-${Date.now()}-${n}`,
        dailyRentPrice: 30,
        deposit: 100,
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
    lang?: string,
  ) => callerAs(t.app, csrf, tokens)(who, method, url, payload, lang);
  const call = (method: 'GET' | 'POST', url: string, payload?: object, lang?: string) =>
    callAs('employee', method, url, payload, lang);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);

  const order = (items: object[], from: number, to: number, extra: object = {}) =>
    counterOrder('employee', {
      storeId: wanlong,
      customerName: '周扫码',
      customerPhone: '13800007788',
      rentalStartTime: iso(from),
      rentalEndTime: iso(to),
      items,
      ...extra,
    });
  async function book(items: object[], from: number, to: number, extra: object = {}) {
    const res = await order(items, from, to, extra);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Order>();
  }
  async function pay(o: Order) {
    for (const bill of o.bills.filter((b) => b.status === 'pending')) {
      const res = await call('POST', `/api/app/orders/confirm-cash-received?billId=${bill.id}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    return (await call('GET', `/api/app/orders/${o.id}`)).json<Order>();
  }
  const statusOf = async (id: string) =>
    (await call('GET', `/api/app/equipment/${id}`)).json<Item>().status;
  const history = async (id: string) =>
    (await call('GET', `/api/app/equipment/equipment-operation-history/${id}`)).json<{
      items: {
        operation: string;
        orderId: string;
        fromStatus: number;
        toStatus: number;
        operatorName: string;
      }[];
    }>().items;
  const ask = (barcode: string, from: number, to: number, lang = 'en-US', who = 'employee') =>
    callAs(
      who,
      'GET',
      `/api/app/orders/item-availability?barcode=${barcode}&storeId=${wanlong}&from=${iso(from)}&to=${iso(to)}`,
      undefined,
      lang,
    );
  const scanned = (...items: Item[]) => items.map((i) => ({ equipmentId: i.id, scanned: true }));
  const damagedItem = async () => {
    const all = (
      await call('GET', `/api/app/equipment?storeId=${wanlong}&status=2&maxResultCount=10`)
    ).json<{ items: Item[] }>().items;
    return all[0]!;
  };

  it('answers a scan: free, booked from tomorrow, booked since earlier today, out, damaged', async () => {
    const now = Date.now();
    const [free, later, earlier, out] = [take(), take(), take(), take()];
    const tomorrow = await book([{ equipmentId: later.id }], now + DAY, now + 3 * DAY);
    const today = await book([{ equipmentId: earlier.id }], now, now + 2 * DAY);
    // Booked since this morning: the booking's window began hours ago (made when it began).
    await t.database.db
      .update(equipmentUnavailableTimes)
      .set({ startAt: new Date(now - 3 * HOUR) })
      .where(eq(equipmentUnavailableTimes.orderId, today.id));
    await t.database.db
      .update(orders)
      .set({ rentalStartAt: new Date(now - 3 * HOUR) })
      .where(eq(orders.id, today.id));
    // Out: a hospitality order (nothing to pay) of scanned gear that starts now goes out at once.
    const lent = await book(scanned(out), now, now + 2 * DAY, { orderType: 'Hospitality' });
    expect(lent.status).toBe(5);

    const window = [now + 5 * MINUTE, now + 3 * DAY] as const;
    const freeAnswer = (await ask(free.barcodeNumber, ...window)).json();
    expect(freeAnswer).toMatchObject({ free: true, reason: 'free', message: '' });

    const booked = await ask(later.barcodeNumber, ...window);
    expect(booked.statusCode).toBe(200);
    expect(booked.json()).toMatchObject({
      free: false,
      reason: 'booked',
      orderId: tomorrow.id,
      orderNumber: tomorrow.orderNumber,
      conflictStartTime: iso(now + DAY),
      conflictEndTime: iso(now + 3 * DAY),
    });
    expect(booked.json().message).toMatch(
      new RegExp(
        `^${later.barcodeNumber} is booked on order ${tomorrow.orderNumber} from .+ to .+$`,
      ),
    );

    const since = (await ask(earlier.barcodeNumber, ...window, 'zh-CN')).json();
    expect(since).toMatchObject({
      free: false,
      reason: 'booked',
      orderNumber: today.orderNumber,
      conflictStartTime: iso(now - 3 * HOUR),
    });
    expect(since.message).toContain(`已被订单 ${today.orderNumber} 预订`);

    const outAnswer = (await ask(out.barcodeNumber, ...window)).json();
    expect(outAnswer).toMatchObject({ free: false, reason: 'out', orderNumber: lent.orderNumber });
    expect(outAnswer.message).toMatch(
      new RegExp(
        `is out on order ${lent.orderNumber}, due back \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d$`,
      ),
    );
    // Back before a window a week away, it is free for that one.
    expect((await ask(out.barcodeNumber, now + 7 * DAY, now + 8 * DAY)).json().free).toBe(true);

    const damaged = await damagedItem();
    const broken = (await ask(damaged.barcodeNumber, ...window)).json();
    expect(broken).toMatchObject({ free: false, reason: 'notInStock' });
    expect(broken.message).toBe(`Item ${damaged.barcodeNumber} is damaged and cannot be rented`);
  });

  it('says gear handed over before its window is out and due back tomorrow, not overdue; and overdue once its time has passed', async () => {
    const now = Date.now();
    const [early, late] = [take(), take()];
    // Handed over now for a window that (as if picked up early) starts in an hour.
    const lentEarly = await book(scanned(early), now, now + DAY, { orderType: 'Hospitality' });
    expect(lentEarly.status).toBe(5);
    await t.database.db
      .update(equipmentUnavailableTimes)
      .set({ startAt: new Date(now + HOUR) })
      .where(eq(equipmentUnavailableTimes.orderId, lentEarly.id));
    const window = [now + 2 * DAY, now + 3 * DAY] as const;
    const soon = (await ask(early.barcodeNumber, now + 5 * MINUTE, now + DAY, 'zh-CN')).json();
    expect(soon).toMatchObject({ free: false, reason: 'out', orderNumber: lentEarly.orderNumber });
    expect(soon.message).toMatch(
      new RegExp(
        `^${early.barcodeNumber} 正随订单 ${lentEarly.orderNumber} 租出中，应于明天 \\d\\d:\\d\\d 归还$`,
      ),
    );
    expect(soon.message).not.toContain('超时');
    const inEnglish = (await ask(early.barcodeNumber, now + 5 * MINUTE, now + DAY)).json();
    expect(inEnglish.message).toMatch(/, due back tomorrow \d\d:\d\d$/);

    // Out on an order whose time is up: overdue, with when it was due.
    const lentLate = await book(scanned(late), now, now + DAY, { orderType: 'Hospitality' });
    await t.database.db
      .update(equipmentUnavailableTimes)
      .set({ startAt: new Date(now - 2 * DAY), endAt: new Date(now - HOUR) })
      .where(eq(equipmentUnavailableTimes.orderId, lentLate.id));
    await t.database.db
      .update(orders)
      .set({ rentalStartAt: new Date(now - 2 * DAY), rentalEndAt: new Date(now - HOUR) })
      .where(eq(orders.id, lentLate.id));
    const overdue = (await ask(late.barcodeNumber, ...window, 'zh-CN')).json();
    expect(overdue.message).toContain(`正随订单 ${lentLate.orderNumber} 租出，已超时未还`);
  });

  it('answers the store’s staff only, and says so for an unknown code', async () => {
    const now = Date.now();
    const item = stock[0]!;
    expect((await ask(item.barcodeNumber, now, now + DAY, 'en-US', 'multi')).statusCode).toBe(403);
    expect((await ask('NO-SUCH-CODE', now, now + DAY)).statusCode).toBe(404);
  });

  it('refuses a window that ends before it starts, by its code and in the caller’s words', async () => {
    const now = Date.now();
    const item = stock[0]!;
    const zh = await ask(item.barcodeNumber, now + DAY, now, 'zh-CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().error).toMatchObject({
      message: '提交的内容有误，请检查后重试',
      details: '校验发现以下问题：\n - to: 归还时间必须晚于开始时间',
      validationErrors: [{ message: 'RentalEndBeforeStart', members: ['to'] }],
    });
    expect((await ask(item.barcodeNumber, now + DAY, now)).json().error.details).toContain(
      'to: The return must be after the start',
    );
  });

  it('refuses an order with every conflicting item named at once, each with why', async () => {
    const now = Date.now();
    const [fine, later, out] = [take(), take(), take()];
    const tomorrow = await book([{ equipmentId: later.id }], now + DAY, now + 2 * DAY);
    const lent = await book(scanned(out), now, now + 3 * DAY, { orderType: 'Hospitality' });
    const damaged = await damagedItem();
    const refused = await order(
      [fine, later, out, damaged].map((i) => ({ equipmentId: i.id })),
      now + 5 * MINUTE,
      now + 3 * DAY,
    );
    expect(refused.statusCode).toBe(409);
    const error = refused.json().error;
    expect(error.code).toBe('Equipment:NotAvailable');
    expect(error.message).toMatch(/^3 件设备在此租期不能出租：/);
    expect(error.data.conflicts).toEqual([
      expect.objectContaining({
        barcodeNumber: later.barcodeNumber,
        reason: 'booked',
        orderNumber: tomorrow.orderNumber,
      }),
      expect.objectContaining({
        barcodeNumber: out.barcodeNumber,
        reason: 'out',
        orderNumber: lent.orderNumber,
      }),
      expect.objectContaining({ barcodeNumber: damaged.barcodeNumber, reason: 'notInStock' }),
    ]);
    // The first stays where a refusal of one item always had it.
    expect(error.data).toMatchObject({
      barcodeNumber: later.barcodeNumber,
      orderId: tomorrow.id,
    });
    // However long, the refusal goes out uncompressed: every client reads an error's body.
    const compressed = await t.app.inject({
      method: 'POST',
      url: '/api/app/orders',
      headers: {
        ...csrf,
        authorization: `Bearer ${tokens.employee}`,
        'accept-encoding': 'gzip, br',
      },
      payload: {
        storeId: wanlong,
        customerName: '周扫码',
        customerPhone: '13800007788',
        rentalStartTime: iso(now + 5 * MINUTE),
        rentalEndTime: iso(now + 3 * DAY),
        items: [later, out, damaged].map((i) => ({ equipmentId: i.id })),
        agreement: await counterSignature(t.app, csrf, tokens.employee!),
      },
    });
    expect(compressed.statusCode).toBe(409);
    expect(compressed.body.length).toBeGreaterThan(1024);
    expect(compressed.headers['content-encoding']).toBeUndefined();
    expect(compressed.json().error.data.conflicts).toHaveLength(3);
    // Nothing was held: the free item is still free.
    expect((await ask(fine.barcodeNumber, now, now + 3 * DAY)).json().free).toBe(true);
  });

  it('refuses a backdated counter order next to its start, in the caller’s language', async () => {
    const now = Date.now();
    const item = take();
    const refused = await order([{ equipmentId: item.id }], now - HOUR, now + DAY);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'App:Validation',
      validationErrors: [{ members: ['rentalStartTime'] }],
    });
    expect(refused.json().error.message).toContain('不能补录过去的订单');
    const english = await counterOrder(
      'employee',
      {
        storeId: wanlong,
        customerName: 'Ann',
        customerPhone: '13800007788',
        rentalStartTime: iso(now - 20 * MINUTE),
        rentalEndTime: iso(now + DAY),
        items: [{ equipmentId: item.id }],
      },
      'en-US',
    );
    expect(english.statusCode).toBe(400);
    expect(english.json().error.message).toMatch(/^The start has passed/);
    // A clerk who took a few minutes is still in time.
    await book([{ equipmentId: item.id }], now - 5 * MINUTE, now + DAY);
    // A super admin may record a rental that already happened (a paper order).
    const recorded = await counterOrder('admin', {
      storeId: wanlong,
      customerName: '补录',
      customerPhone: '13800007788',
      rentalStartTime: iso(now - 3 * DAY),
      rentalEndTime: iso(now - 2 * DAY),
      items: [{ equipmentId: take().id }],
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
  });

  it('hands scanned gear for a rental that starts now over with its payment', async () => {
    const now = Date.now();
    const [a, b] = [take(), take()];
    const created = await book(scanned(a, b), now + 2 * MINUTE, now + 2 * DAY);
    // Handing over needs a paid order: it waits for the payment, and says so.
    expect(created.status).toBe(1);
    expect(created.timeline.map((e) => e.kind)).toContain('handover:on-payment');
    expect(await statusOf(a.id)).toBe(0);

    const paid = await pay(created);
    expect(paid.status).toBe(5);
    const handover = paid.timeline.find((e) => e.kind === 'handover')!;
    expect(handover.message).toContain(a.barcodeNumber);
    expect(handover.message).toContain(b.barcodeNumber);
    expect(paid.timeline.at(-1)).toMatchObject({ kind: 'status', toStatus: 5 });
    for (const item of [a, b]) {
      expect(await statusOf(item.id)).toBe(1);
      expect((await history(item.id))[0]).toMatchObject({
        operation: 'handover',
        orderId: created.id,
        fromStatus: 0,
        toStatus: 1,
      });
    }
  });

  it('hands it over from the scanning clerk when the customer pays online on their phone', async () => {
    const now = Date.now();
    const item = take();
    const created = await book(scanned(item), now + MINUTE, now + DAY);
    const clerk = created.timeline.find((e) => e.kind === 'handover:on-payment')!;
    // The customer pays through the cashier: the provider's notification completes the payment.
    await payInSandbox(t.app, csrf, created.bills[0]!.id);
    const after = (await call('GET', `/api/app/orders/${created.id}`)).json<Order>();
    expect(after.status).toBe(5);
    // The gear went out from the clerk's hands, not the payment provider's.
    const handover = after.timeline.find((e) => e.kind === 'handover')!;
    expect(handover.operatorName).toBe(clerk.operatorName);
    expect(clerk.operatorName).not.toBe('');
    const [line] = await history(item.id);
    expect(line).toMatchObject({ operation: 'handover', operatorName: clerk.operatorName });
  });

  it('hands it over at once when there is nothing to pay', async () => {
    const now = Date.now();
    const item = take();
    const created = await book(scanned(item), now, now + DAY, { orderType: 'Loan' });
    expect(created.status).toBe(5);
    expect(created.timeline.map((e) => e.kind)).toEqual(['created', 'handover', 'status']);
    expect(await statusOf(item.id)).toBe(1);
  });

  it('keeps today’s flow for gear found by search, a later start, or a delivery', async () => {
    const now = Date.now();
    const [searched, tomorrow, delivered] = [take(), take(), take()];
    const bySearch = await pay(await book([{ equipmentId: searched.id }], now, now + DAY));
    expect(bySearch.status).toBe(11);
    const later = await pay(await book(scanned(tomorrow), now + DAY, now + 2 * DAY));
    expect(later.status).toBe(11);
    const delivery = await pay(
      await book(scanned(delivered), now, now + DAY, {
        deliveryMethod: 'Delivery',
        deliveryAddress: '云顶酒店 1208',
      }),
    );
    expect(delivery.status).toBe(2);
    for (const item of [searched, tomorrow, delivered]) expect(await statusOf(item.id)).toBe(0);
    // A second scan hands the searched one over, as always.
    const handed = await call('POST', `/api/app/orders/${bySearch.id}/handover`, {
      barcodes: [searched.barcodeNumber],
    });
    expect(handed.json().status).toBe(5);
  });

  it('refuses to hand over at once gear that is not on the shelf now', async () => {
    const now = Date.now();
    const item = take();
    // Out on a rental ending in a few minutes: free for a window that starts after it, not now.
    const lent = await book(scanned(item), now, now + DAY, { orderType: 'Hospitality' });
    expect(lent.status).toBe(5);
    await t.database.db.execute(
      sql`update equipment_unavailable_times set end_at = ${iso(now + 5 * MINUTE)}::timestamptz where order_id = ${lent.id}`,
    );
    const refused = await order(scanned(item), now + 10 * MINUTE, now + DAY);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.data.conflicts).toEqual([
      expect.objectContaining({ barcodeNumber: item.barcodeNumber, reason: 'out' }),
    ]);
  });
});
