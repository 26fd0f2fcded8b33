import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, verificationHeaders, type TestApp } from '@/testing/index.js';

const PASSWORD = '1q2w3E*';
const STORE = '10.20.0.1';

/**
 * The sign-in throttle as a store uses it: many counter phones behind one address, clerks who
 * mistype, and an attacker guessing from elsewhere.
 */
describe('sign-in throttle', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({
      settings: {
        LOGIN_MAX_FAILURES_PER_ADDRESS: '12',
        // One browser cookie stands for every caller here; the sign-in burst cap (per browser)
        // is rate-limit.test.ts's.
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
      },
    });
    csrf = await verificationHeaders(t.app);
  });
  afterAll(() => t.close());

  const login = (
    userNameOrEmailAddress: string,
    password: string,
    remoteAddress: string,
    cookie?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      payload: { userNameOrEmailAddress, password },
      headers: { ...csrf, ...(cookie ? { cookie: `${csrf.cookie}; ${cookie}` } : {}) },
      remoteAddress,
    });
  const deviceCookie = (res: { cookies: { name: string; value: string }[] }) => {
    const c = res.cookies.find((x) => x.name === 'sg_device');
    if (!c) throw new Error('no device cookie');
    return `sg_device=${c.value}`;
  };

  it('evaluates at most 5 of 40 simultaneous wrong passwords; the rest wait', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login('agent', `wrong-${i}`, `10.21.0.${i}`)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 403)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
    const blocked = answers.find((r) => r.statusCode === 429)!;
    expect(blocked.json().error.code).toBe('Account:TooManyFailures');
    expect(blocked.json().error.message).toMatch(/登录失败次数过多，请 1[45] 分钟后再试/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // Even the right password waits, from any address the account never signed in from.
    expect((await login('agent', PASSWORD, '10.21.1.1')).statusCode).toBe(429);
  });

  it('counts the user name and the e-mail address of one account together', async () => {
    for (let i = 0; i < 3; i++) await login('driver', 'bad', '10.22.0.1');
    for (let i = 0; i < 2; i++) await login('DRIVER@snowgear.local', 'bad', '10.22.0.2');
    expect((await login('driver', PASSWORD, '10.22.0.3')).statusCode).toBe(429);
  });

  it("a clerk's five typos do not lock out the colleague at the next counter", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login('employee', 'typo', STORE)).statusCode).toBe(403);
    }
    expect((await login('employee', PASSWORD, STORE)).statusCode).toBe(429);
    expect((await login('manager', PASSWORD, STORE)).statusCode).toBe(200);
  });

  it('lets the owner in from a device that signed in before, however many guesses come from elsewhere', async () => {
    const before = await login('multi', PASSWORD, STORE);
    expect(before.statusCode).toBe(200);
    const device = deviceCookie(before);
    for (let i = 0; i < 8; i++) await login('multi', 'guess', `10.23.0.${i}`);
    expect((await login('multi', PASSWORD, '10.23.1.1')).statusCode).toBe(429);
    const owner = await login('multi', PASSWORD, STORE, device);
    expect(owner.statusCode).toBe(200);
    // A forged or foreign cookie earns nothing.
    const forged = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await login('multi', PASSWORD, '10.23.1.2', forged)).statusCode).toBe(429);

    // The device has its own count: five failures on it lock that device only.
    const fresh = deviceCookie(owner);
    for (let i = 0; i < 5; i++) {
      expect((await login('multi', 'typo', STORE, fresh)).statusCode).toBe(403);
    }
    expect((await login('multi', PASSWORD, STORE, fresh)).statusCode).toBe(429);
  });

  it('limits an address that guesses many accounts, generously, and never the devices that signed in there', async () => {
    const address = '10.24.0.1';
    const ok = await login('admin', PASSWORD, address);
    const device = deviceCookie(ok);
    for (let i = 0; i < 12; i++) await login(`nobody${i}`, 'bad', address);
    const blocked = await login('nobody-else', 'bad', address);
    expect(blocked.statusCode).toBe(429);
    expect((await login('admin', PASSWORD, address, device)).statusCode).toBe(200);
    expect((await login('admin', PASSWORD, '10.24.0.2')).statusCode).toBe(200);
  });
});
