import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, verificationHeaders, type TestApp } from '@/testing/index.js';

const STORE = '203.0.113.7';

/**
 * The API limits count in windows of the clock's minutes (plugins/rate-limit-store.ts): a test
 * that counts up to a limit starts at least ten seconds before the minute ends, or the count
 * would start again halfway through it.
 */
async function inOneWindow(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * The API rate limit as a store meets it: its counter phones share one public address, and a
 * cold page load is dozens of static files.
 */
describe('rate limit', () => {
  let t: TestApp;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    for (let i = 0; i < 30; i++) writeFileSync(join(dist, 'assets', `chunk-${i}.js`), `//${i}`);
    t = await createTestApp({
      settings: {
        WEB_DIST_DIR: dist,
        RATE_LIMIT_PER_MINUTE: '8',
        RATE_LIMIT_ANONYMOUS_PER_MINUTE: '5',
        RATE_LIMIT_WITHOUT_BROWSER_PER_MINUTE: '6',
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '3',
      },
    });
    tokens = await signIn(t.app, await verificationHeaders(t.app), ['employee', 'manager']);
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string, remoteAddress = STORE) =>
    t.app.inject({
      url,
      remoteAddress,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('never counts static files: the seventh phone behind one address still gets the app', async () => {
    for (let phone = 0; phone < 7; phone++) {
      for (const path of ['/', ...Array.from({ length: 30 }, (_, i) => `/assets/chunk-${i}.js`)]) {
        expect((await get(path)).statusCode, `${phone} ${path}`).toBe(200);
      }
    }
  });

  it('counts API calls per signed-in user, so colleagues behind one address do not share a budget', async () => {
    await inOneWindow();
    for (let i = 0; i < 8; i++) {
      expect((await get('/api/app/account/my-profile', tokens.employee)).statusCode).toBe(200);
    }
    const over = await get('/api/app/account/my-profile', tokens.employee);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('App:TooManyRequests');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // The manager at the next counter, and anonymous visitors there, are unaffected.
    expect((await get('/api/app/account/my-profile', tokens.manager)).statusCode).toBe(200);
    expect((await get('/api/app/config-distribution/h5')).statusCode).toBe(200);
  });

  it('tells a signed-in user over the limit how long to wait, in their language', async () => {
    await inOneWindow();
    for (let i = 0; i < 8; i++) await get('/api/app/account/my-profile', tokens.manager);
    const over = await get('/api/app/account/my-profile', tokens.manager);
    const wait = Number(over.headers['retry-after']);
    expect(over.json().error.message).toBe(`操作太频繁，请 ${wait} 秒后重试`);
    const english = await t.app.inject({
      url: '/api/app/account/my-profile',
      remoteAddress: STORE,
      headers: { authorization: `Bearer ${tokens.manager}`, 'accept-language': 'en-US' },
    });
    expect(english.json().error.message).toMatch(/^Too many requests\. Please retry in \d+ s\.$/);
  });

  it('counts anonymous API calls without a browser cookie per address, then asks for work', async () => {
    await inOneWindow();
    const address = '198.51.100.9';
    for (let i = 0; i < 6; i++) {
      expect((await get('/api/app/help/articles', undefined, address)).statusCode).toBe(200);
    }
    const over = await get('/api/app/help/articles', undefined, address);
    expect(over.statusCode).toBe(428);
    expect(over.json().error.code).toBe('App:ProofOfWorkRequired');
    expect((await get('/api/app/help/articles', undefined, '198.51.100.10')).statusCode).toBe(200);
  });

  it('counts anonymous API calls with a browser cookie per browser', async () => {
    await inOneWindow();
    const address = '198.51.100.11';
    const [first, second] = [await verificationHeaders(t.app), await verificationHeaders(t.app)];
    const call = (headers: Record<string, string>) =>
      t.app.inject({
        url: '/api/app/help/articles',
        remoteAddress: address,
        headers: { cookie: headers.cookie! },
      });
    for (let i = 0; i < 5; i++) expect((await call(first)).statusCode).toBe(200);
    expect((await call(first)).statusCode).toBe(428);
    // The next phone behind the same address has its own count.
    expect((await call(second)).statusCode).toBe(200);
  });

  it('caps sign-in attempts per browser at the configured burst, then asks for work', async () => {
    const csrf = await verificationHeaders(t.app);
    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/account/login',
        headers,
        payload: { userNameOrEmailAddress: 'driver', password: '1q2w3E*' },
        remoteAddress: '192.0.2.44',
      });
    for (let i = 0; i < 3; i++) expect((await login(csrf)).statusCode).toBe(200);
    const over = await login(csrf);
    expect(over.statusCode).toBe(428);
    expect(over.json().error.code).toBe('App:ProofOfWorkRequired');
    // A colleague's phone at the same counter signs in.
    expect((await login(await verificationHeaders(t.app))).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    await inOneWindow();
    const forged = (i: number) =>
      t.app.inject({
        url: '/api/app/help/articles',
        remoteAddress: '192.0.2.50',
        headers: { 'x-forwarded-for': `10.9.9.${i}` },
      });
    const codes = [];
    for (let i = 0; i < 8; i++) codes.push((await forged(i)).statusCode);
    expect(codes.slice(0, 6)).toEqual(Array(6).fill(200));
    expect(codes.slice(6)).toEqual([428, 428]);
  });
});

describe('rate limit behind a trusted reverse proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      settings: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_WITHOUT_BROWSER_PER_MINUTE: '3' },
    });
  });
  afterAll(() => t.close());

  it("keys anonymous calls on the client's address the proxy reports", async () => {
    await inOneWindow();
    const via = (client: string) =>
      t.app.inject({
        url: '/api/app/help/articles',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
    for (let i = 0; i < 3; i++) expect((await via('198.51.100.1')).statusCode).toBe(200);
    expect((await via('198.51.100.1')).statusCode).toBe(428);
    expect((await via('198.51.100.2')).statusCode).toBe(200);
  });
});
