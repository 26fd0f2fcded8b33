import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
} from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWeChatPayDouble, type WeChatPayDouble } from '@/testing/wechatpay-double.js';
import {
  NotificationRejected,
  ProviderError,
  type CreatePaymentInput,
  type PaymentNotification,
} from '../provider.js';
import { WeChatPayProvider } from './wechatpay.js';

const lines = (...parts: string[]) => parts.map((p) => `${p}\n`).join('');
const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

describe('WeChat Pay provider against the local double', () => {
  let wx: WeChatPayDouble;
  let provider: WeChatPayProvider;
  let receiver: FastifyInstance;
  let notifyUrl: string;
  /** What our receiver made of each notification: the parsed content, or the rejection reason. */
  const received: (PaymentNotification | string)[] = [];

  beforeAll(async () => {
    wx = await startWeChatPayDouble();
    provider = new WeChatPayProvider(wx.config);
    receiver = Fastify({ logger: false });
    receiver.removeAllContentTypeParsers();
    receiver.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    receiver.post('/notify', async (request, reply) => {
      let ok = true;
      try {
        received.push(
          await provider.parseNotification({
            headers: request.headers,
            rawBody: request.body as string,
          }),
        );
      } catch (error) {
        if (!(error instanceof NotificationRejected)) throw error;
        received.push(error.message);
        ok = false;
      }
      const ack = provider.acknowledge(ok, ok ? undefined : 'signature or content rejected');
      return reply.code(ack.status).type(ack.contentType).send(ack.body);
    });
    notifyUrl = `${await receiver.listen({ host: '127.0.0.1', port: 0 })}/notify`;
  });
  afterAll(async () => {
    await receiver.close();
    await wx.close();
  });

  let n = 0;
  const input = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
    outTradeNo: `T${Date.now()}${++n}`,
    amountFen: 12_800,
    description: '雪具租赁 202611210001',
    channel: 'jsapi',
    notifyUrl,
    returnUrl: 'https://rent.example.cn/customer/pay/return?attempt=1&x=é',
    openId: 'o-alice',
    clientIp: '203.0.113.7',
    expiresAt: new Date(Date.now() + 15 * 60_000),
    ...over,
  });

  it('jsapi: prepays and returns pay-sheet arguments signed with the merchant key', async () => {
    const order = input();
    const action = await provider.createPayment(order);
    if (action.type !== 'jsapi') throw new Error(`expected jsapi, got ${action.type}`);
    const { params } = action;
    expect(params).toMatchObject({ appId: wx.config.appId, signType: 'RSA' });
    expect(params.timeStamp).toMatch(/^\d{10}$/);
    expect(params.package).toBe(`prepay_id=${wx.transactions.get(order.outTradeNo)?.prepayId}`);
    const signed = lines(params.appId, params.timeStamp, params.nonceStr, params.package);
    expect(
      createVerify('RSA-SHA256')
        .update(signed)
        .verify(wx.merchantPublicKey, params.paySign, 'base64'),
    ).toBe(true);
    expect(wx.calls.at(-1)?.body).toMatchObject({
      mchid: wx.config.mchId,
      out_trade_no: order.outTradeNo,
      amount: { total: 12_800, currency: 'CNY' },
      payer: { openid: 'o-alice' },
      time_expire: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/),
    });

    // What the pay sheet does with them: the double checks paySign, pays, and notifies us.
    const prepayId = params.package.slice('prepay_id='.length);
    await expect(wx.payByPrepayId(prepayId, { ...params, paySign: 'AAAA' })).rejects.toThrow();
    expect(await wx.payByPrepayId(prepayId, params)).toBe(204);
    expect(received.at(-1)).toMatchObject({ outTradeNo: order.outTradeNo, state: 'succeeded' });
  });

  it('lets a browser pay over HTTP: the JSAPI sheet stand-in and a scanned QR code', async () => {
    const sheet = async (params: object) =>
      (
        await fetch(`${wx.baseUrl}/__double/jsapi/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(params),
        })
      ).json();
    const jsapi = await provider.createPayment(input());
    if (jsapi.type !== 'jsapi') throw new Error(`expected jsapi, got ${jsapi.type}`);
    expect(await sheet({ ...jsapi.params, nonceStr: 'changed' })).toMatchObject({
      err_msg: 'get_brand_wcpay_request:fail',
    });
    expect(await sheet(jsapi.params)).toEqual({ err_msg: 'get_brand_wcpay_request:ok' });

    const order = input({ channel: 'native' });
    await provider.createPayment(order);
    const scanned = await fetch(`${wx.baseUrl}/__double/pay`, {
      method: 'POST',
      body: JSON.stringify({ out_trade_no: order.outTradeNo }),
    });
    expect(await scanned.json()).toEqual({ status: 204 });
    expect(received.at(-1)).toMatchObject({ outTradeNo: order.outTradeNo, state: 'succeeded' });
  });

  it('jsapi without the payer openid is refused before calling WeChat', async () => {
    const before = wx.calls.length;
    await expect(provider.createPayment(input({ openId: undefined }))).rejects.toBeInstanceOf(
      ProviderError,
    );
    expect(wx.calls.length).toBe(before);
  });

  it("h5: sends the payer to WeChat's page, which brings them back to the return URL", async () => {
    const order = input({ channel: 'h5', openId: undefined });
    const action = await provider.createPayment(order);
    if (action.type !== 'redirect') throw new Error(`expected redirect, got ${action.type}`);
    const url = new URL(action.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${wx.baseUrl}/__double/h5`);
    expect(url.searchParams.get('redirect_url')).toBe(order.returnUrl);
    expect(wx.calls.at(-1)?.body).toMatchObject({
      scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } },
    });

    const page = await (await fetch(action.url)).text();
    expect(page).toContain('WeChat Pay test double');
    const paid = await fetch(`${wx.baseUrl}/__double/h5/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        prepay_id: url.searchParams.get('prepay_id') ?? '',
        redirect_url: order.returnUrl,
      }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(order.returnUrl);
    expect(received.at(-1)).toMatchObject({ outTradeNo: order.outTradeNo, amountFen: 12_800 });
  });

  it('native: returns the code URL to show as a QR code', async () => {
    const action = await provider.createPayment(input({ channel: 'native', openId: undefined }));
    expect(action).toEqual({ type: 'qr', codeUrl: expect.stringMatching(/^weixin:\/\/wxpay\//) });
  });

  it("is refused by WeChat when it signs with a key that isn't the merchant's", async () => {
    const impostor = new WeChatPayProvider({ ...wx.config, merchantPrivateKey: rsa().privateKey });
    const error: unknown = await impostor
      .createPayment(input({ channel: 'native' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'SIGN_ERROR' });
    const message = (error as Error).message;
    expect(message).not.toContain('PRIVATE KEY');
    expect(message).not.toContain(wx.config.apiV3Key);
    expect(wx.calls.at(-1)?.signatureValid).toBe(false);
  });

  it("refuses an answer that isn't signed by the WeChat Pay platform key", async () => {
    wx.setResponseSigner('stranger');
    try {
      const order = input({ channel: 'native' });
      const error: unknown = await provider.createPayment(order).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).code).toBe('EV3_RES_HEADER_SIGNATURE_DIGEST');
      expect(wx.transactions.has(order.outTradeNo)).toBe(true); // WeChat did answer
    } finally {
      wx.setResponseSigner('platform');
    }
  });

  it('reports a network failure as a ProviderError', async () => {
    const gone = Fastify();
    const address = await gone.listen({ host: '127.0.0.1', port: 0 });
    await gone.close();
    const offline = new WeChatPayProvider({ ...wx.config, baseUrl: address });
    await expect(offline.queryPayment('T1')).rejects.toBeInstanceOf(ProviderError);
  });

  it('parses a real notification, a duplicate alike, and queries before and after payment', async () => {
    const order = input({ channel: 'native', amountFen: 9_900 });
    expect(await provider.queryPayment(order.outTradeNo)).toEqual({ state: 'pending' });
    await provider.createPayment(order);
    expect(await provider.queryPayment(order.outTradeNo)).toEqual({ state: 'pending' });

    expect(await wx.pay(order.outTradeNo)).toBe(204);
    const tx = wx.transactions.get(order.outTradeNo);
    const expected = {
      outTradeNo: order.outTradeNo,
      state: 'succeeded',
      amountFen: 9_900,
      providerTradeNo: tx?.transactionId,
      merchantId: wx.config.mchId,
      appId: wx.config.appId,
    };
    expect(received.at(-1)).toEqual(expected);
    expect(await wx.notify(order.outTradeNo)).toBe(204);
    expect(received.at(-1)).toEqual(expected);
    expect(await provider.queryPayment(order.outTradeNo)).toEqual({
      state: 'succeeded',
      providerTradeNo: tx?.transactionId,
      amountFen: 9_900,
    });
  });

  it.each([
    ['signature', /signature/],
    ['body', /signature/],
    ['serial', /serial/],
    ['stale', /timestamp/],
    ['resource', /decrypt/],
  ] as const)('rejects a notification with a forged or spoiled %s', async (tamper, reason) => {
    const order = input({ channel: 'native' });
    await provider.createPayment(order);
    wx.markPaid(order.outTradeNo);
    expect(await wx.notify(order.outTradeNo, { tamper })).toBe(400);
    expect(received.at(-1)).toMatch(reason);
  });

  it('rejects a notification without the WeChat Pay headers', async () => {
    await expect(provider.parseNotification({ headers: {}, rawBody: '{}' })).rejects.toBeInstanceOf(
      NotificationRejected,
    );
  });

  it('acknowledges in the shape WeChat expects', () => {
    expect(provider.acknowledge(true)).toEqual({
      status: 204,
      contentType: 'application/json',
      body: '',
    });
    const failure = provider.acknowledge(false, 'bad signature');
    expect(failure.status).toBe(400);
    expect(JSON.parse(failure.body)).toEqual({ code: 'FAIL', message: 'bad signature' });
  });

  it('refunds part, then the rest, refuses more, and answers a repeated refund the same', async () => {
    const order = input({ channel: 'native', amountFen: 10_000 });
    await provider.createPayment(order);
    await wx.pay(order.outTradeNo);
    const refund = (outRefundNo: string, refundFen: number) =>
      provider.refund({
        outTradeNo: order.outTradeNo,
        outRefundNo,
        refundFen,
        totalFen: 10_000,
        reason: '提前归还',
        notifyUrl,
      });

    const first = await refund(`${order.outTradeNo}R1`, 3_000);
    expect(first).toEqual({ state: 'pending', providerRefundNo: expect.any(String) });
    expect(await provider.queryRefund(`${order.outTradeNo}R1`, order.outTradeNo)).toEqual({
      state: 'succeeded',
      providerRefundNo: first.providerRefundNo,
    });
    expect((await refund(`${order.outTradeNo}R1`, 3_000)).providerRefundNo).toBe(
      first.providerRefundNo,
    );
    await expect(refund(`${order.outTradeNo}R2`, 7_001)).rejects.toMatchObject({
      name: 'ProviderError',
      code: 'NOT_ENOUGH',
    });
    expect((await refund(`${order.outTradeNo}R2`, 7_000)).state).toBe('pending');
    await expect(refund(`${order.outTradeNo}R3`, 1)).rejects.toMatchObject({ code: 'NOT_ENOUGH' });

    wx.setRefundStatus(`${order.outTradeNo}R2`, 'ABNORMAL');
    expect((await provider.queryRefund(`${order.outTradeNo}R2`, order.outTradeNo)).state).toBe(
      'failed',
    );
    expect((await provider.queryPayment(order.outTradeNo)).state).toBe('succeeded');
    await expect(provider.queryRefund('NO-SUCH-REFUND', order.outTradeNo)).rejects.toMatchObject({
      code: 'RESOURCE_NOT_EXISTS',
    });
  });
});

/**
 * Notifications built here with node:crypto alone, so decryption and verification are checked
 * against the documented algorithm rather than against the package that implements them.
 */
describe('WeChat Pay notification decoding (independent vector)', () => {
  const platform = rsa();
  const apiV3Key = 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb';
  const provider = new WeChatPayProvider({
    mchId: '1230000109',
    appId: 'wxd678efh567hg6787',
    merchantSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    merchantPrivateKey: rsa().privateKey,
    apiV3Key,
    platformSerial: 'PUB_KEY_ID_0112300001092024',
    platformPublicKey: platform.publicKey,
    baseUrl: 'http://127.0.0.1:9',
  });
  const transaction = {
    mchid: '1230000109',
    appid: 'wxd678efh567hg6787',
    out_trade_no: '1217752501201407033233368018',
    transaction_id: '1217752501201407033233368018',
    trade_type: 'JSAPI',
    trade_state: 'SUCCESS',
    amount: { total: 100, payer_total: 100, currency: 'CNY', payer_currency: 'CNY' },
  };
  const encrypt = (plaintext: string, key = apiV3Key) => {
    const nonce = 'fdasflkja484';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const ct = Buffer.concat([
      cipher.update(plaintext, 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: ct.toString('base64'),
      associated_data: 'transaction',
      nonce,
    };
  };
  const signed = (body: string) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(lines(timestamp, nonce, body))
      .sign(platform.privateKey, 'base64');
    return {
      rawBody: body,
      headers: {
        'wechatpay-serial': 'PUB_KEY_ID_0112300001092024',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-signature': signature,
      },
    };
  };
  const envelope = (resource: object, eventType = 'TRANSACTION.SUCCESS') =>
    JSON.stringify({ id: 'EV-2018022511223320873', event_type: eventType, resource });

  it('decrypts an AES-256-GCM resource (ct ‖ 16-byte tag, AAD, 12-byte nonce)', async () => {
    const body = envelope(encrypt(JSON.stringify(transaction)));
    expect(await provider.parseNotification(signed(body))).toEqual({
      outTradeNo: transaction.out_trade_no,
      state: 'succeeded',
      amountFen: 100,
      providerTradeNo: transaction.transaction_id,
      merchantId: '1230000109',
      appId: 'wxd678efh567hg6787',
    });
  });

  it.each([
    ['a resource encrypted with another key', envelope(encrypt('{}', 'x'.repeat(32)))],
    ['a refund event', envelope(encrypt(JSON.stringify(transaction)), 'REFUND.SUCCESS')],
    ['a body that is not JSON', 'not json'],
    ['a resource that is not a transaction', envelope(encrypt('{"hello":"world"}'))],
  ])('rejects %s', async (_label, body) => {
    await expect(provider.parseNotification(signed(body))).rejects.toBeInstanceOf(
      NotificationRejected,
    );
  });
});
