import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, verificationHeaders, type TestApp } from '@/testing/index.js';
import { canonicalUrl } from './canonical-path.js';

/** Counts up to a limit start ten seconds or more before the clock's minute ends (rate-limit.test.ts). */
async function inOneWindow(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Other spellings of `/api/<rest>` the router (or a proxy) would read as the same route. */
function spellingsOf(path: string): string[] {
  const rest = path.slice('/api/'.length);
  const [first, ...others] = rest.split('/');
  return [
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `/a%70i/${rest}`,
    `/api/%${first!.charCodeAt(0).toString(16)}${first!.slice(1)}/${others.join('/')}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `/./api/${rest}`,
    `/api/./${rest}`,
    `/api/${first}/../${rest}`,
    `/api/%2e/${rest}`,
    `/API/${rest}`,
    `/Api/${rest}`,
    `/aPI/${rest}`,
  ];
}

describe('canonicalUrl', () => {
  it('leaves canonical paths alone, encoded reserved characters and queries included', () => {
    for (const url of [
      '/',
      '/api/app/orders',
      '/api/app/orders?filter=%61&x=..//',
      '/api/app/equipment/by-barcode/A%2FB%20C',
      '/assets/index-abc.js',
      '/customer/order/%E4%B8%AD',
    ]) {
      expect(canonicalUrl(url), url).toBeNull();
    }
  });

  it('spells every other form of a path canonically, keeping its query', () => {
    for (const spelling of spellingsOf('/api/app/orders')) {
      expect(canonicalUrl(`${spelling}?a=%61`), spelling).toBe('/api/app/orders?a=%61');
    }
    expect(canonicalUrl('/api/app/orders/x/..')).toBe('/api/app/orders');
    expect(canonicalUrl('/../../etc/passwd')).toBe('/etc/passwd');
    // Never an address on another host: a redirect to `//host/…` would leave the site.
    for (const url of ['//evil.example/x', '/\\evil.example/x', '/./\\/evil.example']) {
      expect(canonicalUrl(url)!.startsWith('//'), url).toBe(false);
    }
    expect(canonicalUrl('/api\\app\\orders')).toBe('/api/app/orders');
  });

  it('refuses a path that cannot be decoded in the ABP shape', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: '/api/app/catalogue/categories/%E0%A4%A' });
      expect(res.statusCode).toBe(400);
      expect(res.headers._abperrorformat).toBe('true');
      expect(res.json().error.code).toBe('App:NonCanonicalPath');
    } finally {
      await t.close();
    }
  });
});

/**
 * The router decodes the path (`/%61pi/` is `/api/`): a guard that read the URL as sent skipped
 * every rate limit and the verification token under such spellings. Now no spelling but the
 * canonical one reaches a route, and the guards read the route that matched.
 */
describe('guards under other spellings of a path', () => {
  let t: TestApp;
  let token: string;
  let csrf: Record<string, string>;
  let port: number;
  /**
   * Over a real connection: the path goes out exactly as written (the injector would resolve
   * dot segments itself). The address is the test's own, so the sign-in limit counts from zero.
   */
  const send = (
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: object,
  ): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }> =>
    new Promise((resolve, reject) => {
      const payload = body ? JSON.stringify(body) : undefined;
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ statusCode: res.statusCode!, headers: res.headers, body: text }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  beforeAll(async () => {
    t = await createTestApp({
      settings: { RATE_LIMIT_PER_MINUTE: '30', RATE_LIMIT_SIGN_IN_PER_MINUTE: '3' },
    });
    csrf = await verificationHeaders(t.app);
    // Signed in from elsewhere, so this address's sign-in tries start at zero below.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      headers: csrf,
      payload: { userNameOrEmailAddress: 'employee', password: '1q2w3E*' },
      remoteAddress: '198.51.100.20',
    });
    token = signedIn.json().accessToken;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('sends a read under another spelling to the canonical address, where its limit holds', async () => {
    const path = '/api/app/account/my-profile';
    const headers = { authorization: `Bearer ${token}` };
    for (const spelling of spellingsOf(path)) {
      const res = await send('GET', `${spelling}?x=1`, headers);
      expect(res.statusCode, spelling).toBe(308);
      expect(res.headers.location, spelling).toBe(`${path}?x=1`);
      expect(res.body, spelling).toBe('');
    }
    await inOneWindow();
    // Counted where it lands: past the limit, the canonical address refuses, and no spelling
    // gets an answer of its own.
    let last = 200;
    for (let i = 0; i < 31 && last === 200; i++) {
      last = (await send('GET', path, headers)).statusCode;
    }
    expect(last).toBe(429);
    for (const spelling of spellingsOf(path)) {
      expect((await send('GET', spelling, headers)).statusCode, spelling).toBe(308);
    }
  });

  it('refuses a write under another spelling before the route runs: no sign-in without the token, no extra tries', async () => {
    const login = '/api/app/account/login';
    const body = { userNameOrEmailAddress: 'employee', password: '1q2w3E*' };
    // A browser of its own: sign-in tries count per browser.
    const csrf = await verificationHeaders(t.app);
    await inOneWindow();
    for (const spelling of spellingsOf(login)) {
      for (const headers of [{}, csrf]) {
        const res = await send('POST', spelling, headers, body);
        expect(res.statusCode, spelling).toBe(400);
        expect(JSON.parse(res.body).error.code, spelling).toBe('App:NonCanonicalPath');
        expect(JSON.parse(res.body).error.message, spelling).toContain(login);
        expect(res.body, spelling).not.toContain('accessToken');
      }
    }
    // The canonical address still demands the verification token …
    const bare = await send('POST', login, {}, body);
    expect(bare.statusCode).toBe(400);
    expect(JSON.parse(bare.body).error.code).toBe('App:VerificationTokenInvalid');
    // … and its sign-in limit counts from zero: the refused spellings were never tries.
    for (let i = 0; i < 3; i++) {
      const res = await send('POST', login, csrf, body);
      expect(res.statusCode, `try ${i + 1}`).toBe(200);
    }
    const over = await send('POST', login, csrf, body);
    // Past the burst, an anonymous browser is asked for a proof of work.
    expect(over.statusCode).toBe(428);
  });
});
