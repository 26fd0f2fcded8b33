import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, verificationHeaders, type TestApp } from '@/testing/index.js';

/** The ABP-style conventions every call shares (ARCHITECTURE.md §3). */
describe('wire conventions', () => {
  let t: TestApp;
  let articleUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    const list = (await t.app.inject('/api/app/help/articles?maxResultCount=1')).json();
    articleUrl = `/api/app/help/articles/${list.items[0].id}/feedback`;
  });
  afterAll(() => t.close());

  it('requires the verification header to match the cookie on every non-GET call', async () => {
    const { cookie, RequestVerificationToken } = await verificationHeaders(t.app);
    const cases = [
      { headers: {} },
      { headers: { cookie } },
      { headers: { RequestVerificationToken } },
      { headers: { cookie, RequestVerificationToken: `${RequestVerificationToken}x` } },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: articleUrl,
        payload: { helpful: true },
        ...c,
      });
      expect(res.statusCode).toBe(400);
      // ABP's code; the words in the caller's language (Chinese unless English is asked for).
      expect(res.json().error).toMatchObject({ code: 'App:VerificationTokenInvalid' });
      expect(res.json().error.message).toMatch(/安全校验/);
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: articleUrl,
      payload: { helpful: true },
      headers: { cookie, RequestVerificationToken },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('rejects a token signed with another secret even when cookie and header agree', async () => {
    const forged = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
    const res = await t.app.inject({
      method: 'POST',
      url: articleUrl,
      payload: { helpful: true },
      headers: { cookie: `XSRF-TOKEN=${forged}`, RequestVerificationToken: forged },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers malformed JSON with a 400 envelope, not a 500', async () => {
    const headers = await verificationHeaders(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: articleUrl,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"helpful": tru',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBeTruthy();
  });

  it('puts the request id in the error body and the response header, reusing a caller id', async () => {
    const res = await t.app.inject({
      url: '/api/app/nothing-here',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.json()).toEqual({
      error: {
        code: 'App:NotFound',
        message: '请求的接口不存在：GET /api/app/nothing-here',
        requestId: 'abc-123',
      },
    });
  });

  it('sends JSON answers without the headers only pages need, and a policy that runs nothing', async () => {
    for (const url of ['/health', '/api/app/nothing-here']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      for (const name of [
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'x-xss-protection',
        'permissions-policy',
      ]) {
        expect(res.headers[name]).toBeUndefined();
      }
    }
  });

  it('reports liveness and readiness', async () => {
    expect((await t.app.inject('/health')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/ready')).json()).toEqual({ status: 'ready' });
  });

  it('publishes an OpenAPI document generated from the schemas, and its UI', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/app/config-distribution/h5',
        '/api/abp/application-configuration',
        '/api/app/help/articles/search',
      ]),
    );
    const params = doc.paths['/api/app/help/articles'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(params).toEqual(expect.arrayContaining(['skipCount', 'maxResultCount', 'audience']));
    const ui = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });
});

/**
 * HSTS means "only ever HTTPS here": a browser heeds it on HTTPS answers only, and a server on a
 * store's LAN without a certificate must not claim it. Behind a proxy that ends TLS, the proxy
 * says so (X-Forwarded-Proto), believed only from a trusted proxy. (The server's own TLS:
 * config/tls.test.ts.)
 */
describe('HSTS on HTTPS answers only', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp({ seed: false });
    proxied = await createTestApp({ seed: false, settings: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });
  const https = { 'x-forwarded-proto': 'https' };

  it('sends none over plain HTTP, even when an untrusted caller claims HTTPS', async () => {
    for (const url of ['/health', '/api/app/nothing-here']) {
      expect((await direct.app.inject(url)).headers['strict-transport-security']).toBeUndefined();
      const claimed = await direct.app.inject({ url, headers: https });
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
      const unproxied = await proxied.app.inject({ url });
      expect(unproxied.headers['strict-transport-security']).toBeUndefined();
      expect(unproxied.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sends it when the trusted proxy says the caller used HTTPS', async () => {
    for (const url of ['/health', '/api/app/nothing-here']) {
      const res = await proxied.app.inject({ url, headers: https });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains/);
    }
    // Another address forwarding the same claim is not the trusted proxy.
    const stranger = await proxied.app.inject({
      url: '/health',
      headers: https,
      remoteAddress: '203.0.113.9',
    });
    expect(stranger.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('readiness without a database', () => {
  it('answers 503 when the database is gone', async () => {
    const t = await createTestApp({ seed: false });
    await t.database.close();
    const res = await t.app.inject('/ready');
    expect(res.statusCode).toBe(503);
    await t.app.close();
  });
});
