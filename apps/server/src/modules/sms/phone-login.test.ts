import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tenants, users } from '@/db/schema.js';
import { startAliyunSmsDouble, type AliyunSmsDouble } from '@/testing/aliyun-sms-double.js';
import {
  createTestApp,
  phoneSignIn,
  sandboxSmsCode,
  solvedProofOfWork,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

describe('phone sign-in with an SMS code', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({
      settings: {
        SMS_DAILY_LIMIT_PER_NUMBER: '3',
        SMS_HOURLY_LIMIT_PER_ADDRESS: '4',
        SMS_DAILY_LIMIT_PER_ADDRESS: '6',
      },
    });
  });
  // Each test is another phone: the send call's burst cap counts per browser.
  beforeEach(async () => {
    csrf = await verificationHeaders(t.app);
  });
  afterAll(() => t.close());

  const send = (
    phoneNumber: string,
    remoteAddress = '10.30.0.1',
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/h5/auth/send-sms-code',
      payload: { phoneNumber },
      headers: { ...csrf, ...headers },
      remoteAddress,
    });
  const phoneLogin = (payload: object, language = 'zh-CN') =>
    t.app.inject({
      method: 'POST',
      url: '/api/h5/auth/phone-login',
      payload,
      headers: { ...csrf, 'accept-language': language },
    });
  const liftResendGate = (phoneNumber: string) =>
    t.database.db.execute(
      sql`delete from attempt_counters where key like ${`sms:send:${phoneNumber}`}`,
    );
  const userWithPhone = async (phoneNumber: string) =>
    (await t.database.db.select().from(users).where(eq(users.phoneNumber, phoneNumber)))[0];

  it('sends a 6-digit code that the sandbox shows, and signs the demo customer in with it once', async () => {
    const sent = await send('13800138000');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ resendAfterSeconds: 60, validSeconds: 300 });
    const code = sent.json().sandboxCode as string;
    expect(code).toMatch(/^\d{6}$/);

    const known = await phoneLogin({ phoneNumber: '13800138000', realName: '张三', code });
    expect(known.statusCode).toBe(200);
    expect(known.json().user).toMatchObject({
      realName: '张三',
      roles: ['Customer'],
      userType: 1,
      phoneNumberConfirmed: true,
    });
    expect(known.json().user.permissions).toEqual([
      'SnowGearSmartStore.CustomerOperations.Payment',
      'SnowGearSmartStore.CustomerOperations.ViewOrders',
    ]);
    const reused = await phoneLogin({ phoneNumber: '13800138000', realName: '张三', code });
    expect(reused.statusCode).toBe(403);
    expect(reused.json().error).toMatchObject({
      code: 'Sms:CodeExpired',
      message: '验证码已失效，请重新获取',
    });
  });

  it('creates a customer only for a verified number', async () => {
    const code = await sandboxSmsCode(t.app, csrf, '13612345678');
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await phoneLogin({ phoneNumber: '13612345678', realName: '李四', code: wrong });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'Sms:CodeWrong',
      message: '验证码错误，还可再试 4 次',
    });
    expect(await userWithPhone('13612345678')).toBeUndefined();
    const noCode = await phoneLogin({ phoneNumber: '13612345678', realName: '李四' });
    expect(noCode.statusCode).toBe(400);
    expect(await userWithPhone('13612345678')).toBeUndefined();

    const fresh = await phoneLogin({ phoneNumber: '13612345678', realName: ' 李 四 ', code });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user).toMatchObject({
      userName: '13612345678',
      realName: '李 四',
      roles: ['Customer'],
      phoneNumberConfirmed: true,
    });
    const again = await phoneSignIn(t, csrf, { phoneNumber: '13612345678', realName: '李 四' });
    expect(again.json().user.id).toBe(fresh.json().user.id);
  });

  it('allows five tries of a code, counted even when they arrive at once', async () => {
    const code = await sandboxSmsCode(t.app, csrf, '13611110000', { database: t.database });
    const wrong = code === '111111' ? '222222' : '111111';
    const tries = await Promise.all(
      Array.from({ length: 8 }, () =>
        phoneLogin({ phoneNumber: '13611110000', realName: '赵六', code: wrong }),
      ),
    );
    const codes = tries.map((r) => r.json().error.code as string);
    expect(codes.filter((c) => c === 'Sms:CodeWrong')).toHaveLength(4);
    expect(codes.filter((c) => c === 'Sms:CodeExpired')).toHaveLength(4);
    // Out of tries, even the right code is refused: ask for a new one.
    const late = await phoneLogin({ phoneNumber: '13611110000', realName: '赵六', code });
    expect(late.json().error.code).toBe('Sms:CodeExpired');
    expect(await userWithPhone('13611110000')).toBeUndefined();
  });

  it('only the newest code counts, and a code expires after 5 minutes', async () => {
    const first = await sandboxSmsCode(t.app, csrf, '13622220000', { database: t.database });
    const second = await sandboxSmsCode(t.app, csrf, '13622220000', { database: t.database });
    if (first !== second) {
      const old = await phoneLogin({ phoneNumber: '13622220000', realName: '钱七', code: first });
      expect(old.json().error.code).toBe('Sms:CodeWrong');
    }
    await t.database.db.execute(
      sql`update sms_codes set expires_at = now() - interval '1 second' where phone_number = '13622220000'`,
    );
    const expired = await phoneLogin({
      phoneNumber: '13622220000',
      realName: '钱七',
      code: second,
    });
    expect(expired.json().error.code).toBe('Sms:CodeExpired');
  });

  it('sends one code per number a minute, caps each number a day, and slows each address', async () => {
    expect((await send('13633330000', '10.31.0.1')).statusCode).toBe(200);
    const soon = await send('13633330000', '10.31.0.2');
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.code).toBe('Sms:TooSoon');
    expect(soon.json().error.message).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(50);

    // The daily cap of a number (3 here) holds whatever the address.
    for (const address of ['10.31.0.3', '10.31.0.4']) {
      await liftResendGate('13633330000');
      expect((await send('13633330000', address)).statusCode).toBe(200);
    }
    await liftResendGate('13633330000');
    const daily = await send('13633330000', '10.31.0.5');
    expect(daily.statusCode).toBe(429);
    expect(daily.json().error.code).toBe('Sms:DailyLimit');

    // Past a few codes an hour (4 here), an address needs a proof of work for each further one,
    // also past its daily count (6 here): one person cannot spend a resort's codes on random
    // numbers, nor shut out the guests behind the same address.
    const resort = '10.32.0.1';
    for (let i = 0; i < 4; i++) {
      expect((await send(`1364444000${i}`, resort)).statusCode).toBe(200);
    }
    const busy = await send('13644440009', resort);
    expect(busy.statusCode).toBe(428);
    expect(busy.json().error.code).toBe('App:ProofOfWorkRequired');
    for (const number of ['13644440009', '13644440008', '13644440007']) {
      const proof = await solvedProofOfWork(t.app, resort);
      expect((await send(number, resort, { 'x-altcha': proof })).statusCode, number).toBe(200);
    }
    // The proof was not sent to anyone else: the number it was refused for may still ask.
    expect((await send('13644440006', resort)).statusCode).toBe(428);
    expect((await send('13644440006', '10.32.0.2')).statusCode).toBe(200);
  });

  it("caps a number's codes across stores: a number is one person", async () => {
    await t.database.db.insert(tenants).values({ name: 'Resort-SMS' });
    const sendFor = (tenant: string | null, address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/h5/auth/send-sms-code',
        payload: { phoneNumber: '13677770000' },
        headers: { ...csrf, ...(tenant ? { __tenant: tenant } : {}) },
        remoteAddress: address,
      });
    expect((await sendFor(null, '10.34.0.1')).statusCode).toBe(200);
    // One send a minute, whichever store's page asks.
    const soon = await sendFor('resort-sms', '10.34.0.2');
    expect(soon.json().error.code).toBe('Sms:TooSoon');
    for (const address of ['10.34.0.3', '10.34.0.4']) {
      await liftResendGate('13677770000');
      expect((await sendFor('resort-sms', address)).statusCode).toBe(200);
    }
    await liftResendGate('13677770000');
    const daily = await sendFor('resort-sms', '10.34.0.5');
    expect(daily.statusCode).toBe(429);
    expect(daily.json().error.code).toBe('Sms:DailyLimit');
  });

  it('never signs a staff member in by phone, answering exactly as for a wrong name', async () => {
    const admin = await phoneSignIn(t, csrf, {
      phoneNumber: '13900000000',
      realName: '系统管理员',
    });
    const wrongName = await phoneSignIn(t, csrf, { phoneNumber: '13800138000', realName: '李四' });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().accessToken).toBeUndefined();
    expect(wrongName.statusCode).toBe(403);
    const { requestId: _a, ...adminError } = admin.json().error;
    const { requestId: _b, ...wrongNameError } = wrongName.json().error;
    expect(adminError).toEqual(wrongNameError);
    expect(adminError).toMatchObject({
      code: 'Account:RealNameMismatch',
      message: '该手机号已登记的姓名与您输入的不一致，请核对或联系门店',
    });
    // Sending a code answers the same for every number too.
    await liftResendGate('13900000000');
    await liftResendGate('13655550000');
    const staffSend = (await send('13900000000', '10.33.0.1')).json();
    const anySend = (await send('13655550000', '10.33.0.2')).json();
    expect(Object.keys(staffSend).sort()).toEqual(Object.keys(anySend).sort());
  });

  it('one new number signed in twice at once makes one account', async () => {
    const code = await sandboxSmsCode(t.app, csrf, '13666660000', { database: t.database });
    const both = await Promise.all(
      [0, 1, 2].map(() => phoneLogin({ phoneNumber: '13666660000', realName: '孙八', code })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 403, 403]);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.phoneNumber, '13666660000'));
    expect(rows).toHaveLength(1);
  });

  it('refuses malformed numbers, names and codes with 400, in English when asked', async () => {
    for (const bad of [
      { phoneNumber: '12800138000', realName: '张三', code: '123456' },
      { phoneNumber: '1380013800', realName: '张三', code: '123456' },
      { phoneNumber: '13800138000', realName: '张', code: '123456' },
      { phoneNumber: '13800138000', realName: '<script>', code: '123456' },
      { phoneNumber: '13800138000', realName: '张三', code: '12345' },
      { phoneNumber: '13800138000', realName: '张三', code: 'abcdef' },
    ]) {
      const res = await phoneLogin(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await send('2024-01-01')).statusCode).toBe(400);
    const code = await sandboxSmsCode(t.app, csrf, '13800138000', { database: t.database });
    const wrong = code === '999999' ? '999998' : '999999';
    const en = await phoneLogin(
      { phoneNumber: '13800138000', realName: '张三', code: wrong },
      'en',
    );
    expect(en.json().error.message).toBe('Wrong code; 4 tries left');
  });

  it('texts a visitor number abroad through the sandbox and signs them in with a passport name', async () => {
    const sent = await send('+44 7400 123456', '10.35.0.1');
    expect(sent.statusCode).toBe(200);
    const code = sent.json().sandboxCode as string;
    const login = await phoneLogin(
      { phoneNumber: '+447400123456', realName: "Siobhán O'Brien", code },
      'en',
    );
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({
      userName: '+447400123456',
      phoneNumber: '+447400123456',
      realName: "Siobhán O'Brien",
      roles: ['Customer'],
    });
    // The same person typing the number another way, and the name as the passport prints it.
    await liftResendGate('+447400123456');
    const again = await phoneSignIn(t, csrf, {
      phoneNumber: '0044 7400 123456',
      realName: "SIOBHÁN O'BRIEN",
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(login.json().user.id);
  });

  it("refuses a number too short for its country, in the caller's language", async () => {
    const zh = await send('+44 123');
    expect(zh.statusCode).toBe(400);
    expect(JSON.stringify(zh.json().error)).toContain('请输入正确的手机号');
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/h5/auth/send-sms-code',
      payload: { phoneNumber: '+44 123' },
      headers: { ...csrf, 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.statusCode).toBe(400);
    expect(JSON.stringify(en.json().error)).toContain('valid mobile number');
    const name = await phoneLogin(
      { phoneNumber: '+447400123456', realName: 'John 2nd', code: '123456' },
      'en',
    );
    expect(name.statusCode).toBe(400);
    expect(JSON.stringify(name.json().error)).toContain('no digits or symbols');
  });

  it('caps a visitor number as a mainland one, whichever way it is typed', async () => {
    expect((await send('+852 6123 4567', '10.36.0.1')).statusCode).toBe(200);
    const soon = await send('00852 61234567', '10.36.0.2');
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.code).toBe('Sms:TooSoon');
    for (const address of ['10.36.0.3', '10.36.0.4']) {
      await liftResendGate('+85261234567');
      expect((await send('+85261234567', address)).statusCode).toBe(200);
    }
    await liftResendGate('+85261234567');
    const daily = await send('+852 6123 4567', '10.36.0.5');
    expect(daily.statusCode).toBe(429);
    expect(daily.json().error.code).toBe('Sms:DailyLimit');
    // Another visitor is not held up by this one.
    expect((await send('+852 6123 4568', '10.36.0.6')).statusCode).toBe(200);
  });

  it('refuses to bind a WeChat open id that WeChat did not just name to this browser', async () => {
    const res = await phoneSignIn(t, csrf, {
      phoneNumber: '13700000001',
      realName: '王五',
      weChatOpenId: 'o-typed-in',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'WeChat:AuthorizationNotFromThisBrowser',
      message: '请重新通过微信授权后再绑定',
    });
    expect(await userWithPhone('13700000001')).toBeUndefined();
  });

  it('tells the client whether SMS works and whether it is the sandbox', async () => {
    const config = (await t.app.inject('/api/abp/application-configuration')).json();
    expect(config.setting.values['SnowGearSmartStore.Sms.Enabled']).toBe('true');
    expect(config.setting.values['SnowGearSmartStore.Sms.Sandbox']).toBe('true');
  });
});

describe('phone sign-in without an SMS provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, settings: { SMS_SANDBOX: 'false' } });
  });
  afterAll(() => t.close());

  it('says SMS is off, and refuses to send', async () => {
    const csrf = await verificationHeaders(t.app);
    const config = (await t.app.inject('/api/abp/application-configuration')).json();
    expect(config.setting.values['SnowGearSmartStore.Sms.Enabled']).toBe('false');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/h5/auth/send-sms-code',
      payload: { phoneNumber: '13800138000' },
      headers: csrf,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('Sms:NotConfigured');
  });
});

describe('phone sign-in through a real provider (the Aliyun SMS double)', () => {
  let t: TestApp;
  let aliyun: AliyunSmsDouble;
  let csrf: Record<string, string>;
  beforeAll(async () => {
    aliyun = await startAliyunSmsDouble();
    t = await createTestApp({ settings: { ...aliyun.settings, SMS_SANDBOX: 'true' } });
    csrf = await verificationHeaders(t.app);
  });
  afterAll(async () => {
    await t.close();
    await aliyun.close();
  });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: csrf });

  it('texts the code (never showing it), and signs in with the code that arrived', async () => {
    const config = (await t.app.inject('/api/abp/application-configuration')).json();
    expect(config.setting.values['SnowGearSmartStore.Sms.Sandbox']).toBe('false');
    const sent = await post('/api/h5/auth/send-sms-code', { phoneNumber: '13800138000' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sandboxCode).toBeNull();
    const code = aliyun.lastCode('13800138000');
    expect(code).toMatch(/^\d{6}$/);
    const login = await post('/api/h5/auth/phone-login', {
      phoneNumber: '13800138000',
      realName: '张三',
      code,
    });
    expect(login.statusCode).toBe(200);
  });

  it('says plainly that numbers abroad cannot be texted without an international template', async () => {
    const abroad = await t.app.inject({
      method: 'POST',
      url: '/api/h5/auth/send-sms-code',
      payload: { phoneNumber: '+447400123456' },
      headers: { ...csrf, 'accept-language': 'en' },
    });
    expect(abroad.statusCode).toBe(403);
    expect(abroad.json().error).toMatchObject({
      code: 'Sms:InternationalUnavailable',
      message:
        'Codes cannot be texted to numbers outside the Chinese mainland yet; please use a mainland number or contact the store',
    });
    expect(aliyun.lastCode('447400123456')).toBeUndefined();
  });

  it('says so when the provider refuses, and lets the number ask again at once', async () => {
    aliyun.failNextSend('isv.BUSINESS_LIMIT_CONTROL');
    const refused = await post('/api/h5/auth/send-sms-code', { phoneNumber: '13677770000' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toMatchObject({
      code: 'Sms:SendFailed',
      message: '验证码发送失败，请稍后重试',
    });
    const again = await post('/api/h5/auth/send-sms-code', { phoneNumber: '13677770000' });
    expect(again.statusCode).toBe(200);
    const code = aliyun.lastCode('13677770000');
    const login = await post('/api/h5/auth/phone-login', {
      phoneNumber: '13677770000',
      realName: '周九',
      code,
    });
    expect(login.statusCode).toBe(200);
  });
});
