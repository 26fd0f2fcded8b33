import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_TENANT_ID } from '@snowgear/contracts';
import { photo, uploadAs } from '@/modules/files/test-upload.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  signIn,
  storeIdsByName,
  storeTimeOn,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { redactUrl } from './log-redaction.js';

describe('the request log keeps the secrets of links out', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  let tokens: Record<string, string>;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // Info is where production logs every request.
    t = await createTestApp({ logger: { level: 'info', stream } });
    csrf = await verificationHeaders(t.app);
    tokens = await signIn(t.app, csrf, ['driver', 'employee']);
  });
  afterAll(() => t.close());

  /** The urls of the request lines logged while `act` ran. */
  async function loggedUrls(act: () => Promise<void>): Promise<{ urls: string[]; text: string }> {
    const from = lines.length;
    await act();
    const mine = lines.slice(from);
    const urls = mine
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
    return { urls, text: mine.join('') };
  }

  it('logs a signed file link by its path, without its signature or expiry', async () => {
    const uploaded = await uploadAs(
      t.app,
      csrf,
      tokens.driver!,
      { businessType: 'DeliveryPhoto' },
      { name: 'door.png', bytes: await photo(40, 30, 'png') },
    );
    const id = uploaded.json<{ id: string }>().id;
    const link = (
      await callerAs(t.app, csrf, tokens)('driver', 'GET', `/api/files/${id}/link`)
    ).json<{ url: string }>().url;
    const query = new URL(link, 'http://server.invalid').searchParams;
    const signature = query.get('signature')!;
    const expires = query.get('expires')!;

    const { urls, text } = await loggedUrls(async () => {
      expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    });
    expect(urls).toContain(
      `/api/files/download/${id}?tenant=${HOST_TENANT_ID}&expires=REDACTED&signature=REDACTED`,
    );
    expect(text).not.toContain(signature);
    expect(text).not.toContain(expires);
  });

  it("logs a cashier link by its path, without the trade's secret", async () => {
    const wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    const call = callerAs(t.app, csrf, tokens);
    const counterOrder = counterOrdersAs(t.app, csrf, tokens);
    const [item] = (
      await call('employee', 'GET', `/api/app/equipment?storeId=${wanlong}&status=0`)
    ).json<{ items: { id: string }[] }>().items;
    const order = await counterOrder('employee', {
      storeId: wanlong,
      customerName: '周九',
      customerPhone: '13700004321',
      rentalStartTime: storeTimeOn(20, '10:00'),
      rentalEndTime: storeTimeOn(22, '10:00'),
      items: [{ equipmentId: item!.id }],
    });
    expect(order.statusCode).toBe(201);
    const billId = order.json<{ bills: { id: string }[] }>().bills[0]!.id;
    const attempt = await t.app.inject({
      method: 'POST',
      url: '/api/app/payments',
      headers: csrf,
      payload: { billId, method: 'wechat', channel: 'h5', returnPath: '/customer/payment/x' },
    });
    expect(attempt.statusCode).toBe(201);
    const cashier = new URL(
      attempt.json<{ action: { url: string } }>().action.url,
      'http://server.invalid',
    );
    const secret = cashier.searchParams.get('secret')!;
    expect(secret.length).toBeGreaterThan(20);

    const { urls, text } = await loggedUrls(async () => {
      const page = await t.app.inject({ url: `${cashier.pathname}${cashier.search}` });
      expect(page.statusCode).toBe(200);
    });
    expect(urls).toContain(`${cashier.pathname}?secret=REDACTED`);
    expect(text).not.toContain(secret);
  });

  it("logs an order's shared QR page without its share key", async () => {
    const [order] = (
      await callerAs(t.app, csrf, tokens)('employee', 'GET', '/api/app/orders?maxResultCount=1')
    ).json<{ items: { orderNumber: string }[] }>().items;
    const key = t.app.orderQrKeys.sign(HOST_TENANT_ID, order!.orderNumber);
    const path = `/api/app/orders/qr/${order!.orderNumber}`;
    const { urls, text } = await loggedUrls(async () => {
      expect((await t.app.inject({ url: `${path}?k=${key}` })).statusCode).toBe(200);
    });
    expect(urls).toContain(`${path}?k=REDACTED`);
    expect(text).not.toContain(key);
  });

  it('logs a share key sent under a name the server does not read without the key', async () => {
    const [order] = (
      await callerAs(t.app, csrf, tokens)('employee', 'GET', '/api/app/orders?maxResultCount=1')
    ).json<{ items: { orderNumber: string }[] }>().items;
    const key = t.app.orderQrKeys.sign(HOST_TENANT_ID, order!.orderNumber);
    const path = `/api/app/orders/qr/${order!.orderNumber}`;
    for (const [query, logged] of [
      [`k[]=${key}`, 'k[]=REDACTED'],
      [`k%00=${key}`, 'k%00=REDACTED'],
      [`a=1;k=${key}`, 'a=1;k=REDACTED'],
    ]) {
      const { urls, text } = await loggedUrls(async () => {
        await t.app.inject({ url: `${path}?${query}` });
      });
      expect(urls, query).toContain(`${path}?${logged}`);
      expect(text, query).not.toContain(key);
    }
  });

  it("logs WeChat's sign-in return without its code and state", async () => {
    const { urls, text } = await loggedUrls(async () => {
      await t.app.inject({ url: '/customer/home?code=061WxCode0secret&state=st4te0secret&x=1' });
    });
    expect(urls).toContain('/customer/home?code=REDACTED&state=REDACTED&x=1');
    expect(text).not.toContain('061WxCode0secret');
    expect(text).not.toContain('st4te0secret');
  });
});

describe('redactUrl', () => {
  it('keeps the path and harmless parameters as sent, and hides secret values by name', () => {
    expect(redactUrl('/api/app/orders?maxResultCount=10&sorting=a%20b')).toBe(
      '/api/app/orders?maxResultCount=10&sorting=a%20b',
    );
    expect(redactUrl('/x?access_token=abc&Sig=1&SECRET=2&%6B=3&flag&k')).toBe(
      '/x?access_token=REDACTED&Sig=REDACTED&SECRET=REDACTED&%6B=REDACTED&flag&k',
    );
    expect(redactUrl('/x?%E0%A4%A=1&token=2')).toBe('/x?%E0%A4%A=1&token=REDACTED');
  });

  it('hides a secret by its look under any name, and keeps ids, numbers and words', () => {
    const key = 'Qx3_vB9-kLm2ZpR7tYw4aN'; // 22 url-safe characters, as a share key
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLW9mLWEtdG9rZW4';
    expect(redactUrl(`/q?k[]=${key}&x=${key}&${key}`)).toBe('/q?k[]=REDACTED&x=REDACTED&REDACTED');
    expect(redactUrl(`/q?a=1;k=${key};b=2`)).toBe('/q?a=1;k=REDACTED;b=2');
    expect(redactUrl(`/q?auth=Bearer%20${jwt}&n=1`)).toBe('/q?auth=Bearer%20REDACTED&n=1');
    expect(redactUrl('/q?s=a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6')).toBe('/q?s=REDACTED');
    // Ordinary values stay as sent: ids, order numbers, phones, words, short codes.
    const ordinary =
      '/api/app/orders?storeId=0b6c1c6e-3f1a-4d2b-9a57-6b1f0e2d4c3a&keyword=202603010001' +
      '&phone=13800138000&sorting=rentalStartTime%20desc&slug=childrens-ski-boots-and-helmets' +
      '&barcode=SGTWSB001&code6=123456&amount=1234567890123456789012';
    expect(redactUrl(ordinary)).toBe(ordinary);
  });
});
