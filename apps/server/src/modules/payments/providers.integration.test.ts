import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentNotifications, payments } from '@/db/schema.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { startAlipayDouble, type AlipayDouble } from '@/testing/alipay-double.js';
import { freePort } from '@/testing/process.js';
import { startWeChatPayDouble, type WeChatPayDouble } from '@/testing/wechatpay-double.js';

const DAY = 86_400_000;
/** Bookings lie within a few years of now: the tests book next year. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const at = (days: number) => new Date(Date.UTC(NEXT_YEAR, 3, 1) + days * DAY).toISOString();

interface Attempt {
  paymentId: string;
  provider: string;
  action: { type: string; url?: string; codeUrl?: string };
}

/**
 * The whole app, listening on loopback, with WeChat Pay and Alipay pointed at their local
 * doubles: the doubles check our signatures and post real signed (and encrypted) notifications
 * back to the app's notification route.
 */
describe('payments through the WeChat Pay and Alipay doubles', () => {
  let t: TestApp;
  let wx: WeChatPayDouble;
  let ali: AlipayDouble;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let stores: Record<string, string>;
  let next = 0;

  beforeAll(async () => {
    wx = await startWeChatPayDouble({ appId: 'wx-app-under-test' });
    ali = await startAlipayDouble();
    const port = await freePort();
    t = await createTestApp({
      settings: {
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        WECHATPAY_MCH_ID: wx.config.mchId,
        WECHATPAY_APP_ID: wx.config.appId,
        WECHATPAY_MERCHANT_SERIAL_NO: wx.config.merchantSerialNo,
        WECHATPAY_MERCHANT_PRIVATE_KEY: wx.config.merchantPrivateKey,
        WECHATPAY_API_V3_KEY: wx.config.apiV3Key,
        WECHATPAY_PLATFORM_SERIAL: wx.config.platformSerial,
        WECHATPAY_PLATFORM_PUBLIC_KEY: wx.config.platformPublicKey,
        WECHATPAY_BASE_URL: wx.config.baseUrl,
        ALIPAY_APP_ID: ali.config.appId,
        ALIPAY_PRIVATE_KEY: ali.config.privateKey,
        ALIPAY_PUBLIC_KEY: ali.config.alipayPublicKey,
        ALIPAY_GATEWAY: ali.config.gateway,
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee', 'admin']));
    stores = await storeIdsByName(t.app);
  });
  afterAll(async () => {
    await t.close();
    await wx.close();
    await ali.close();
  });

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  async function book(store: string) {
    const storeId = stores[store]!;
    const stock = (
      await call(
        'admin',
        'GET',
        `/api/app/equipment?storeId=${storeId}&status=0&maxResultCount=100`,
      )
    ).json<{ items: { id: string }[] }>().items;
    const res = await counterOrder('admin', {
      storeId,
      customerName: '郑十一',
      customerPhone: '13700005678',
      rentalStartTime: at(next * 3),
      rentalEndTime: at(next * 3 + 1),
      items: [{ equipmentId: stock[next++]!.id }],
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; totalAmount: number; bills: { id: string }[] }>();
  }
  const start = (billId: string, method: string, channel: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/app/payments',
      headers: csrf,
      payload: { billId, method, channel, returnPath: '/customer/payment/x' },
    });
  const order = async (id: string) => (await call('admin', 'GET', `/api/app/orders/${id}`)).json();
  const tradeNoOf = async (paymentId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.outTradeNo;

  it('WeChat Pay: forged and mismatched notifications change nothing; a late one is fetched; a duplicate is ignored', async () => {
    const booked = await book('万龙雪场店');
    const res = await start(booked.bills[0]!.id, 'wechat', 'native');
    expect(res.statusCode).toBe(201);
    const attempt = res.json<Attempt>();
    expect(attempt).toMatchObject({ provider: 'wechatpay', action: { type: 'qr' } });
    const no = await tradeNoOf(attempt.paymentId);
    // Our signed request reached the double, which accepted it.
    expect(wx.calls.find((c) => c.url.includes('/native'))?.signatureValid).toBe(true);

    for (const tamper of ['signature', 'body', 'serial', 'stale', 'resource'] as const) {
      expect(await wx.notify(no, { tamper })).toBe(400);
    }
    // Correctly signed and encrypted, but for 0.01 yuan: not applied.
    expect(await wx.notify(no, { state: 'SUCCESS', amount: 1 })).toBe(400);
    expect((await order(booked.id)).bills[0].status).toBe('pending');
    const outcomes = (
      await t.database.db
        .select({ outcome: paymentNotifications.outcome })
        .from(paymentNotifications)
        .where(eq(paymentNotifications.provider, 'wechatpay'))
    ).map((n) => n.outcome);
    expect(outcomes.filter((o) => o === 'rejected')).toHaveLength(5);
    expect(outcomes).toContain('mismatch');

    // Paid at WeChat, but the notification never came: the status call asks WeChat.
    wx.markPaid(no);
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.id, attempt.paymentId));
    const status = await call(
      'employee',
      'GET',
      `/api/app/orders/bill/${booked.bills[0]!.id}/payment-status`,
    );
    expect(status.json()).toMatchObject({ status: 'paid', method: 'wechat', orderStatus: 11 });

    // The notification arrives after all, twice: nothing more is recorded.
    expect(await wx.notify(no)).toBe(204);
    expect(await wx.notify(no)).toBe(204);
    const paid = await order(booked.id);
    expect(paid.timeline.filter((e: { kind: string }) => e.kind === 'payment')).toHaveLength(1);
    expect(paid.bills[0]).toMatchObject({
      status: 'paid',
      method: 'wechat',
      confirmedByName: '微信支付',
    });
  });

  it('WeChat Pay: a refund still processing at WeChat is finished when asked again', async () => {
    const booked = await book('万龙雪场店');
    const attempt = (await start(booked.bills[0]!.id, 'wechat', 'native')).json<Attempt>();
    expect(await wx.pay(await tradeNoOf(attempt.paymentId))).toBe(204);
    const cancelled = (
      await call('admin', 'POST', `/api/app/orders/${booked.id}/cancel`, { reason: '客户生病' })
    ).json();
    const refundBill = cancelled.bills.find((b: { kind: string }) => b.kind === 'refund');
    const first = await call('admin', 'POST', `/api/app/payments/refund?billId=${refundBill.id}`);
    expect(first.json()).toMatchObject({
      status: 'pending',
      refunds: [{ method: 'wechat', status: 'pending', amount: booked.totalAmount }],
    });
    const second = await call('admin', 'POST', `/api/app/payments/refund?billId=${refundBill.id}`);
    expect(second.json()).toMatchObject({ status: 'paid', refunds: [{ status: 'succeeded' }] });
    // One refund at WeChat, for the whole payment.
    const no = await tradeNoOf(attempt.paymentId);
    const sent = [...wx.refunds.values()].filter((r) => r.outTradeNo === no);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ refundFen: Math.round(booked.totalAmount * 100) });
  });

  it('Alipay: the wap page, the signed notification, and forgeries refused', async () => {
    const booked = await book('云顶夜场店');
    const attempt = (await start(booked.bills[0]!.id, 'alipay', 'h5')).json<Attempt>();
    expect(attempt).toMatchObject({ provider: 'alipay', action: { type: 'redirect' } });
    const cashier = await fetch(attempt.action.url!);
    expect(cashier.status).toBe(200);
    const no = await tradeNoOf(attempt.paymentId);
    expect(await ali.notify(no, { tamper: 'signature' })).toBe('failure');
    expect(await ali.notify(no, { tamper: 'amount' })).toBe('failure');
    expect(await ali.notify(no, { tamper: 'app' })).toBe('failure');
    expect((await order(booked.id)).bills[0].status).toBe('pending');
    expect(await ali.pay(no)).toBe('success');
    expect(await ali.notify(no)).toBe('success');
    const paid = await order(booked.id);
    expect(paid.bills[0]).toMatchObject({
      status: 'paid',
      method: 'alipay',
      confirmedByName: '支付宝',
    });
    expect(paid.timeline.filter((e: { kind: string }) => e.kind === 'payment')).toHaveLength(1);
  });
});
