import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { LoginLockData, SmsCodeSent } from '@snowgear/contracts';
import { idempotentRequests, smsCodes } from '@/db/schema.js';
import { createTestApp, verificationHeaders, type TestApp } from '@/testing/index.js';

const PASSWORD = '1q2w3E*';
const STORE = '10.20.0.1';

/** The device cookie a successful sign-in set, as the browser sends it back. */
const deviceCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'sg_device');
  if (!c) throw new Error('no device cookie');
  return `sg_device=${c.value}`;
};

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

/**
 * Five guesses from elsewhere lock a staff account for every client it never signed in on. Its
 * owner on a new phone still gets in with the password and a code texted to the account's own
 * phone; a guesser without that phone does not.
 */
describe('a locked staff account on a new device: password and SMS code', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const NEW_PHONE = '10.40.0.1';
  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
  });
  afterAll(() => t.close());

  const headersWith = (cookie?: string) => ({
    ...csrf,
    ...(cookie ? { cookie: `${csrf.cookie}; ${cookie}` } : {}),
  });
  const login = (
    userNameOrEmailAddress: string,
    password: string,
    remoteAddress: string,
    extra: { smsCode?: string; cookie?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      payload: {
        userNameOrEmailAddress,
        password,
        ...(extra.smsCode ? { smsCode: extra.smsCode } : {}),
      },
      headers: headersWith(extra.cookie),
      remoteAddress,
    });
  const sendCode = (userNameOrEmailAddress: string, remoteAddress: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/app/account/login/send-sms-code',
      payload: { userNameOrEmailAddress },
      headers: headersWith(cookie),
      remoteAddress,
    });
  /** Five wrong passwords from five addresses the account never signed in from. */
  const lock = async (userName: string, net: string) => {
    for (let i = 0; i < 5; i++) {
      expect((await login(userName, 'guess', `${net}.${i}`)).statusCode).toBe(403);
    }
  };
  /** The number the newest code was texted to. */
  const textedTo = async () => {
    const [row] = await t.database.db
      .select({ phoneNumber: smsCodes.phoneNumber })
      .from(smsCodes)
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    return row?.phoneNumber;
  };
  const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it('offers the code when locked, texts the account’s own phone, and lets password and code in', async () => {
    const before = await login('employee', PASSWORD, STORE);
    expect(before.statusCode).toBe(200);
    const device = deviceCookie(before);

    // Not locked: nothing to send.
    const early = await sendCode('employee', NEW_PHONE);
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('Account:SecondFactorUnavailable');

    await lock('employee', '10.41.0');
    // The password alone from a new device is refused; the answer offers the second factor and
    // shows the phone masked only.
    const locked = await login('employee', PASSWORD, NEW_PHONE);
    expect(locked.statusCode).toBe(429);
    const error = locked.json().error;
    expect(error.code).toBe('Account:TooManyFailures');
    expect(error.message).toMatch(/^登录失败次数过多，请 1[45] 分钟后再试，或用短信验证码登录$/);
    const data: LoginLockData = error.data;
    expect(data).toMatchObject({ secondFactor: 'sms', maskedPhone: '139****0002' });
    expect(data.retryAfterSeconds).toBeGreaterThan(800);
    expect(locked.body).not.toContain('13900000002');

    const sent = await sendCode('employee', NEW_PHONE);
    expect(sent.statusCode).toBe(200);
    const { sandboxCode } = sent.json<SmsCodeSent>();
    expect(sandboxCode).toMatch(/^\d{6}$/);
    expect(await textedTo()).toBe('13900000002');

    // A wrong code is refused and counted against the code's tries.
    const wrong = await login('employee', PASSWORD, NEW_PHONE, {
      smsCode: otherCode(sandboxCode!),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toMatchObject({ code: 'Sms:CodeWrong', data: { triesLeft: 4 } });

    const ok = await login('employee', PASSWORD, NEW_PHONE, { smsCode: sandboxCode! });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().accessToken).toBeTruthy();
    // The new phone is remembered: next time the password alone will do there.
    const remembered = deviceCookie(ok);
    // The code was used up.
    const reused = await login('employee', PASSWORD, '10.40.0.2', { smsCode: sandboxCode! });
    expect(reused.json().error.code).toBe('Sms:CodeExpired');

    // The counter phone that signed in before still passes without a code, as does the new one.
    expect((await login('employee', PASSWORD, STORE, { cookie: device })).statusCode).toBe(200);
    expect((await login('employee', PASSWORD, NEW_PHONE, { cookie: remembered })).statusCode).toBe(
      200,
    );
  });

  it('never hands the code out again for a repeat under the same Idempotency-Key, nor keeps it', async () => {
    await lock('manager', '10.46.0');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/account/login/send-sms-code',
        payload: { userNameOrEmailAddress: 'manager' },
        headers: { ...headersWith(), 'idempotency-key': 'second-factor-1' },
        remoteAddress: NEW_PHONE,
      });
    const sent = await send();
    expect(sent.statusCode).toBe(200);
    const code = sent.json<SmsCodeSent>().sandboxCode!;
    expect(code).toMatch(/^\d{6}$/);

    // The repeat is told the code went out; the code itself is not in it, nor stored to replay.
    const again = await send();
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().error.code).toBe('App:IdempotentAnswerNotKept');
    expect(again.body).not.toContain(code);
    const kept = await t.database.db
      .select()
      .from(idempotentRequests)
      .where(eq(idempotentRequests.key, 'second-factor-1'));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.responseBody ?? '').not.toContain(code);
    // The texted code still signs its owner in.
    const ok = await login('manager', PASSWORD, NEW_PHONE, { smsCode: code });
    expect(ok.statusCode).toBe(200);
  });

  it('spends a code on five wrong tries, and on a wrong password', async () => {
    await lock('driver', '10.42.0');
    const { sandboxCode } = (await sendCode('driver', NEW_PHONE)).json<SmsCodeSent>();
    for (let i = 0; i < 5; i++) {
      const res = await login('driver', PASSWORD, NEW_PHONE, { smsCode: otherCode(sandboxCode!) });
      expect(res.statusCode).toBe(403);
    }
    const spent = await login('driver', PASSWORD, NEW_PHONE, { smsCode: sandboxCode! });
    expect(spent.statusCode).toBe(403);
    expect(spent.json().error.code).toBe('Sms:CodeExpired');
    expect((await login('driver', PASSWORD, NEW_PHONE)).statusCode).toBe(429);

    // Someone holding the phone still needs the password: a wrong one spends the code.
    await lock('agent', '10.43.0');
    const second = (await sendCode('agent', NEW_PHONE)).json<SmsCodeSent>().sandboxCode!;
    const guess = await login('agent', 'guess', NEW_PHONE, { smsCode: second });
    expect(guess.statusCode).toBe(403);
    expect(guess.json().error.code).toBe('Account:InvalidCredentials');
    const after = await login('agent', PASSWORD, NEW_PHONE, { smsCode: second });
    expect(after.json().error.code).toBe('Sms:CodeExpired');
  });

  it('texts nobody for a name that is no account, nor to a device the account signed in on', async () => {
    for (let i = 0; i < 6; i++) await login('nobody-here', 'guess', `10.44.0.${i}`);
    const nobody = await login('nobody-here', PASSWORD, NEW_PHONE);
    expect(nobody.statusCode).toBe(429);
    expect(nobody.json().error.data.secondFactor).toBeUndefined();
    const refused = await sendCode('nobody-here', NEW_PHONE);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('Account:SecondFactorUnavailable');

    const before = await login('multi', PASSWORD, STORE);
    await lock('multi', '10.45.0');
    const trusted = await sendCode('multi', STORE, deviceCookie(before));
    expect(trusted.json().error.code).toBe('Account:SecondFactorUnavailable');
  });
});
