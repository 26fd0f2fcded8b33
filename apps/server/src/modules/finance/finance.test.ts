import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinanceBill, FinanceSummary, Order } from '@snowgear/contracts';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { businessDay } from '@/modules/orders/numbering.js';
import { zonedMidnight } from '@/lib/local-time.js';
import { csvText, daysOf, fenText } from './service.js';

interface Item {
  id: string;
  deposit: number;
}

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.UTC(2027, 0, 10) + days * DAY).toISOString();
/** Yuan to fen, so differences compare exactly. */
const fen = (yuan: number) => Math.round(yuan * 100);

describe('finance', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let taiwu: string;
  let storeIds: Record<string, string>;
  let inStock: Item[];
  let today: string;
  let next = 0;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['admin', 'manager', 'employee', 'multi']));
    storeIds = await storeIdsByName(t.app);
    wanlong = storeIds['万龙雪场店']!;
    taiwu = storeIds['太舞小镇店']!;
    inStock = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment?storeId=${wanlong}&status=0&maxResultCount=100`,
      )
    ).json().items;
    const day = businessDay(new Date(), 'Asia/Shanghai');
    today = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);

  /** A walk-in order at 万龙 by the demo employee, on an item no other test used. */
  const createOrder = async (customerName = '王五'): Promise<Order> => {
    const item = inStock[next++]!;
    const res = await counterOrder('employee', {
      storeId: wanlong,
      orderType: 'Normal',
      customerName,
      customerPhone: '13900001111',
      rentalStartTime: at(0),
      rentalEndTime: at(2),
      items: [{ equipmentId: item.id }],
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const payCash = async (order: Order) => {
    const bill = order.bills.find((b) => b.status === 'pending')!;
    const res = await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-received?billId=${bill.id}`,
    );
    expect(res.statusCode).toBe(200);
  };
  const summary = async (as = 'manager', query = `from=${today}&to=${today}`) => {
    const res = await call(as, 'GET', `/api/app/finance/summary?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<FinanceSummary>();
  };
  const cash = (s: FinanceSummary) => s.byMethod.find((m) => m.method === 'cash')!;
  const todayRow = (s: FinanceSummary) => s.daily.find((d) => d.date === today)!;

  it('adds takings by method and by day, holds deposits, and shows what is still to collect', async () => {
    const before = await summary();
    const otherStoreBefore = await summary('multi');

    const unpaid = await createOrder();
    const afterCreate = await summary();
    expect(afterCreate.awaiting.count).toBe(before.awaiting.count + 1);
    expect(fen(afterCreate.awaiting.amount)).toBe(
      fen(before.awaiting.amount) + fen(unpaid.totalAmount),
    );
    expect(afterCreate.totals).toEqual(before.totals);

    await payCash(unpaid);
    const after = await summary();
    expect(after.byMethod.map((m) => m.method)).toEqual(['cash', 'wechat', 'alipay']);
    expect(fen(cash(after).payments)).toBe(fen(cash(before).payments) + fen(unpaid.totalAmount));
    expect(cash(after).paymentCount).toBe(cash(before).paymentCount + 1);
    expect(after.byMethod.slice(1)).toEqual(before.byMethod.slice(1));
    expect(fen(after.totals.payments)).toBe(fen(before.totals.payments) + fen(unpaid.totalAmount));
    expect(fen(after.totals.net)).toBe(fen(after.totals.payments) - fen(after.totals.refunds));
    expect(fen(todayRow(after).payments)).toBe(
      fen(todayRow(before).payments) + fen(unpaid.totalAmount),
    );
    // Paid in: no longer awaited, and its deposit is now held (the order is Reserved).
    expect(after.awaiting).toEqual(before.awaiting);
    const deposit = unpaid.feeItems.find((f) => f.kind === 'Deposit')?.amount ?? 0;
    expect(deposit).toBeGreaterThan(0);
    expect(fen(after.depositsHeld)).toBe(fen(before.depositsHeld) + fen(deposit));
    expect(after.depositsHeldOrders).toBe(before.depositsHeldOrders + 1);
    // Another store's numbers do not move.
    expect(await summary('multi')).toEqual(otherStoreBefore);
  });

  it('counts a refund after a cancelled paid order once it is given back', async () => {
    const order = await createOrder();
    await payCash(order);
    const paid = await summary();

    const cancelled = await call('employee', 'POST', `/api/app/orders/${order.id}/cancel`, {
      reason: '客户改期',
    });
    expect(cancelled.statusCode).toBe(200);
    const owed = await summary();
    expect(owed.refundsOwed.count).toBe(paid.refundsOwed.count + 1);
    expect(fen(owed.refundsOwed.amount)).toBe(
      fen(paid.refundsOwed.amount) + fen(order.totalAmount),
    );
    expect(owed.totals).toEqual(paid.totals);
    const deposit = order.feeItems.find((f) => f.kind === 'Deposit')!.amount;
    expect(fen(owed.depositsHeld)).toBe(fen(paid.depositsHeld) - fen(deposit));

    const refund = cancelled.json<Order>().bills.find((b) => b.kind === 'refund')!;
    const given = await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-refunded?billId=${refund.id}`,
    );
    expect(given.statusCode).toBe(200);
    const after = await summary();
    expect(after.refundsOwed).toEqual(paid.refundsOwed);
    expect(fen(cash(after).refunds)).toBe(fen(cash(paid).refunds) + fen(order.totalAmount));
    expect(cash(after).refundCount).toBe(cash(paid).refundCount + 1);
    expect(fen(after.totals.refunds)).toBe(fen(paid.totals.refunds) + fen(order.totalAmount));
    expect(fen(after.totals.net)).toBe(fen(paid.totals.net) - fen(order.totalAmount));
    expect(fen(todayRow(after).net)).toBe(fen(todayRow(paid).net) - fen(order.totalAmount));
  });

  it('has one row per day of the range, days without money included', async () => {
    // 2020 is long before the demo data: a leap day and nothing paid.
    const s = await summary('manager', 'from=2020-02-27&to=2020-03-02');
    expect(s.daily).toEqual(
      ['2020-02-27', '2020-02-28', '2020-02-29', '2020-03-01', '2020-03-02'].map((date) => ({
        date,
        payments: 0,
        refunds: 0,
        net: 0,
      })),
    );
    expect(s.totals).toEqual({ payments: 0, refunds: 0, net: 0 });
    expect(s.byMethod.every((m) => m.paymentCount === 0 && m.refundCount === 0)).toBe(true);
    expect(s).toMatchObject({ from: '2020-02-27', to: '2020-03-02', storeId: wanlong });

    const week = await summary('manager', `from=${daysAgo(6)}&to=${today}`);
    expect(week.daily.map((d) => d.date)).toEqual(daysOf(daysAgo(6), today));
    const sum = (pick: (d: FinanceSummary['daily'][number]) => number) =>
      week.daily.reduce((n, d) => n + fen(pick(d)), 0);
    expect(sum((d) => d.payments)).toBe(fen(week.totals.payments));
    expect(sum((d) => d.refunds)).toBe(fen(week.totals.refunds));
  });

  const daysAgo = (n: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);

  it('refuses a backwards range, one longer than 366 days, and days that are not days', async () => {
    const backwards = await call(
      'manager',
      'GET',
      '/api/app/finance/summary?from=2027-01-02&to=2027-01-01',
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe('开始日期 2027-01-02 晚于结束日期 2027-01-01');
    const tooLong = await call(
      'manager',
      'GET',
      '/api/app/finance/bills?from=2023-01-01&to=2024-01-02',
      undefined,
      'en-US',
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(
      'A range may span at most 366 days; this one spans 367',
    );
    // A leap year is exactly the longest range.
    expect(
      (await call('manager', 'GET', '/api/app/finance/summary?from=2024-01-01&to=2024-12-31'))
        .statusCode,
    ).toBe(200);
    for (const query of ['from=2027-13-01&to=2027-12-31', 'from=2027-01-01', 'from=x&to=y']) {
      const res = await call('manager', 'GET', `/api/app/finance/export.csv?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('keeps staff to their own store and lets a super admin see one store or all', async () => {
    const range = `from=${today}&to=${today}`;
    const elsewhere = await call(
      'manager',
      'GET',
      `/api/app/finance/summary?storeId=${taiwu}&${range}`,
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.message).toBe('只能查看本门店的账目');
    expect(
      (await call('manager', 'GET', `/api/app/finance/bills?storeId=${taiwu}&${range}`)).statusCode,
    ).toBe(403);
    // The counter staff do not see the accounts at all.
    expect((await call('employee', 'GET', `/api/app/finance/summary?${range}`)).statusCode).toBe(
      403,
    );
    expect((await call('employee', 'GET', `/api/app/finance/export.csv?${range}`)).statusCode).toBe(
      403,
    );

    const own = await summary('manager', `storeId=${wanlong}&${range}`);
    expect(own).toMatchObject({ storeId: wanlong, storeName: '万龙雪场店' });
    expect(await summary('multi')).toMatchObject({ storeId: taiwu, storeName: '太舞小镇店' });

    const all = await summary('admin', range);
    expect(all).toMatchObject({ storeId: null, storeName: null });
    const perStore = await Promise.all(
      Object.values(storeIds).map((id) => summary('admin', `storeId=${id}&${range}`)),
    );
    const total = (pick: (s: FinanceSummary) => number) =>
      perStore.reduce((n, s) => n + fen(pick(s)), 0);
    expect(fen(all.totals.payments)).toBe(total((s) => s.totals.payments));
    expect(fen(all.totals.refunds)).toBe(total((s) => s.totals.refunds));
    expect(fen(all.depositsHeld)).toBe(total((s) => s.depositsHeld));
    expect(fen(all.awaiting.amount)).toBe(total((s) => s.awaiting.amount));
    expect(fen(all.totals.payments)).toBeGreaterThan(0);

    const unknown = await call(
      'admin',
      'GET',
      `/api/app/finance/summary?storeId=00000000-0000-4000-8000-000000000000&${range}`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('lists the paid bills of the range newest first, page by page', async () => {
    const order = await createOrder('赵六');
    await payCash(order);
    const range = `from=${today}&to=${today}`;
    const res = await call('manager', 'GET', `/api/app/finance/bills?${range}&maxResultCount=100`);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ totalCount: number; items: FinanceBill[] }>();
    expect(list.items[0]).toEqual({
      billId: order.bills[0]!.id,
      orderId: order.id,
      orderNumber: order.orderNumber,
      customerName: '赵六',
      kind: 'payment',
      method: 'cash',
      amount: order.totalAmount,
      paidAt: expect.any(String),
      confirmedByName: '李店员',
      storeName: '万龙雪场店',
      receiptNo: expect.stringMatching(/^R\d{12}$/),
    });
    const times = list.items.map((b) => Date.parse(b.paidAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.items.some((b) => b.kind === 'refund')).toBe(true);
    expect(list.items.every((b) => b.storeName === '万龙雪场店')).toBe(true);
    const s = await summary();
    const counted = s.byMethod.reduce((n, m) => n + m.paymentCount + m.refundCount, 0);
    expect(list.totalCount).toBe(counted);

    const second = (
      await call('manager', 'GET', `/api/app/finance/bills?${range}&skipCount=1&maxResultCount=1`)
    ).json<{ totalCount: number; items: FinanceBill[] }>();
    expect(second.totalCount).toBe(list.totalCount);
    expect(second.items).toEqual([list.items[1]]);
  });

  it('exports the paid bills as CSV with a BOM, quoted fields and formulas defused', async () => {
    // Names hold no line breaks (the text rules); the CSV quoting of those is tested below.
    const order = await createOrder('=1+2,"甲" 乙');
    await payCash(order);
    const paid = (await call('employee', 'GET', `/api/app/orders/${order.id}`)).json<Order>();
    const receiptNo = paid.bills.find((b) => b.status === 'paid')!.receiptNo;
    expect(receiptNo).toMatch(/^R\d{12}$/);
    const res = await call(
      'manager',
      'GET',
      `/api/app/finance/export.csv?from=${today}&to=${today}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="finance-${today}-${today}.csv"`,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.toString('utf8').slice(1);
    const [header] = text.split('\r\n');
    expect(header).toBe(
      '支付时间,订单号,收据号,客户,类型,支付方式,金额（元，退款为负）,经手人,门店',
    );
    expect(text).toContain(
      `,${order.orderNumber},${receiptNo},"'=1+2,""甲"" 乙",收款,现金,${fenText(fen(order.totalAmount))},李店员,万龙雪场店\r\n`,
    );
    // The refund of the cancelled order goes out negative.
    expect(text).toMatch(/,退款,现金,-\d+\.\d{2},李店员,/);
    expect(text).toMatch(new RegExp(`\\r\\n${today} \\d{2}:\\d{2}:\\d{2},`));

    const english = await call(
      'manager',
      'GET',
      `/api/app/finance/export.csv?from=${today}&to=${today}`,
      undefined,
      'en-US',
    );
    expect(english.body.split('\r\n')[0]).toBe(
      '\uFEFFPaid at,Order number,Receipt number,Customer,Type,Method,"Amount (CNY, refunds negative)",Confirmed by,Store',
    );
    expect(english.body).toContain(',Payment,Cash,');
  });

  it('quotes and defuses CSV text, writes fen exactly and finds midnight in the business zone', () => {
    expect(csvText('plain')).toBe('plain');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    for (const lead of ['=', '+', '-', '@']) expect(csvText(`${lead}X`)).toBe(`'${lead}X`);
    expect(csvText('-1,2')).toBe(`"'-1,2"`);
    expect(fenText(0)).toBe('0.00');
    expect(fenText(5)).toBe('0.05');
    expect(fenText(123456)).toBe('1234.56');
    expect(fenText(-1999)).toBe('-19.99');
    expect(zonedMidnight('2027-01-10', 'Asia/Shanghai').toISOString()).toBe(
      '2027-01-09T16:00:00.000Z',
    );
    expect(zonedMidnight('2027-01-10', 'Asia/Shanghai', 1).toISOString()).toBe(
      '2027-01-10T16:00:00.000Z',
    );
    expect(daysOf('2027-12-30', '2028-01-02')).toEqual([
      '2027-12-30',
      '2027-12-31',
      '2028-01-01',
      '2028-01-02',
    ]);
  });
});
