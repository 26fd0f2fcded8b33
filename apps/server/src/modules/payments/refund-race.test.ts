import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, refunds } from '@/db/schema.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { freePort } from '@/testing/process.js';
import { startWeChatPayDouble, type WeChatPayDouble } from '@/testing/wechatpay-double.js';

const DAY = 86_400_000;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const at = (days: number) => new Date(Date.UTC(NEXT_YEAR, 5, 1) + days * DAY).toISOString();
const TRIES = 50;

interface OrderRead {
  id: string;
  status: number;
  items: { id: string }[];
  bills: {
    id: string;
    kind: string;
    status: string;
    method: string | null;
    amount: number;
    refundUnderWay: boolean;
  }[];
}

/**
 * A refund bill is settled one way only (ARCHITECTURE §8, one writer per bill): an online refund
 * and 已退还现金 pressed at the same moment on one bill never both go through. Whichever claims the
 * bill first wins; the other is told what is already under way. WeChat Pay (its local double,
 * speaking the real protocol) answers a refund PROCESSING and finishes it only when asked again,
 * as the real one does for seconds to minutes: the whole of that time the bill is claimed.
 */
describe('one refund, never two', () => {
  let t: TestApp;
  let wx: WeChatPayDouble;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong: string;
  let item: { id: string; barcodeNumber: string };

  beforeAll(async () => {
    wx = await startWeChatPayDouble({ appId: 'wx-app-under-test' });
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
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee']));
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    const [first] = (
      await call(
        'employee',
        'GET',
        `/api/app/equipment?storeId=${wanlong}&status=0&maxResultCount=1`,
      )
    ).json<{ items: { id: string; barcodeNumber: string }[] }>().items;
    item = first!;
  });
  afterAll(async () => {
    await t.close();
    await wx.close();
  });

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  const read = async (id: string) =>
    (await call('employee', 'GET', `/api/app/orders/${id}`)).json<OrderRead>();

  /** An order paid online in the sandbox, handed over and returned: its deposit is owed back. */
  async function owedRefund(): Promise<{ order: OrderRead; bill: OrderRead['bills'][number] }> {
    const created = await counterOrder('employee', {
      storeId: wanlong,
      customerName: '周九',
      customerPhone: '13700001234',
      rentalStartTime: at(0),
      rentalEndTime: at(2),
      items: [{ equipmentId: item.id }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const booked = created.json<OrderRead>();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/app/payments',
      headers: csrf,
      payload: {
        billId: booked.bills[0]!.id,
        method: 'wechat',
        channel: 'native',
        returnPath: '/customer/payment/x',
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(await wx.pay(await tradeNoOf(booked.id))).toBe(204);
    const handedOver = await call('employee', 'POST', `/api/app/orders/${booked.id}/handover`, {
      barcodes: [item.barcodeNumber],
    });
    expect(handedOver.statusCode, handedOver.body).toBe(200);
    const returned = await call('employee', 'POST', `/api/app/orders/${booked.id}/return`, {
      items: [{ orderItemId: booked.items[0]!.id, state: 'returned', damageFee: 0 }],
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const order = returned.json<OrderRead>();
    const bill = order.bills.find((b) => b.kind === 'refund' && b.status === 'pending');
    expect(bill).toBeDefined();
    return { order, bill: bill! };
  }

  const tradeNoOf = async (orderId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!
      .outTradeNo;

  /** What actually went back for the bill: refunds we sent, and those WeChat took. */
  async function moneyBack(orderId: string, billId: string) {
    const online = await t.database.db
      .select({ amountFen: refunds.amountFen })
      .from(refunds)
      .where(and(eq(refunds.billId, billId), inArray(refunds.status, ['pending', 'succeeded'])));
    const no = await tradeNoOf(orderId);
    const atWeChat = [...wx.refunds.values()].filter((r) => r.outTradeNo === no);
    return {
      onlineRows: online.length,
      providerFen: atWeChat.reduce((sum, r) => sum + r.refundFen, 0),
    };
  }

  it(`settles a refund bill once when the online refund and the cash confirmation race (${TRIES} tries)`, async () => {
    const winners = { online: 0, cash: 0 };
    for (let i = 0; i < TRIES; i++) {
      const { order, bill } = await owedRefund();
      const fen = Math.round(bill.amount * 100);
      // Pressed together, or one a moment after the other: every interleaving of the two is
      // tried, including cash pressed while WeChat is still being asked.
      const lag = (i % 10) * 3;
      const [online, cash] = await Promise.all([
        sleep(i % 2 ? lag : 0).then(() =>
          call('employee', 'POST', `/api/app/payments/refund?billId=${bill.id}`),
        ),
        sleep(i % 2 ? 0 : lag).then(() =>
          call('employee', 'POST', `/api/app/orders/confirm-cash-refunded?billId=${bill.id}`),
        ),
      ]);
      const statuses = [online.statusCode, cash.statusCode];
      expect(statuses.sort(), `${online.body} | ${cash.body}`).toEqual([200, 409]);
      if (online.statusCode === 200) {
        winners.online++;
        // WeChat is still processing: the bill waits for it, and the counter is told so.
        expect(await moneyBack(order.id, bill.id)).toEqual({ onlineRows: 1, providerFen: fen });
        expect(cash.json<{ error: { code: string; message: string } }>().error).toMatchObject({
          code: 'Refund:NotPossible',
          message: `¥${bill.amount.toFixed(2)} 已在原路退回微信支付中，不能再退现金`,
        });
        // Asked again, WeChat has finished: the bill is settled the way it went.
        const again = await call('employee', 'POST', `/api/app/payments/refund?billId=${bill.id}`);
        expect(again.json()).toMatchObject({ status: 'paid', refunds: [{ status: 'succeeded' }] });
        const after = await read(order.id);
        expect(after.bills.find((b) => b.id === bill.id)).toMatchObject({
          status: 'paid',
          method: 'wechat',
        });
        expect(after.status).toBe(9);
      } else {
        winners.cash++;
        const after = await read(order.id);
        expect(after.bills.find((b) => b.id === bill.id)).toMatchObject({
          status: 'paid',
          method: 'cash',
        });
        expect(after.status).toBe(9);
        expect(await moneyBack(order.id, bill.id)).toEqual({ onlineRows: 0, providerFen: 0 });
        expect(online.json<{ error: { code: string; message: string } }>().error).toMatchObject({
          code: 'Refund:NotPossible',
          message: `这笔 ¥${bill.amount.toFixed(2)} 的退款已由李店员确认现金退还，不能再原路退回`,
        });
      }
    }
    expect(winners.online + winners.cash).toBe(TRIES);
  }, 180_000);

  it('keeps the bill claimed while WeChat processes, says so in English, and after it is done', async () => {
    const { order, bill } = await owedRefund();
    const sent = await call('employee', 'POST', `/api/app/payments/refund?billId=${bill.id}`);
    expect(sent.json()).toMatchObject({ status: 'pending', refunds: [{ status: 'pending' }] });
    // The order tells the counter the money is on its way back, so it offers no cash button.
    const refunding = (await read(order.id)).bills.find((b) => b.id === bill.id);
    expect(refunding).toMatchObject({ status: 'pending', refundUnderWay: true });
    const confirmCash = (language = 'zh-CN') =>
      call(
        'employee',
        'POST',
        `/api/app/orders/confirm-cash-refunded?billId=${bill.id}`,
        undefined,
        language,
      );
    const whileProcessing = await confirmCash('en-US');
    expect(whileProcessing.statusCode).toBe(409);
    expect(whileProcessing.json<{ error: { message: string } }>().error.message).toBe(
      `¥${bill.amount.toFixed(2)} is already on its way back to WeChat Pay; it cannot be given in cash too`,
    );
    // The same refund pressed again sends nothing new: it asks WeChat, which has finished.
    await call('employee', 'POST', `/api/app/payments/refund?billId=${bill.id}`);
    const done = await confirmCash();
    expect(done.statusCode).toBe(409);
    expect(done.json<{ error: { message: string } }>().error.message).toBe(
      `¥${bill.amount.toFixed(2)} 已原路退回微信支付，不能再退现金`,
    );
    expect(await moneyBack(order.id, bill.id)).toEqual({
      onlineRows: 1,
      providerFen: Math.round(bill.amount * 100),
    });
    expect((await read(order.id)).bills.find((b) => b.id === bill.id)).toMatchObject({
      status: 'paid',
      method: 'wechat',
      refundUnderWay: false,
    });
  });

  it('lets cash settle a bill whose online refund WeChat refused', async () => {
    const { order, bill } = await owedRefund();
    const sent = await call('employee', 'POST', `/api/app/payments/refund?billId=${bill.id}`);
    expect(sent.statusCode).toBe(200);
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.billId, bill.id));
    wx.setRefundStatus(refund!.outRefundNo, 'ABNORMAL');
    // The counter asks how the refund is doing: WeChat says it failed, which releases the bill
    // for cash; asking sends no second refund.
    const checked = await call(
      'employee',
      'POST',
      `/api/app/payments/refund?billId=${bill.id}&check=true`,
    );
    expect(checked.json()).toMatchObject({ status: 'pending', refunds: [{ status: 'failed' }] });
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.billId, bill.id));
    expect(rows).toHaveLength(1);
    expect((await read(order.id)).bills.find((b) => b.id === bill.id)).toMatchObject({
      refundUnderWay: false,
    });
    const cash = await call(
      'employee',
      'POST',
      `/api/app/orders/confirm-cash-refunded?billId=${bill.id}`,
    );
    expect(cash.statusCode, cash.body).toBe(200);
    expect((await read(order.id)).bills.find((b) => b.id === bill.id)).toMatchObject({
      status: 'paid',
      method: 'cash',
    });
  });
  /**
   * An order paid online at the counter (¥100 a day for two days, ¥300 deposit) with a goodwill
   * refund of ¥10 sent back to WeChat, which is still processing it.
   */
  async function goodwillOnItsWay(from: number, handOver: boolean) {
    const created = await counterOrder('employee', {
      storeId: wanlong,
      customerName: '周九',
      customerPhone: '13700001234',
      rentalStartTime: at(from),
      rentalEndTime: at(from + 2),
      items: [{ equipmentId: item.id, dailyPrice: 100, deposit: 300 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const booked = created.json<OrderRead>();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/app/payments',
      headers: csrf,
      payload: {
        billId: booked.bills[0]!.id,
        method: 'wechat',
        channel: 'native',
        returnPath: '/customer/payment/x',
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(await wx.pay(await tradeNoOf(booked.id))).toBe(204);
    if (handOver) {
      const out = await call('employee', 'POST', `/api/app/orders/${booked.id}/handover`, {
        barcodes: [item.barcodeNumber],
      });
      expect(out.statusCode, out.body).toBe(200);
    }
    const goodwill = await call(
      'employee',
      'POST',
      `/api/app/orders/${booked.id}/goodwill-refund`,
      {
        amount: 10,
        reason: '等候太久',
      },
    );
    expect(goodwill.statusCode, goodwill.body).toBe(200);
    const bill = goodwill.json<OrderRead>().bills.find((b) => b.kind === 'refund')!;
    const sent = await call('employee', 'POST', `/api/app/payments/refund?billId=${bill.id}`);
    expect(sent.json()).toMatchObject({ status: 'pending', refunds: [{ status: 'pending' }] });
    return { order: booked, goodwill: bill };
  }
  /** Sends a refund bill to WeChat and asks again: WeChat has finished it. */
  async function refundedOnline(billId: string) {
    await call('employee', 'POST', `/api/app/payments/refund?billId=${billId}`);
    const done = await call('employee', 'POST', `/api/app/payments/refund?billId=${billId}`);
    expect(done.json()).toMatchObject({ status: 'paid' });
  }
  const backAtWeChat = async (orderId: string) => {
    const no = await tradeNoOf(orderId);
    return [...wx.refunds.values()]
      .filter((r) => r.outTradeNo === no)
      .reduce((sum, r) => sum + r.refundFen, 0);
  };

  // Found by the money property (money-property.test.ts): the refund bill was cancelled with
  // its money already gone, and the cancellation or settlement gave that money back again.
  it('a cancellation while a refund is on its way online gives back the rest, not all again', async () => {
    const { order, goodwill } = await goodwillOnItsWay(10, false);
    const cancelled = await call('employee', 'POST', `/api/app/orders/${order.id}/cancel`, {
      reason: '客户不要了',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const bills = cancelled.json<OrderRead>().bills;
    expect(bills.find((b) => b.id === goodwill.id)).toMatchObject({
      status: 'pending',
      refundUnderWay: true,
    });
    const rest = bills.find((b) => b.kind === 'refund' && b.id !== goodwill.id)!;
    expect(rest).toMatchObject({ status: 'pending', amount: 490 });
    await refundedOnline(goodwill.id);
    await refundedOnline(rest.id);
    expect(await backAtWeChat(order.id)).toBe(50_000);
    expect((await read(order.id)).status).toBe(10);
  });

  it('a return while a refund is on its way online settles what is left, once', async () => {
    const { order, goodwill } = await goodwillOnItsWay(20, true);
    const returned = await call('employee', 'POST', `/api/app/orders/${order.id}/return`, {
      items: [{ orderItemId: order.items[0]!.id, state: 'returned', damageFee: 0 }],
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const settled = returned.json<OrderRead>();
    expect(settled.status).toBe(8);
    expect(settled.bills.find((b) => b.id === goodwill.id)).toMatchObject({ status: 'pending' });
    // The deposit goes back; the ¥10 is on its way already.
    const deposit = settled.bills.find((b) => b.kind === 'refund' && b.id !== goodwill.id)!;
    expect(deposit).toMatchObject({ status: 'pending', amount: 300 });
    await refundedOnline(goodwill.id);
    await refundedOnline(deposit.id);
    expect(await backAtWeChat(order.id)).toBe(31_000);
    expect((await read(order.id)).status).toBe(9);
  });
});
