import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, solvedProofOfWork, TEST_SECRET, type TestApp } from '@/testing/index.js';

/**
 * A resort's guests share one public address (its Wi-Fi, a carrier's NAT): the anonymous API
 * limits count per browser, and past a person's pace ask for a proof of work instead of refusing.
 */

/** A browser's verification cookie as the server signs it (one per phone). */
function browserCookie(): string {
  const nonce = randomBytes(24).toString('base64url');
  const signature = createHmac('sha256', TEST_SECRET).update(nonce).digest('base64url');
  return `XSRF-TOKEN=${nonce}.${signature}`;
}

/**
 * On PostgreSQL the limits count in windows of the clock's minutes: a test that counts up to a
 * limit starts a few seconds before one ends, or the count would start again halfway through.
 */
async function inOneWindow(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

const solvedProof = (t: TestApp, remoteAddress: string) => solvedProofOfWork(t.app, remoteAddress);

const RESORT = '203.0.113.80';

describe('a resort behind one address, at the production limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      settings: {
        RATE_LIMIT_ANONYMOUS_PER_MINUTE: '120',
        RATE_LIMIT_WITHOUT_BROWSER_PER_MINUTE: '60',
        RATE_LIMIT_ANONYMOUS_ADDRESS_PER_MINUTE: '2400',
      },
    });
  });
  afterAll(() => t.close());

  it('lets 300 guests make their calls at once: none is refused or asked for work', async () => {
    const urls = [
      '/api/app/config-distribution/h5',
      '/api/app/help/articles',
      '/api/app/equipment/catalog-categories',
      '/api/app/config-distribution/h5',
      '/api/app/help/articles',
    ];
    const guests = Array.from({ length: 300 }, browserCookie);
    const statuses = new Map<number, number>();
    // Ten phones at a time, each making its five calls.
    for (let i = 0; i < guests.length; i += 10) {
      const codes = await Promise.all(
        guests.slice(i, i + 10).flatMap((cookie) =>
          urls.map(async (url) => {
            const res = await t.app.inject({ url, remoteAddress: RESORT, headers: { cookie } });
            return res.statusCode;
          }),
        ),
      );
      for (const code of codes) statuses.set(code, (statuses.get(code) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 1500 });
  }, 60_000);

  it('hands 300 guests behind one address their cookies, and lets each make a first write, without a proof', async () => {
    await inOneWindow();
    const crowd = '203.0.113.81';
    const [article] = (
      await t.app.inject({ url: '/api/app/help/articles', remoteAddress: crowd })
    ).json<{ items: { id: string }[] }>().items;
    const statuses = new Map<number, number>();
    const count = (code: number) => statuses.set(code, (statuses.get(code) ?? 0) + 1);
    // Ten phones at a time, each on its first visit: no cookie yet.
    for (let i = 0; i < 300; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          // The app asks for its cookie and reads the client configuration at once.
          const [config, settings] = await Promise.all([
            t.app.inject({ url: '/api/abp/application-configuration', remoteAddress: crowd }),
            t.app.inject({ url: '/api/app/config-distribution/h5', remoteAddress: crowd }),
          ]);
          count(config.statusCode);
          count(settings.statusCode);
          const token = config.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
          if (!token) return;
          const write = await t.app.inject({
            method: 'POST',
            url: `/api/app/help/articles/${article!.id}/feedback`,
            remoteAddress: crowd,
            headers: { cookie: `XSRF-TOKEN=${token}`, RequestVerificationToken: token },
            payload: { helpful: true },
          });
          count(write.statusCode);
        }),
      );
    }
    // Every guest got a cookie and the configuration, and wrote: no call was asked for a proof
    // of work (428).
    expect(Object.fromEntries(statuses)).toEqual({ 200: 900 });
  }, 60_000);

  it('counts label scans per browser: one guest scanning a rack leaves the others theirs', async () => {
    await inOneWindow();
    const scan = (cookie: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        url: '/api/app/equipment/inquiry?sn=SGTWSB001',
        remoteAddress: RESORT,
        headers: { cookie, ...headers },
      });
    const busy = browserCookie();
    for (let i = 0; i < 60; i++) expect((await scan(busy)).statusCode, `scan ${i}`).toBe(200);
    const over = await scan(busy);
    expect(over.statusCode).toBe(428);
    expect(over.json().error.code).toBe('App:ProofOfWorkRequired');
    // The next guest behind the same address scans on.
    expect((await scan(browserCookie())).statusCode).toBe(200);
    // And the busy one, having done the work, too.
    const proof = await solvedProof(t, RESORT);
    expect((await scan(busy, { 'x-altcha': proof })).statusCode).toBe(200);
  }, 30_000);
});

describe('a script behind one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      settings: {
        RATE_LIMIT_ANONYMOUS_PER_MINUTE: '4',
        RATE_LIMIT_WITHOUT_BROWSER_PER_MINUTE: '3',
        RATE_LIMIT_ANONYMOUS_ADDRESS_PER_MINUTE: '12',
      },
    });
  });
  afterAll(() => t.close());

  const call = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: '/api/app/help/articles', remoteAddress, headers });

  it('without a cookie: a few calls, then each one costs a proof of work, used once', async () => {
    await inOneWindow();
    const script = '198.51.100.21';
    for (let i = 0; i < 3; i++) expect((await call(script)).statusCode).toBe(200);
    const over = await call(script, { 'accept-language': 'en-US' });
    expect(over.statusCode).toBe(428);
    expect(over.json().error).toMatchObject({
      code: 'App:ProofOfWorkRequired',
      message: 'Busy moment: your device needs to pass a quick automatic check first',
      data: { proofOfWork: 'altcha', challenge: '/api/app/altcha/challenge', header: 'X-Altcha' },
    });
    expect((await call(script)).json().error.message).toBe('操作较频繁，需要先完成一次自动验证');

    const proof = await solvedProof(t, script);
    expect((await call(script, { 'x-altcha': proof })).statusCode).toBe(200);
    // The same solution again is refused, and so is one that was never solved.
    const again = await call(script, { 'x-altcha': proof });
    expect(again.statusCode).toBe(428);
    expect(again.json().error.data.refused).toBe('reused');
    const forged = await call(script, { 'x-altcha': Buffer.from('{"a":1}').toString('base64') });
    expect(forged.json().error.data.refused).toBe('invalid');
    // Another address is not concerned.
    expect((await call('198.51.100.22')).statusCode).toBe(200);
  });

  it('with one cookie: counted per browser, then asked for work', async () => {
    await inOneWindow();
    const script = '198.51.100.31';
    const cookie = browserCookie();
    for (let i = 0; i < 4; i++) expect((await call(script, { cookie })).statusCode).toBe(200);
    expect((await call(script, { cookie })).statusCode).toBe(428);
    // A cookie the server never signed names no browser: the low per-address limit counts it.
    const forged = { cookie: `XSRF-TOKEN=${randomUUID()}.bad` };
    for (let i = 0; i < 3; i++) expect((await call(script, forged)).statusCode).toBe(200);
    expect((await call(script, forged)).statusCode).toBe(428);
    const proof = await solvedProof(t, script);
    expect((await call(script, { cookie, 'x-altcha': proof })).statusCode).toBe(200);
  });

  it('minting a cookie for every call meets the ceiling of its address', async () => {
    await inOneWindow();
    const script = '198.51.100.41';
    for (let i = 0; i < 12; i++) {
      expect((await call(script, { cookie: browserCookie() })).statusCode, `call ${i}`).toBe(200);
    }
    expect((await call(script, { cookie: browserCookie() })).statusCode).toBe(428);
    const proof = await solvedProof(t, script);
    expect((await call(script, { cookie: browserCookie(), 'x-altcha': proof })).statusCode).toBe(
      200,
    );
    // The ceiling is the address's: a guest elsewhere is not concerned.
    expect((await call('198.51.100.42', { cookie: browserCookie() })).statusCode).toBe(200);
  });

  it('hands out cookies to one address up to its ceiling only, then asks for a proof', async () => {
    await inOneWindow();
    const script = '198.51.100.71';
    const config = (headers: Record<string, string> = {}) =>
      t.app.inject({ url: '/api/abp/application-configuration', remoteAddress: script, headers });
    // Far more than the 3 calls without a cookie, up to the address's ceiling of 12.
    for (let i = 0; i < 12; i++) expect((await config()).statusCode, `cookie ${i}`).toBe(200);
    expect((await config()).statusCode).toBe(428);
    const proof = await solvedProof(t, script);
    expect((await config({ 'x-altcha': proof })).statusCode).toBe(200);
  });

  it("never asks a payment provider's servers for a proof of work", async () => {
    await inOneWindow();
    const provider = '198.51.100.61';
    for (let i = 0; i < 6; i++) {
      const notify = await t.app.inject({
        method: 'POST',
        url: '/api/payments/notify/wechat',
        remoteAddress: provider,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(notify.statusCode, `notification ${i}`).not.toBe(428);
    }
  });

  it('never counts picture downloads against the limits', async () => {
    await inOneWindow();
    const guest = '198.51.100.51';
    for (let i = 0; i < 10; i++) {
      const picture = await t.app.inject({
        url: `/api/files/download/${randomUUID()}`,
        remoteAddress: guest,
      });
      expect(picture.statusCode).toBe(404);
    }
    for (let i = 0; i < 3; i++) expect((await call(guest)).statusCode).toBe(200);
  });
});
