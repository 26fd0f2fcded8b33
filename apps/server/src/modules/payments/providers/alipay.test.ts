import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlipayDouble, type AlipayDouble } from '@/testing/alipay-double.js';
import {
  NotificationRejected,
  ProviderError,
  type CreatePaymentInput,
  type PayChannel,
  type PaymentNotification,
} from '../provider.js';
import { AlipayProvider } from './alipay.js';

const RETURN_URL = 'https://rent.example.cn/customer/pay-result?order=1';

describe('Alipay provider against the local gateway double', () => {
  let alipay: AlipayDouble;
  let provider: AlipayProvider;
  let receiver: FastifyInstance;
  let notifyUrl: string;
  // What our notify route made of each notification, in arrival order.
  const received: (PaymentNotification | Error)[] = [];
  let seq = 0;
  const nextNo = () => `T${Date.now()}${++seq}`;

  beforeAll(async () => {
    alipay = await startAlipayDouble();
    provider = new AlipayProvider(alipay.config);
    receiver = Fastify({ logger: false });
    receiver.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    receiver.post('/notify/alipay', async (request, reply) => {
      let ok = true;
      try {
        const rawBody = request.body as string;
        received.push(await provider.parseNotification({ headers: request.headers, rawBody }));
      } catch (error) {
        received.push(error as Error);
        ok = false;
      }
      const ack = provider.acknowledge(ok);
      return reply.code(ack.status).type(ack.contentType).send(ack.body);
    });
    notifyUrl = `${await receiver.listen({ host: '127.0.0.1', port: 0 })}/notify/alipay`;
  });
  afterAll(async () => {
    await receiver.close();
    await alipay.close();
  });

  const input = (
    outTradeNo: string,
    amountFen: number,
    channel: PayChannel = 'h5',
  ): CreatePaymentInput => ({
    outTradeNo,
    amountFen,
    description: '雪具租赁 202611210001',
    channel,
    notifyUrl,
    returnUrl: RETURN_URL,
    clientIp: '127.0.0.1',
    expiresAt: new Date(Date.now() + 15 * 60_000),
  });
  const createQr = async (outTradeNo: string, amountFen: number) => {
    const action = await provider.createPayment(input(outTradeNo, amountFen, 'native'));
    if (action.type !== 'qr') throw new Error(`expected a QR code, got ${action.type}`);
    return action.codeUrl;
  };
  const lastCall = (method: string) => alipay.calls.filter((c) => c.method === method).at(-1);

  it('h5 gives a signed wap URL whose cashier page shows the amount', async () => {
    const no = nextNo();
    const action = await provider.createPayment({
      ...input(no, 1999),
      // Late in the UTC day: time_expire must already be the next day in Beijing.
      expiresAt: new Date('2099-11-21T16:30:00Z'),
    });
    if (action.type !== 'redirect') throw new Error('expected a redirect');
    const url = new URL(action.url);
    expect(`${url.origin}${url.pathname}`).toBe(alipay.config.gateway);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(url.searchParams.get('sign_type')).toBe('RSA2');
    expect(url.searchParams.get('notify_url')).toBe(notifyUrl);
    expect(url.searchParams.get('return_url')).toBe(RETURN_URL);
    expect(JSON.parse(url.searchParams.get('biz_content') ?? '')).toEqual({
      out_trade_no: no,
      total_amount: '19.99',
      subject: '雪具租赁 202611210001',
      product_code: 'QUICK_WAP_WAY',
      quit_url: RETURN_URL,
      time_expire: '2099-11-22 00:30:00',
    });

    const page = await fetch(action.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Alipay test double');
    expect(html).toContain('¥19.99');
    expect(lastCall('alipay.trade.wap.pay')?.signatureOk).toBe(true);
  });

  it('paying on the cashier page notifies us, then sends the browser back', async () => {
    const no = nextNo();
    const action = await provider.createPayment(input(no, 4200));
    if (action.type !== 'redirect') throw new Error('expected a redirect');
    const cashier = await fetch(action.url);
    const paid = await fetch(`${alipay.baseUrl}/cashier/${no}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'confirm=1',
      redirect: 'manual',
    });
    expect(cashier.status).toBe(200);
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('https://rent.example.cn/customer/pay-result');
    expect(back.searchParams.get('order')).toBe('1');
    expect(back.searchParams.get('out_trade_no')).toBe(no);
    expect(alipay.notifications.at(-1)?.answer).toBe('success');
    expect(received.at(-1)).toEqual({
      outTradeNo: no,
      state: 'succeeded',
      amountFen: 4200,
      providerTradeNo: alipay.trade(no)?.tradeNo,
      appId: alipay.config.appId,
    });
  });

  it('a provider holding the wrong private key is refused', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wrongKey = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const impostor = new AlipayProvider({ ...alipay.config, privateKey: wrongKey });

    const refusal = await impostor.createPayment(input(nextNo(), 100, 'native')).catch((e) => e);
    expect(refusal).toBeInstanceOf(ProviderError);
    expect(refusal).toMatchObject({ code: 'isv.invalid-signature' });
    expect((refusal as Error).message).toContain('isv.invalid-signature');
    expect((refusal as Error).message).not.toContain(wrongKey.split('\n')[1]);

    const action = await impostor.createPayment(input(nextNo(), 100));
    if (action.type !== 'redirect') throw new Error('expected a redirect');
    const page = await fetch(action.url);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('isv.invalid-signature');
  });

  it('accepts our key in PKCS1 form as well as PKCS8', async () => {
    const pkcs1 = createPrivateKey(alipay.config.privateKey)
      .export({ type: 'pkcs1', format: 'pem' })
      .toString();
    const same = new AlipayProvider({ ...alipay.config, privateKey: pkcs1 });
    const no = nextNo();
    await expect(same.createPayment(input(no, 100, 'native'))).resolves.toMatchObject({
      type: 'qr',
    });
    await expect(same.queryPayment(no)).resolves.toMatchObject({ state: 'pending' });
    expect(lastCall('alipay.trade.query')?.signatureOk).toBe(true);
  });

  it('refuses a gateway response signed by anyone but Alipay', async () => {
    alipay.signResponsesWithStranger();
    try {
      const error = await provider.queryPayment(nextNo()).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as Error).message).toContain('alipay.trade.query');
    } finally {
      alipay.signResponsesWithStranger(false);
    }
    await expect(provider.queryPayment(nextNo())).resolves.toEqual({ state: 'pending' });
  });

  it('reports a gateway it cannot reach as a ProviderError', async () => {
    const offline = new AlipayProvider({
      ...alipay.config,
      gateway: 'http://127.0.0.1:9/gateway.do',
    });
    await expect(offline.queryPayment(nextNo())).rejects.toBeInstanceOf(ProviderError);
  });

  it('native gives a QR code leading to the cashier page; jsapi is not Alipay', async () => {
    const codeUrl = await createQr(nextNo(), 2500);
    expect(codeUrl.startsWith(`${alipay.baseUrl}/`)).toBe(true);
    const page = await fetch(codeUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('¥25.00');
    await expect(
      provider.createPayment({ ...input(nextNo(), 100), channel: 'jsapi', openId: 'o-1' }),
    ).rejects.toBeInstanceOf(ProviderError);
  });

  it('pay() delivers a notification we parse and acknowledge; duplicates parse the same', async () => {
    const no = nextNo();
    await createQr(no, 8800);
    expect(await alipay.pay(no)).toBe('success');
    const expected = {
      outTradeNo: no,
      state: 'succeeded',
      amountFen: 8800,
      providerTradeNo: alipay.trade(no)?.tradeNo,
      appId: alipay.config.appId,
    };
    expect(received.at(-1)).toEqual(expected);
    expect(await alipay.notify(no)).toBe('success');
    expect(received.at(-1)).toEqual(expected);
  });

  it('rejects forged notifications', async () => {
    const no = nextNo();
    await createQr(no, 3000);
    await alipay.pay(no);
    for (const tamper of ['signature', 'amount'] as const) {
      expect(await alipay.notify(no, { tamper })).toBe('failure');
      expect(received.at(-1)).toBeInstanceOf(NotificationRejected);
    }
    // Validly signed for another app: the provider passes app_id on for the caller to compare.
    expect(await alipay.notify(no, { tamper: 'app' })).toBe('success');
    expect(received.at(-1)).toMatchObject({ appId: '2021000000009999' });

    const genuine = alipay.notifications.find((n) => n.outTradeNo === no)?.form ?? {};
    const parse = (fields: Record<string, string>) =>
      provider.parseNotification({ headers: {}, rawBody: new URLSearchParams(fields).toString() });
    const { sign: _sign, ...unsigned } = genuine;
    await expect(parse(genuine)).resolves.toMatchObject({ outTradeNo: no, amountFen: 3000 });
    await expect(parse(unsigned)).rejects.toBeInstanceOf(NotificationRejected);
    await expect(parse({ ...genuine, sign_type: 'RSA' })).rejects.toBeInstanceOf(
      NotificationRejected,
    );
    await expect(parse({ ...genuine, out_trade_no: `${no}X` })).rejects.toBeInstanceOf(
      NotificationRejected,
    );
    await expect(
      provider.parseNotification({ headers: {}, rawBody: 'not a notification' }),
    ).rejects.toBeInstanceOf(NotificationRejected);
  });

  it('converts yuan and fen exactly both ways', async () => {
    const cases: [number, string][] = [
      [1, '0.01'],
      [10, '0.10'],
      [1999, '19.99'],
      [123456, '1234.56'],
      [100000000, '1000000.00'],
    ];
    for (const [fen, yuan] of cases) {
      const no = nextNo();
      await createQr(no, fen);
      const sent = JSON.parse(lastCall('alipay.trade.precreate')?.params.biz_content ?? '{}');
      expect(sent.total_amount).toBe(yuan);
      await alipay.pay(no);
      expect(received.at(-1)).toMatchObject({ outTradeNo: no, amountFen: fen });
      expect(await provider.queryPayment(no)).toMatchObject({ state: 'succeeded', amountFen: fen });
    }
  });

  it('queries a payment before and after it is paid', async () => {
    const no = nextNo();
    await expect(provider.queryPayment(no)).resolves.toEqual({ state: 'pending' });
    await createQr(no, 1500);
    const before = await provider.queryPayment(no);
    expect(before).toMatchObject({ state: 'pending', providerTradeNo: alipay.trade(no)?.tradeNo });
    expect(before.amountFen).toBeUndefined();
    await alipay.pay(no);
    await expect(provider.queryPayment(no)).resolves.toEqual({
      state: 'succeeded',
      providerTradeNo: alipay.trade(no)?.tradeNo,
      amountFen: 1500,
    });
  });

  it('refunds part, then the rest, and refuses more than is left', async () => {
    const no = nextNo();
    await createQr(no, 10000);
    const refund = (outRefundNo: string, refundFen: number) =>
      provider.refund({
        outTradeNo: no,
        outRefundNo,
        refundFen,
        totalFen: 10000,
        reason: '归还雪具',
        notifyUrl,
      });
    await expect(refund(`${no}R1`, 3000)).rejects.toMatchObject({ code: 'ACQ.TRADE_STATUS_ERROR' });
    await alipay.pay(no);

    await expect(refund(`${no}R1`, 3000)).resolves.toMatchObject({ state: 'succeeded' });
    // The same refund asked again moves no money and is still reported done.
    await expect(refund(`${no}R1`, 3000)).resolves.toMatchObject({ state: 'succeeded' });
    expect(alipay.trade(no)?.refundedFen).toBe(3000);

    const tooMuch = await refund(`${no}R2`, 7001).catch((e) => e);
    expect(tooMuch).toBeInstanceOf(ProviderError);
    expect(tooMuch).toMatchObject({ code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' });
    await expect(refund(`${no}R3`, 7000)).resolves.toMatchObject({ state: 'succeeded' });
    await expect(provider.queryPayment(no)).resolves.toMatchObject({ state: 'closed' });

    await expect(provider.queryRefund(`${no}R1`, no)).resolves.toMatchObject({
      state: 'succeeded',
    });
    await expect(provider.queryRefund(`${no}R2`, no)).resolves.toMatchObject({ state: 'pending' });
  });

  it("acknowledges in Alipay's words", () => {
    expect(provider.acknowledge(true)).toEqual({
      status: 200,
      contentType: 'text/plain',
      body: 'success',
    });
    expect(provider.acknowledge(false).body).toBe('failure');
  });
});
