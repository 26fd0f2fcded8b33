import { createHmac } from 'node:crypto';
import { eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentNotifications, payments, refunds } from '@/db/schema.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  signIn,
  storeIdsByName,
  TEST_SECRET,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { SandboxProvider } from './providers/sandbox.js';

const DAY = 86_400_000;
/** Bookings lie within a few years of now: the tests book next year. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const at = (days: number) => new Date(Date.UTC(NEXT_YEAR, 2, 1) + days * DAY).toISOString();

interface Attempt {
  paymentId: string;
  provider: string;
  status: string;
  action: { type: string; url?: string; codeUrl?: string };
}

interface RefundAnswer {
  status: string;
  refunds: { id: string; method: string; status: string; amount: number }[];
}

describe('online payments through the sandbox', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let storeIds: Record<string, string>;
  let inStock: { id: string }[];
  let next = 0;
  // Signs like the server's sandbox (the key is derived from the app secret), to forge and replay.
  let sandbox: SandboxProvider;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = new SandboxProvider(t.database.db, {
      key: createHmac('sha256', TEST_SECRET).update('payment-sandbox').digest(),
      linkKey: Buffer.alloc(32),
      baseUrl: '',
    });
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'multi', 'admin']));
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
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  /** A customer with no account, on the payment page opened from a link. */
  const anonymous = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: csrf });
  async function book(from = 0) {
    const res = await counterOrder('employee', {
      storeId: wanlong,
      customerName: '周九',
      customerPhone: '13700001234',
      rentalStartTime: at(from),
      rentalEndTime: at(from + 2),
      items: [{ equipmentId: inStock[next++]!.id }],
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; totalAmount: number; bills: { id: string }[] }>();
  }
  const order = async (id: string) =>
    (await call('employee', 'GET', `/api/app/orders/${id}`)).json();
  async function start(
    billId: string,
    channel = 'h5',
    method = 'wechat',
    headers: Record<string, string> = {},
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/api/app/payments',
      headers: { ...csrf, ...headers },
      payload: { billId, method, channel, returnPath: '/customer/payment/x' },
    });
  }
  /** The payer presses a button on the sandbox cashier page the attempt links to. */
  async function press(attempt: Attempt, button: 'pay' | 'fail', headers = {}) {
    const { path, search } = cashier(attempt);
    const page = await t.app.inject({ method: 'GET', url: `${path}${search}`, headers });
    expect(page.statusCode).toBe(200);
    return pressAt(`${path}/${button}${search}`, headers);
  }
  const pressAt = (url: string, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: '',
    });
  /** The cashier link of an attempt, as a path on this server and its query (the secret). */
  function cashier(attempt: Attempt) {
    const link = attempt.action.url ?? attempt.action.codeUrl ?? '';
    const url = new URL(link, 'http://server.invalid');
    return { link, path: url.pathname, search: url.search };
  }
  const tradeNo = (attempt: Attempt) => cashier(attempt).path.split('/').pop()!;

  /** What the metrics counted of one business event so far (`/metrics`). */
  const counted = async (event: string) =>
    (
      await t.app.metrics.registry.getSingleMetric('snowgear_business_events_total')!.get()
    ).values.find((v) => v.labels.event === event)?.value ?? 0;

  it('a customer pays through the sandbox cashier and the order is paid, once', async () => {
    const paymentsBefore = await counted('payment_online');
    const booked = await book();
    const checkout = (await anonymous('GET', `/api/app/payments/checkout/${booked.id}`)).json();
    expect(checkout).toMatchObject({
      dueAmount: booked.totalAmount,
      methods: ['cash', 'wechat'],
      sandbox: ['wechat'],
      storeName: '万龙雪场店',
    });
    expect(JSON.stringify(checkout)).not.toContain('13700001234');

    const started = await start(booked.bills[0]!.id);
    expect(started.statusCode).toBe(201);
    const attempt = started.json<Attempt>();
    expect(attempt).toMatchObject({
      provider: 'sandbox',
      status: 'pending',
      action: { type: 'redirect' },
    });
    // A retry (a weak network, a second tap) resumes the same attempt.
    expect((await start(booked.bills[0]!.id)).json().paymentId).toBe(attempt.paymentId);

    const { path, search } = cashier(attempt);
    const page = await t.app.inject({ method: 'GET', url: `${path}${search}` });
    expect(page.body).toContain('沙箱收银台');
    expect(page.body).toContain(`¥${booked.totalAmount.toFixed(2)}`);
    const paid = await press(attempt, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/\/customer\/payment\/x$/);

    const after = await order(booked.id);
    expect(after.status).toBe(11);
    expect(after.bills[0]).toMatchObject({
      status: 'paid',
      method: 'wechat',
      confirmedByName: '微信支付（沙箱）',
    });
    expect((await anonymous('GET', `/api/app/payments/${attempt.paymentId}`)).json().status).toBe(
      'succeeded',
    );
    const status = await call(
      'employee',
      'GET',
      `/api/app/orders/bill/${booked.bills[0]!.id}/payment-status`,
    );
    expect(status.json()).toMatchObject({ status: 'paid', method: 'wechat', orderStatus: 11 });

    // The provider retries its notification: nothing more is recorded.
    const replay = sandbox.notice({
      outTradeNo: tradeNo(attempt),
      tradeNo: 'SANDBOX-replay',
      state: 'succeeded',
      amountFen: Math.round(booked.totalAmount * 100),
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/sandbox',
      headers: replay.headers,
      payload: replay.body,
    });
    expect(again.statusCode).toBe(204);
    const events = (await order(booked.id)).timeline.filter(
      (e: { kind: string }) => e.kind === 'payment',
    );
    expect(events).toHaveLength(1);
    expect(events[0].message).toBe(`微信支付（沙箱）收款 ¥${booked.totalAmount.toFixed(2)}`);
    const inEnglish = (
      await call('employee', 'GET', `/api/app/orders/${booked.id}`, undefined, 'en')
    ).json();
    expect(inEnglish.timeline.find((e: { kind: string }) => e.kind === 'payment')).toMatchObject({
      message: `Paid ¥${booked.totalAmount.toFixed(2)} by WeChat Pay (sandbox)`,
      operatorName: 'WeChat Pay (sandbox)',
    });
    const log = await t.database.db
      .select({ outcome: paymentNotifications.outcome })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.outTradeNo, tradeNo(attempt)));
    expect(log.map((l) => l.outcome).sort()).toEqual(['applied', 'duplicate']);
    expect((await counted('payment_online')) - paymentsBefore).toBe(1);

    // A paid bill cannot be paid again, by any method.
    const twice = await start(booked.bills[0]!.id, 'native');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('该账单已通过微信支付支付');
  });

  it('refuses forged and mismatched notifications and logs them', async () => {
    const booked = await book(3);
    const attempt = (await start(booked.bills[0]!.id)).json<Attempt>();
    const fen = Math.round(booked.totalAmount * 100);
    const genuine = sandbox.notice({
      outTradeNo: tradeNo(attempt),
      tradeNo: 'T1',
      state: 'succeeded',
      amountFen: fen,
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/sandbox',
      headers: {
        ...genuine.headers,
        'x-sandbox-signature': 'AAAA' + genuine.headers['x-sandbox-signature']!.slice(4),
      },
      payload: genuine.body,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ code: 'FAIL', message: 'bad signature' });
    const altered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/sandbox',
      headers: genuine.headers,
      payload: genuine.body.replace(String(fen), '1'),
    });
    expect(altered.statusCode).toBe(400);
    // Correctly signed, but for less than the bill: not applied.
    const short = sandbox.notice({
      outTradeNo: tradeNo(attempt),
      tradeNo: 'T1',
      state: 'succeeded',
      amountFen: 1,
    });
    const shortRes = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/sandbox',
      headers: short.headers,
      payload: short.body,
    });
    expect(shortRes.statusCode).toBe(400);
    expect((await order(booked.id)).bills[0].status).toBe('pending');
    const outcomes = (
      await t.database.db
        .select({ outcome: paymentNotifications.outcome })
        .from(paymentNotifications)
        .where(eq(paymentNotifications.provider, 'sandbox'))
    ).map((l) => l.outcome);
    expect(outcomes.filter((o) => o === 'rejected').length).toBeGreaterThanOrEqual(2);
    expect(outcomes).toContain('mismatch');

    // 'Fail' on the cashier: the attempt failed, the bill is still open for another try.
    expect((await press(attempt, 'fail')).statusCode).toBe(303);
    expect((await anonymous('GET', `/api/app/payments/${attempt.paymentId}`)).json().status).toBe(
      'failed',
    );
    const retry = (await start(booked.bills[0]!.id)).json<Attempt>();
    expect(retry.paymentId).not.toBe(attempt.paymentId);
  });

  it("offers a method when the store's parameter says 'true' in any case, the store's value first", async () => {
    const yd = (
      await call(
        'admin',
        'GET',
        `/api/app/orders?storeId=${storeIds['云顶夜场店']}&maxResultCount=1`,
      )
    ).json().items[0];
    // 云顶: Alipay 'TRUE' for the store over the global 'false'; WeChat Pay 'true' globally.
    const checkout = (await anonymous('GET', `/api/app/payments/checkout/${yd.id}`)).json();
    expect(checkout.methods).toEqual(['cash', 'wechat', 'alipay']);
    expect(checkout.sandbox).toEqual(['wechat', 'alipay']);
  });

  it('refuses methods the store does not take and bills that are not payable', async () => {
    const booked = await book(6);
    const alipay = await start(booked.bills[0]!.id, 'h5', 'alipay');
    expect(alipay.statusCode).toBe(409);
    expect(alipay.json().error.message).toBe('本店未开通支付宝');
    await call('employee', 'POST', `/api/app/orders/${booked.id}/cancel`, { reason: '客户改期' });
    const cancelled = await start(booked.bills[0]!.id);
    expect(cancelled.statusCode).toBe(409);
    expect(
      (await anonymous('GET', '/api/app/payments/checkout/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
  });

  it('money taken twice for one bill goes straight back', async () => {
    const booked = await book(9);
    const h5 = (await start(booked.bills[0]!.id, 'h5')).json<Attempt>();
    const qr = (await start(booked.bills[0]!.id, 'native')).json<Attempt>();
    expect(qr.action.type).toBe('qr');
    await press(h5, 'pay');
    await press(qr, 'pay');
    const after = await order(booked.id);
    expect(after.paidAmount).toBe(booked.totalAmount);
    expect(after.timeline.at(-1).message).toMatch(/这笔微信支付（沙箱）付款 .* 原路退回/);
    const back = await t.database.db
      .select({ refund: refunds, outTradeNo: payments.outTradeNo })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(isNull(refunds.billId));
    const returnedTwice = back.filter((r) => [tradeNo(h5), tradeNo(qr)].includes(r.outTradeNo));
    expect(returnedTwice).toHaveLength(1);
    expect(returnedTwice[0]!.refund).toMatchObject({
      status: 'succeeded',
      amountFen: Math.round(booked.totalAmount * 100),
    });
  });

  it('a payment for an amount the bill no longer has goes back, and the bill stays open', async () => {
    const booked = await book(21);
    const old = (await start(booked.bills[0]!.id)).json<Attempt>();
    // Before the customer pays, the store adds delivery: the open bill grows by the fee.
    const changed = await call('employee', 'PUT', `/api/app/orders/${booked.id}/delivery-method`, {
      deliveryMethod: 'Delivery',
      deliveryAddress: '万龙酒店 502',
      returnMethod: 'SelfReturn',
      returnAddress: '',
    });
    expect(changed.json().bills[0].amount).toBeGreaterThan(booked.totalAmount);
    await press(old, 'pay');
    const after = await order(booked.id);
    expect(after.status).toBe(1);
    expect(after.bills[0].status).toBe('pending');
    expect(after.timeline.at(-1).message).toBe(
      `账单金额已变，这笔微信支付（沙箱）付款 ¥${booked.totalAmount.toFixed(2)} 原路退回，请按新金额付款`,
    );
    const [back] = await t.database.db
      .select({ refund: refunds })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.id, old.paymentId));
    expect(back!.refund).toMatchObject({
      status: 'succeeded',
      amountFen: Math.round(booked.totalAmount * 100),
    });
    // The new amount is paid with a fresh attempt.
    const fresh = (await start(booked.bills[0]!.id)).json<Attempt>();
    expect(fresh.paymentId).not.toBe(old.paymentId);
    await press(fresh, 'pay');
    expect((await order(booked.id)).status).toBe(2);
  });

  it('refunds a deposit to the original route, partly after damage, and says when it cannot', async () => {
    const booked = await book(12);
    const attempt = (await start(booked.bills[0]!.id)).json<Attempt>();
    await press(attempt, 'pay');
    const paid = await order(booked.id);
    const gear = inStock[next - 1] as { id: string; barcodeNumber?: string };
    const { barcodeNumber } = (
      await call('employee', 'GET', `/api/app/equipment/${gear.id}`)
    ).json();
    await call('employee', 'POST', `/api/app/orders/${booked.id}/handover`, {
      barcodes: [barcodeNumber],
    });
    const returned = (
      await call('employee', 'POST', `/api/app/orders/${booked.id}/return`, {
        items: [{ orderItemId: paid.items[0].id, state: 'damaged', damageFee: 100 }],
      })
    ).json();
    const refundBill = returned.bills.find((b: { kind: string }) => b.kind === 'refund');
    expect(refundBill.amount).toBeLessThan(booked.totalAmount);

    // Only the store's staff with payment rights send refunds.
    const otherStore = await call(
      'multi',
      'POST',
      `/api/app/payments/refund?billId=${refundBill.id}`,
    );
    expect(otherStore.statusCode).toBe(403);
    const anon = await anonymous('POST', `/api/app/payments/refund?billId=${refundBill.id}`);
    expect(anon.statusCode).toBe(401);

    const refundsBefore = await counted('refund_online');
    const sent = await Promise.all([
      call('employee', 'POST', `/api/app/payments/refund?billId=${refundBill.id}`),
      call('employee', 'POST', `/api/app/payments/refund?billId=${refundBill.id}`),
    ]);
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200]);
    // One call sends the refund; the other, which may answer while the first is still at the
    // provider, shows that same refund (done or in progress) and sends nothing of its own.
    const answers = sent.map((r) => r.json<RefundAnswer>());
    const result = answers.find((a) => a.status === 'paid')!;
    expect(result).toBeDefined();
    for (const answer of answers) {
      expect(['paid', 'pending']).toContain(answer.status);
      expect(answer.refunds.map((r) => r.id)).toEqual(result.refunds.map((r) => r.id));
    }
    const done = await order(booked.id);
    expect(done.status).toBe(9);
    expect(done.bills.find((b: { id: string }) => b.id === refundBill.id)).toMatchObject({
      status: 'paid',
      method: 'wechat',
      confirmedByName: '李店员',
    });
    expect(result.status).toBe('paid');
    expect((await counted('refund_online')) - refundsBefore).toBe(1);
    expect(result.refunds).toEqual([
      expect.objectContaining({ method: 'wechat', status: 'succeeded', amount: refundBill.amount }),
    ]);
    const sentRows = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.billId, refundBill.id));
    expect(sentRows).toHaveLength(1);
    expect(sentRows[0]).toMatchObject({
      status: 'succeeded',
      amountFen: Math.round(refundBill.amount * 100),
    });
    expect(done.timeline.at(-2).message).toBe(
      `原路退款 ¥${refundBill.amount.toFixed(2)}（微信支付（沙箱））`,
    );
  });

  it('partial refunds of one payment add up to what was paid, never more', async () => {
    const res = await counterOrder('employee', {
      storeId: wanlong,
      customerName: '周九',
      customerPhone: '13700001234',
      rentalStartTime: at(18),
      rentalEndTime: at(20),
      deliveryMethod: 'Delivery',
      deliveryAddress: '万龙酒店 301',
      items: [{ equipmentId: inStock[next++]!.id }],
    });
    const booked = res.json<{ id: string; totalAmount: number; bills: { id: string }[] }>();
    await press((await start(booked.bills[0]!.id)).json<Attempt>(), 'pay');
    const refundOf = (o: {
      bills: { kind: string; status: string; id: string; amount: number }[];
    }) => o.bills.find((b) => b.kind === 'refund' && b.status === 'pending')!;

    // The customer picks the gear up after all: the delivery fee goes back (part of the payment).
    const changed = (
      await call('employee', 'PUT', `/api/app/orders/${booked.id}/delivery-method`, {
        deliveryMethod: 'SelfPickup',
        deliveryAddress: '',
        returnMethod: 'SelfReturn',
        returnAddress: '',
      })
    ).json();
    const first = refundOf(changed);
    expect(
      (await call('employee', 'POST', `/api/app/payments/refund?billId=${first.id}`)).json().status,
    ).toBe('paid');
    // Then the order is cancelled: the rest goes back too.
    const cancelled = (
      await call('employee', 'POST', `/api/app/orders/${booked.id}/cancel`, { reason: '改天再来' })
    ).json();
    const second = refundOf(cancelled);
    expect(first.amount + second.amount).toBe(booked.totalAmount);
    expect(
      (await call('employee', 'POST', `/api/app/payments/refund?billId=${second.id}`)).json()
        .status,
    ).toBe('paid');
    const sent = await t.database.db
      .select({ amountFen: refunds.amountFen, status: refunds.status })
      .from(refunds)
      .where(inArray(refunds.billId, [first.id, second.id]));
    expect(sent.reduce((sum, r) => sum + r.amountFen, 0)).toBe(
      Math.round(booked.totalAmount * 100),
    );
    expect(sent.every((r) => r.status === 'succeeded')).toBe(true);
    expect((await order(booked.id)).paidAmount).toBe(0);
  });

  it('a refund owed for a cash payment cannot go back online', async () => {
    const booked = await book(15);
    // The customer opened WeChat Pay, then paid cash at the counter: the waiting page sees the
    // bill paid although its own attempt never was.
    const waiting = (await start(booked.bills[0]!.id, 'native')).json<Attempt>();
    await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-received?billId=${booked.bills[0]!.id}`,
    );
    expect((await anonymous('GET', `/api/app/payments/${waiting.paymentId}`)).json()).toMatchObject(
      {
        status: 'pending',
        billStatus: 'paid',
      },
    );
    await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-received?billId=${booked.bills[0]!.id}`,
    );
    const cancelled = (
      await call('employee', 'POST', `/api/app/orders/${booked.id}/cancel`, { reason: '天气' })
    ).json();
    const refundBill = cancelled.bills.find((b: { kind: string }) => b.kind === 'refund');
    const res = await call('employee', 'POST', `/api/app/payments/refund?billId=${refundBill.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('在线支付只有 ¥0.00 可以原路退回，其余请退现金');
  });

  it('the cashier pays only through the link the attempt was given, and once', async () => {
    const booked = await book(24);
    const attempt = (await start(booked.bills[0]!.id)).json<Attempt>();
    const no = tradeNo(attempt);
    const { path, search } = cashier(attempt);
    expect(search).toMatch(/^\?secret=[\w-]{43}$/);
    const unknown = await t.app.inject(`/api/payments/sandbox/cashier/${'0'.repeat(32)}${search}`);
    expect(unknown.statusCode).toBe(404);
    const other = cashier((await start((await book(27)).bills[0]!.id)).json<Attempt>());

    // The trade number alone (seen in a log or a notification) opens nothing, nor does a wrong
    // secret or another attempt's; each answers like an unknown trade.
    const wrong = `?secret=${search.slice(8, -1)}${search.endsWith('A') ? 'B' : 'A'}`;
    for (const query of ['', '?secret=', wrong, other.search]) {
      for (const res of [
        await t.app.inject(`${path}${query}`),
        await pressAt(`${path}/pay${query}`),
        await pressAt(`${path}/fail${query}`),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(unknown.body);
      }
    }
    const dashed = no.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
    expect((await anonymous('GET', `/api/app/payments/${dashed}`)).statusCode).toBe(404);
    expect((await order(booked.id)).status).toBe(1);

    expect((await press(attempt, 'pay')).statusCode).toBe(303);
    expect((await order(booked.id)).status).toBe(11);
    // Pressed again later: nothing is sent, and the page says it is paid.
    for (const button of ['pay', 'fail']) {
      const again = await pressAt(`${path}/${button}${search}`);
      expect(again.statusCode).toBe(303);
      expect(again.headers.location).toBe(`${path}${search}`);
    }
    const sent = await t.database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.outTradeNo, no));
    expect(sent).toHaveLength(1);
    expect((await t.app.inject(`${path}${search}`)).body).toContain('已支付，可以关闭此页面');
    expect((await anonymous('GET', `/api/app/payments/${attempt.paymentId}`)).json().status).toBe(
      'succeeded',
    );
  });

  it('a forged Host or X-Forwarded-Host changes no link and no redirect', async () => {
    // Links are on PUBLIC_BASE_URL, or relative to this server when it is unset (embedded).
    const base = t.settings.PUBLIC_BASE_URL ?? '';
    const forged = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    };
    const booked = await book(30);
    const h5 = (await start(booked.bills[0]!.id, 'h5', 'wechat', forged)).json<Attempt>();
    expect(h5.action.url).toBe(`${base}${cashier(h5).path}${cashier(h5).search}`);
    expect(cashier(h5).path).toMatch(/^\/api\/payments\/sandbox\/cashier\/[0-9a-f]{32}$/);
    const qr = (await start(booked.bills[0]!.id, 'native', 'wechat', forged)).json<Attempt>();
    expect(qr.action.codeUrl).toBe(`${base}${cashier(qr).path}${cashier(qr).search}`);
    const resumed = (
      await t.app.inject({
        method: 'GET',
        url: `/api/app/payments/${qr.paymentId}`,
        headers: forged,
      })
    ).json<Attempt>();
    expect(resumed.action).toEqual(qr.action);

    // The QR payer stays on the cashier, as a path on whatever address they used.
    const scanned = await press(qr, 'fail', forged);
    expect(scanned.headers.location).toBe(`${cashier(qr).path}${cashier(qr).search}`);
    const paid = await press(h5, 'pay', forged);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${base}/customer/payment/x`);
    expect((await order(booked.id)).status).toBe(11);
  });

  it('refuses a return path that a browser would read as another site', async () => {
    const booked = await book(33);
    for (const returnPath of ['//evil.example/x', '/\\evil.example/x', 'https://evil.example/']) {
      const res = await anonymous('POST', '/api/app/payments', {
        billId: booked.bills[0]!.id,
        method: 'wechat',
        channel: 'h5',
        returnPath,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.validationErrors[0].members).toEqual(['returnPath']);
    }
  });
});

describe('payment links on a public address', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    // Behind a proxy whose forwarded headers are trusted: still no link comes from them.
    t = await createTestApp({
      settings: { PUBLIC_BASE_URL: 'https://rent.example.cn/', TRUST_PROXY: 'true' },
    });
    csrf = await verificationHeaders(t.app);
    tokens = await signIn(t.app, csrf, ['employee']);
  });
  afterAll(() => t.close());

  it('builds the cashier link and the way back on PUBLIC_BASE_URL whatever the Host says', async () => {
    const call = callerAs(t.app, csrf, tokens);
    const counterOrder = counterOrdersAs(t.app, csrf, tokens);
    const wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    const [gear] = (
      await call('employee', 'GET', `/api/app/equipment?storeId=${wanlong}&status=0`)
    ).json().items;
    const booked = (
      await counterOrder('employee', {
        storeId: wanlong,
        customerName: '周九',
        customerPhone: '13700001234',
        rentalStartTime: at(40),
        rentalEndTime: at(41),
        items: [{ equipmentId: gear.id }],
      })
    ).json();
    const forged = {
      ...csrf,
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    };
    const attempt = (
      await t.app.inject({
        method: 'POST',
        url: '/api/app/payments',
        headers: forged,
        payload: {
          billId: booked.bills[0].id,
          method: 'wechat',
          channel: 'h5',
          returnPath: '/customer/payment/x',
        },
      })
    ).json<Attempt>();
    const link = new URL(attempt.action.url!);
    expect(link.origin).toBe('https://rent.example.cn');
    expect(link.pathname).toMatch(/^\/api\/payments\/sandbox\/cashier\/[0-9a-f]{32}$/);
    const paid = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}/pay${link.search}`,
      headers: { ...forged, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('https://rent.example.cn/customer/payment/x');
  });
});
