import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerAs,
  counterOrdersAs,
  counterSignatures,
  createTestApp,
  signIn,
  storeIdsByName,
  testDatabaseKind,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

const DAY = 86_400_000;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
/** Each try rents the same item in a window of its own, so tries never meet on the item. */
const windowOf = (n: number) => {
  const start = Date.UTC(NEXT_YEAR, 1, 1) + n * 3 * DAY;
  return {
    rentalStartTime: new Date(start).toISOString(),
    rentalEndTime: new Date(start + 2 * DAY).toISOString(),
  };
};
/** PGlite is one connection: writes there never overlap, a couple of tries show the answers. */
const TRIES = testDatabaseKind === 'postgres' ? 12 : 2;

interface OrderRead {
  id: string;
  status: number;
  totalAmount: number;
  rentalEndTime: string;
  items: { id: string }[];
  bills: { id: string; kind: string; status: string; amount: number }[];
}
type Reply = Awaited<ReturnType<ReturnType<typeof callerAs>>>;

/**
 * Two or three people (or a person and a payment provider) writing to one order at the same
 * moment: each gets its answer — done, or 4xx saying what stands in the way — and never a server
 * error. On PostgreSQL the writes really overlap (every write takes the order's row first, then
 * its bills and payments, so none can wait on another in a circle); docs/orders.md 'Locks'.
 */
describe('writes to one order at the same moment', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let item: { id: string; barcodeNumber: string };
  let tryNo = 0;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'manager']));
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    const found = await call(
      'employee',
      'GET',
      `/api/app/equipment?storeId=${wanlong}&status=0&maxResultCount=1`,
    );
    item = found.json<{ items: { id: string; barcodeNumber: string }[] }>().items[0]!;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const read = async (id: string) =>
    (await call('employee', 'GET', `/api/app/orders/${id}`)).json<OrderRead>();

  /** A counter order for the item, unpaid, in a window no other try uses. */
  async function unpaidOrder(): Promise<OrderRead> {
    const [agreement] = await counterSignatures(t.app, csrf, tokens.employee!, 1);
    const created = await counterOrdersAs(
      t.app,
      csrf,
      tokens,
    )('employee', {
      storeId: wanlong,
      customerName: '同时',
      customerPhone: '13700005678',
      ...windowOf(tryNo++),
      items: [{ equipmentId: item.id }],
      agreement,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<OrderRead>();
  }
  const pendingPayment = (order: OrderRead) =>
    order.bills.find((b) => b.kind === 'payment' && b.status === 'pending')!;
  async function paidOrder(): Promise<OrderRead> {
    const order = await unpaidOrder();
    const paid = await cash(order)();
    expect(paid.statusCode, paid.body).toBe(200);
    return read(order.id);
  }
  async function orderInUse(): Promise<OrderRead> {
    const order = await paidOrder();
    const out = await handover(order)();
    expect(out.statusCode, out.body).toBe(200);
    return read(order.id);
  }

  // ---- the writes, each as the counter or the provider sends it ----------------------------------
  const cancel = (o: OrderRead) => () =>
    call('employee', 'POST', `/api/app/orders/${o.id}/cancel`, { reason: '客户不要了' });
  const cash = (o: OrderRead) => () =>
    call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-received?billId=${pendingPayment(o).id}`,
    );
  const fee = (o: OrderRead) => () =>
    call('employee', 'POST', `/api/app/orders/${o.id}/fees`, {
      kind: 'CleaningFee',
      amount: 1,
      reason: '雪板打蜡',
    });
  const goodwill = (o: OrderRead) => () =>
    call('employee', 'POST', `/api/app/orders/${o.id}/goodwill-refund`, {
      amount: 1,
      reason: '等候太久',
    });
  const handover = (o: OrderRead) => () =>
    call('employee', 'POST', `/api/app/orders/${o.id}/handover`, {
      barcodes: [item.barcodeNumber],
    });
  const giveBack = (o: OrderRead) => () =>
    call('employee', 'POST', `/api/app/orders/${o.id}/return`, {
      items: [{ orderItemId: o.items[0]!.id, state: 'returned', damageFee: 0 }],
    });
  const extend = (o: OrderRead) => () =>
    call('employee', 'POST', `/api/app/orders/${o.id}/extend`, {
      rentalEndTime: new Date(Date.parse(windowOf(tryNo - 1).rentalEndTime) + DAY).toISOString(),
    });
  /** The sandbox cashier's 'pay' pressed: the provider's notification of a started attempt. */
  async function onlinePayment(o: OrderRead): Promise<() => Promise<Reply>> {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/app/payments',
      headers: csrf,
      payload: {
        billId: pendingPayment(o).id,
        method: 'wechat',
        channel: 'h5',
        returnPath: '/customer/orders/x',
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    const action = started.json<{ action: { url?: string; codeUrl?: string } }>().action;
    const cashier = new URL(action.url ?? action.codeUrl ?? '', 'http://x.invalid');
    return () =>
      t.app.inject({
        method: 'POST',
        url: `${cashier.pathname}/pay${cashier.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
  }

  /** Sends the writes together (or a few milliseconds apart) and checks every answer. */
  async function together(writes: (() => Promise<Reply>)[], i: number) {
    const lag = (i % 4) * 2;
    const replies = await Promise.all(
      writes.map((write, n) => sleep(n === i % writes.length ? lag : 0).then(write)),
    );
    for (const reply of replies) {
      expect(reply.statusCode, reply.body).toBeLessThan(500);
    }
    return replies;
  }

  /**
   * The order's money still adds up: what was paid, less what went or is owed back, is never
   * below nothing nor above what the order costs. The gear comes back for the next try.
   */
  async function moneyHoldsAndGearBack(id: string) {
    const order = await read(id);
    const paidIn = sum(order.bills.filter((b) => b.kind !== 'refund' && b.status === 'paid'));
    const paidOut = sum(order.bills.filter((b) => b.kind === 'refund' && b.status === 'paid'));
    const owedBack = sum(order.bills.filter((b) => b.kind === 'refund' && b.status === 'pending'));
    expect(paidIn - paidOut).toBeGreaterThanOrEqual(-0.001);
    expect(paidIn - paidOut - owedBack).toBeLessThanOrEqual(order.totalAmount + 0.001);
    if (order.status === 5) {
      const back = await giveBack(order)();
      expect(back.statusCode, back.body).toBe(200);
    }
  }
  const sum = (bills: OrderRead['bills']) => bills.reduce((total, b) => total + b.amount, 0);

  const pairs: [
    string,
    () => Promise<OrderRead>,
    (o: OrderRead) => Promise<(() => Promise<Reply>)[]>,
  ][] = [
    ['cancel + cash confirmation', unpaidOrder, async (o) => [cancel(o), cash(o)]],
    [
      'cancel + payment notification',
      unpaidOrder,
      async (o) => [cancel(o), await onlinePayment(o)],
    ],
    [
      'cash confirmation + payment notification',
      unpaidOrder,
      async (o) => [cash(o), await onlinePayment(o)],
    ],
    [
      'cancel + cash confirmation + payment notification',
      unpaidOrder,
      async (o) => [cancel(o), cash(o), await onlinePayment(o)],
    ],
    ['fee + cash confirmation', unpaidOrder, async (o) => [fee(o), cash(o)]],
    ['fee + payment notification', unpaidOrder, async (o) => [fee(o), await onlinePayment(o)]],
    ['fee + cancel', unpaidOrder, async (o) => [fee(o), cancel(o)]],
    ['cancel + handover', paidOrder, async (o) => [cancel(o), handover(o)]],
    ['cancel + goodwill refund', paidOrder, async (o) => [cancel(o), goodwill(o)]],
    ['cancel + fee (paid)', paidOrder, async (o) => [cancel(o), fee(o)]],
    ['handover + fee', paidOrder, async (o) => [handover(o), fee(o)]],
    ['handover + goodwill refund', paidOrder, async (o) => [handover(o), goodwill(o)]],
    ['return + fee', orderInUse, async (o) => [giveBack(o), fee(o)]],
    ['return + goodwill refund', orderInUse, async (o) => [giveBack(o), goodwill(o)]],
    ['return + extension', orderInUse, async (o) => [giveBack(o), extend(o)]],
    [
      'fee + goodwill refund + extension',
      orderInUse,
      async (o) => [fee(o), goodwill(o), extend(o)],
    ],
  ];

  it(`two extensions at once: every day charged once, the item held to the end (${TRIES} tries)`, async () => {
    for (let i = 0; i < TRIES; i++) {
      const order = await orderInUse();
      const end = Date.parse(order.rentalEndTime);
      const to = (days: number) => () =>
        call('employee', 'POST', `/api/app/orders/${order.id}/extend`, {
          rentalEndTime: new Date(end + days * DAY).toISOString(),
        });
      await together([to(1), to(2)], i);
      const after = (await call('employee', 'GET', `/api/app/orders/${order.id}`)).json<{
        days: number;
        rentalEndTime: string;
        items: { dailyPrice: number; days: number }[];
        feeItems: { kind: string; amount: number }[];
      }>();
      // The rent and the extensions are the daily price for the days the rental now has.
      const charged = after.feeItems
        .filter((f) => f.kind === 'Rent' || f.kind === 'ExtensionFee')
        .reduce((n, f) => n + Math.round(f.amount * 100), 0);
      expect(charged).toBe(Math.round(after.items[0]!.dailyPrice * 100) * after.days);
      // The item's lock ends with the rental.
      const locks = (
        await call('employee', 'GET', `/api/app/equipment/unavailable-times/${item.id}`)
      ).json<{ orderId: string; endTime: string }[]>();
      const held = locks.find((l) => l.orderId === order.id)!;
      expect(Date.parse(held.endTime)).toBe(Date.parse(after.rentalEndTime));
      await moneyHoldsAndGearBack(order.id);
    }
  }, 120_000);

  for (const [name, setUp, writesOf] of pairs) {
    it(`${name}: each answered, none with a server error (${TRIES} tries)`, async () => {
      for (let i = 0; i < TRIES; i++) {
        const order = await setUp();
        await together(await writesOf(order), i);
        await moneyHoldsAndGearBack(order.id);
      }
    }, 120_000);
  }
});
