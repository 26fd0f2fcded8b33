import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentNotifications, payments } from '@/db/schema.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  signIn,
  storeIdsByName,
  secondInstance,
  TEST_SECRET,
  testDatabaseKind,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { SandboxProvider } from './providers/sandbox.js';
import { PaymentsService } from './service.js';

const DAY = 86_400_000;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const at = (days: number) => new Date(Date.UTC(NEXT_YEAR, 8, 1) + days * DAY).toISOString();
/** The sweep runs every second here; what it must do is waited for, within a generous bound. */
const SWEPT = { timeout: 30_000, interval: 100 };

interface OrderRead {
  id: string;
  status: number;
  bills: { id: string; kind: string; status: string; method: string | null; amount: number }[];
  returnedPayments: { method: string; amount: number; status: string }[];
  timeline: { message: string }[];
}

/**
 * A payment notification is never lost (issue: a sandbox trade paid while its attempt stayed
 * pending for nine minutes, on a bill already paid in cash, because its notification got a 500
 * and nothing asked again). The sweep asks the provider about attempts pending past two minutes
 * and applies again notifications that could not be applied.
 */
describe('payments left waiting for a word from their provider', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let inStock: { id: string }[];
  let next = 0;
  // The server's own sandbox (same key): it settles a trade without delivering its notification.
  let sandbox: SandboxProvider;

  beforeAll(async () => {
    t = await createTestApp({
      settings: { ORDER_SWEEP_SECONDS: '1', DATABASE_STATEMENT_TIMEOUT_MS: '1500' },
    });
    sandbox = new SandboxProvider(t.database.db, {
      key: createHmac('sha256', TEST_SECRET).update('payment-sandbox').digest(),
      linkKey: Buffer.alloc(32),
      baseUrl: '',
    });
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee']));
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    inStock = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment?storeId=${wanlong}&status=0&maxResultCount=20`,
      )
    ).json<{ items: { id: string }[] }>().items;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const read = async (id: string, language = 'zh-CN') =>
    (await call('employee', 'GET', `/api/app/orders/${id}`, undefined, language)).json<OrderRead>();

  /** An unpaid counter order and an online attempt started for its bill. */
  async function orderPayingOnline() {
    const created = await counterOrdersAs(
      t.app,
      csrf,
      tokens,
    )('employee', {
      storeId: wanlong,
      customerName: '刘八',
      customerPhone: '13700008888',
      rentalStartTime: at(next * 3),
      rentalEndTime: at(next * 3 + 2),
      items: [{ equipmentId: inStock[next++ % inStock.length]!.id }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<OrderRead>();
    const bill = order.bills[0]!;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/app/payments',
      headers: csrf,
      payload: { billId: bill.id, method: 'wechat', channel: 'h5', returnPath: '/customer/x' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.billId, bill.id));
    return { order, bill, payment: payment! };
  }
  /** The attempt began this long ago (the sweep asks about attempts pending past two minutes). */
  const began = (paymentId: string, minutesAgo: number) =>
    t.database.db
      .update(payments)
      .set({ createdAt: sql`now() - ${`${minutesAgo} minutes`}::interval` })
      .where(eq(payments.id, paymentId));
  const paymentNow = async (id: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;

  it('settles an attempt paid at the provider whose notification never came', async () => {
    const { order, bill, payment } = await orderPayingOnline();
    // Paid at the provider; the notification is lost on the way.
    expect(await sandbox.settle(payment.outTradeNo, 'pay')).not.toBeNull();
    await began(payment.id, 3);
    await vi.waitFor(async () => {
      const now = await read(order.id);
      expect(now.bills.find((b) => b.id === bill.id)).toMatchObject({
        status: 'paid',
        method: 'wechat',
      });
      expect(now.status).toBe(11);
    }, SWEPT);
    expect((await paymentNow(payment.id)).checkedAt).not.toBeNull();
  });

  it('gives back at once a payment that arrived on a bill paid in cash meanwhile, and the order says so', async () => {
    const { order, bill, payment } = await orderPayingOnline();
    const cash = await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-received?billId=${bill.id}`,
    );
    expect(cash.statusCode, cash.body).toBe(200);
    await sandbox.settle(payment.outTradeNo, 'pay');
    await began(payment.id, 5);
    await vi.waitFor(async () => {
      const now = await paymentNow(payment.id);
      expect(now).toMatchObject({ status: 'succeeded', duplicate: true });
    }, SWEPT);
    const amount = bill.amount;
    await vi.waitFor(async () => {
      expect((await read(order.id)).returnedPayments).toEqual([
        { method: 'wechat', amount, paidAt: expect.any(String), status: 'returned' },
      ]);
    }, SWEPT);
    const after = await read(order.id);
    // Paid once, in cash; the online money went back and the timeline says so.
    expect(after.bills.filter((b) => b.status === 'paid')).toEqual([
      expect.objectContaining({ id: bill.id, method: 'cash' }),
    ]);
    expect(after.timeline.map((e) => e.message)).toContain(
      `账单已付过，这笔微信支付（沙箱）付款 ¥${amount.toFixed(2)} 原路退回`,
    );
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'keeps a notification it could not apply and applies it again until it is',
    async () => {
      const { order, bill, payment } = await orderPayingOnline();
      // Someone holds the order past the statement time-out (1.5 s here): the notification
      // cannot be applied now.
      const holder = new pg.Client({ connectionString: t.settings.DATABASE_URL });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select id from orders where id = $1 for update', [order.id]);
        const notice = await sandbox.settle(payment.outTradeNo, 'pay');
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/payments/notify/sandbox',
          headers: notice!.headers,
          payload: notice!.body,
        });
        // The provider is told to send it again; we keep it as well.
        expect(answer.statusCode, answer.body).toBe(400);
        const [kept] = await t.database.db
          .select()
          .from(paymentNotifications)
          .where(eq(paymentNotifications.outTradeNo, payment.outTradeNo));
        expect(kept).toMatchObject({
          outcome: 'failed',
          notification: { provider: 'sandbox', state: 'succeeded', amountFen: payment.amountFen },
        });
        expect(kept!.retryAt).not.toBeNull();
        expect((await paymentNow(payment.id)).status).toBe('pending');
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      // Its time to be tried again comes (30 s after, in real life): applied, once.
      await t.database.db
        .update(paymentNotifications)
        .set({ retryAt: sql`now()` })
        .where(eq(paymentNotifications.outTradeNo, payment.outTradeNo));
      await vi.waitFor(async () => {
        const [kept] = await t.database.db
          .select()
          .from(paymentNotifications)
          .where(eq(paymentNotifications.outTradeNo, payment.outTradeNo));
        expect(kept).toMatchObject({ outcome: 'applied', retryAt: null, attempts: 1 });
      }, SWEPT);
      const now = await read(order.id);
      expect(now.bills.find((b) => b.id === bill.id)).toMatchObject({
        status: 'paid',
        method: 'wechat',
      });
      expect(now.returnedPayments).toEqual([]);
    },
  );

  it.runIf(testDatabaseKind === 'postgres')(
    'asks about each waiting attempt from one process at a time, though several sweep',
    async () => {
      const other = await secondInstance(t);
      const asked = vi.spyOn(SandboxProvider.prototype, 'queryPayment');
      const sweeps = vi.spyOn(PaymentsService.prototype, 'followPendingPayments');
      try {
        // Ten attempts nobody has paid yet, three minutes old: each is asked about once, then
        // not again for a minute, whichever process sweeps and however often.
        const waiting: (typeof payments.$inferSelect)[] = [];
        for (let i = 0; i < 10; i++) waiting.push((await orderPayingOnline()).payment);
        const tradeNos = new Set(waiting.map((p) => p.outTradeNo));
        const sweepsBefore = sweeps.mock.calls.length;
        for (const p of waiting) await began(p.id, 3);
        await vi.waitFor(async () => {
          for (const p of waiting) expect((await paymentNow(p.id)).checkedAt).not.toBeNull();
        }, SWEPT);
        // Both processes sweep a few more times (each every second).
        const claimed = sweeps.mock.calls.length;
        await vi.waitFor(
          () => expect(sweeps.mock.calls.length).toBeGreaterThan(claimed + 4),
          SWEPT,
        );
        expect(sweeps.mock.calls.length).toBeGreaterThan(sweepsBefore);
        const askedAbout = asked.mock.calls.filter(([no]) => tradeNos.has(no));
        expect(askedAbout).toHaveLength(10);
        for (const p of waiting) expect((await paymentNow(p.id)).status).toBe('pending');
      } finally {
        asked.mockRestore();
        sweeps.mockRestore();
        await other.close();
      }
    },
  );
});
