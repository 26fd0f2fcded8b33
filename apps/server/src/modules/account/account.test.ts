import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema.js';
import { createTestApp, verificationHeaders, type TestApp } from '@/testing/index.js';

const PASSWORD = '1q2w3E*';

describe('account: sign-in, tokens, profile, password', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
  });
  afterAll(() => t.close());

  const post = (
    url: string,
    payload: unknown,
    extra: Record<string, string> = {},
    remoteAddress = '10.0.0.1',
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { ...csrf, ...extra },
      remoteAddress,
    });
  const get = (url: string, token?: string) =>
    t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const login = (login: string, password = PASSWORD, remoteAddress?: string) =>
    post('/api/app/account/login', { userNameOrEmailAddress: login, password }, {}, remoteAddress);

  it('signs in by user name or e-mail, any case, with the claims the client decodes', async () => {
    const res = await login('Manager');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.expiresIn).toBe(86400);
    expect(body.tokenType).toBe('Bearer');
    expect(body.refreshToken).toMatch(/^[\w-]{40,}$/);
    expect(body.user).toMatchObject({
      userName: 'manager',
      roles: ['StoreManager'],
      storeName: '万龙雪场店',
    });
    expect(body.user.permissions).toContain('SnowGearSmartStore.StoreManagement.Employees');
    expect(body.user.permissions).not.toContain('SnowGearSmartStore.SystemManagement.Users');
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({
      sub: body.user.id,
      unique_name: 'manager',
      email: 'manager@snowgear.local',
      given_name: '王店长',
      phone_number: '13900000001',
      role: 'StoreManager',
    });
    expect(claims.exp! - claims.iat!).toBe(86400);
    expect(decodeJwt((await login('multi@snowgear.local')).json().accessToken).role).toEqual([
      'StoreManager',
      'Driver',
      'Agent',
    ]);
  });

  it('refuses a wrong password with 403 and a message fit to show, in the asked language', async () => {
    const zh = await login('employee', 'wrong', '10.0.0.2');
    expect(zh.statusCode).toBe(403);
    expect(zh.json().error).toMatchObject({
      code: 'Account:InvalidCredentials',
      message: '用户名或密码错误',
    });
    const en = await post(
      '/api/app/account/login',
      { userNameOrEmailAddress: 'nobody', password: 'x' },
      { 'accept-language': 'en' },
      '10.0.0.2',
    );
    expect(en.json().error.message).toBe('Wrong user name or password');
  });

  it('throttles an account after 5 failures in 15 minutes, even with the right password', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login('driver', 'bad', `10.1.0.${i}`)).statusCode).toBe(403);
    const blocked = await login('driver', PASSWORD, '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(/登录失败次数过多，请 1[45] 分钟后再试/);
    expect(blocked.json().error.data.retryAfterSeconds).toBeGreaterThan(800);
  });

  it('throttles an address that tries many accounts', async () => {
    for (let i = 0; i < 5; i++) await login(`guess${i}`, 'bad', '10.2.0.1');
    expect((await login('agent', PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await login('agent', PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('serves the profile and the application configuration to the signed-in user only', async () => {
    const { accessToken, user } = (await login('employee')).json();
    expect((await get('/api/app/account/my-profile')).statusCode).toBe(401);
    expect((await get('/api/app/account/my-profile', 'not-a-jwt')).statusCode).toBe(401);
    const profile = (await get('/api/app/account/my-profile', accessToken)).json();
    expect(profile).toMatchObject({
      id: user.id,
      roleDisplayNames: ['店员'],
      isWeChatBound: false,
    });
    expect((await get('/api/h5/auth/current-user', accessToken)).json().id).toBe(user.id);
    const config = (await get('/api/abp/application-configuration', accessToken)).json();
    expect(config.currentUser).toMatchObject({
      isAuthenticated: true,
      userName: 'employee',
      roles: ['StoreEmployee'],
    });
    expect(config.auth.grantedPolicies['SnowGearSmartStore.BusinessOperations.OrderCreate']).toBe(
      true,
    );
    expect(
      config.auth.grantedPolicies['SnowGearSmartStore.StoreManagement.Employees'],
    ).toBeUndefined();
  });

  it('rotates refresh tokens; replaying a used one ends the whole sign-in', async () => {
    const first = (await login('agent', PASSWORD, '10.3.0.1')).json();
    const second = await post('/api/app/account/refresh-token', {
      refreshToken: first.refreshToken,
    });
    expect(second.statusCode).toBe(200);
    const next = second.json();
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect((await get('/api/app/account/my-profile', next.accessToken)).statusCode).toBe(200);

    const replay = await post('/api/app/account/refresh-token', {
      refreshToken: first.refreshToken,
    });
    expect(replay.statusCode).toBe(401);
    // The thief's replay revoked the family: the legitimate newer tokens stop working too.
    expect(
      (await post('/api/app/account/refresh-token', { refreshToken: next.refreshToken }))
        .statusCode,
    ).toBe(401);
    expect((await get('/api/app/account/my-profile', next.accessToken)).statusCode).toBe(401);
    expect(
      (await post('/api/app/account/refresh-token', { refreshToken: 'made-up' })).statusCode,
    ).toBe(401);
  });

  it('logout ends the sign-in: the access and refresh tokens stop working, other sign-ins stay', async () => {
    const phone = (await login('multi', PASSWORD, '10.4.0.1')).json();
    const laptop = (await login('multi', PASSWORD, '10.4.0.2')).json();
    const out = await post(
      '/api/app/account/logout',
      { refreshToken: phone.refreshToken },
      { authorization: `Bearer ${phone.accessToken}` },
    );
    expect(out.statusCode).toBe(204);
    expect((await get('/api/app/account/my-profile', phone.accessToken)).statusCode).toBe(401);
    expect(
      (await post('/api/app/account/refresh-token', { refreshToken: phone.refreshToken }))
        .statusCode,
    ).toBe(401);
    expect((await get('/api/app/account/my-profile', laptop.accessToken)).statusCode).toBe(200);
  });

  it('changes the password under the rules and ends the other sign-ins', async () => {
    const here = (await login('admin', PASSWORD, '10.5.0.1')).json();
    const elsewhere = (await login('admin', PASSWORD, '10.5.0.2')).json();
    const auth = { authorization: `Bearer ${here.accessToken}` };
    const change = (currentPassword: string, newPassword: string) =>
      post('/api/app/account/change-password', { currentPassword, newPassword }, auth);

    expect(
      (
        await post('/api/app/account/change-password', {
          currentPassword: PASSWORD,
          newPassword: 'Abc123!x',
        })
      ).statusCode,
    ).toBe(401);
    const wrong = await change('nope', 'Abc123!x');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('Account:WrongCurrentPassword');
    const weak = await change(PASSWORD, 'abcdef');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.validationErrors.map((v: { message: string }) => v.message)).toEqual(
      expect.arrayContaining([
        'PasswordRequiresDigit',
        'PasswordRequiresUpper',
        'PasswordRequiresNonAlphanumeric',
      ]),
    );
    expect((await change(PASSWORD, PASSWORD)).json().error.code).toBe('Account:SamePassword');
    expect((await change(PASSWORD, 'N3w-Passw0rd')).statusCode).toBe(204);

    expect((await login('admin', PASSWORD, '10.5.0.3')).statusCode).toBe(403);
    expect((await login('admin', 'N3w-Passw0rd', '10.5.0.3')).statusCode).toBe(200);
    expect((await get('/api/app/account/my-profile', here.accessToken)).statusCode).toBe(200);
    expect((await get('/api/app/account/my-profile', elsewhere.accessToken)).statusCode).toBe(401);
  });

  it('locks out a deactivated user at once: sign-in, access token and refresh token', async () => {
    const session = (await login('employee', PASSWORD, '10.6.0.1')).json();
    await t.database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.userName, 'employee'));
    const refused = await login('employee', PASSWORD, '10.6.0.2');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('Account:Disabled');
    expect((await get('/api/app/account/my-profile', session.accessToken)).statusCode).toBe(401);
    expect(
      (await post('/api/app/account/refresh-token', { refreshToken: session.refreshToken }))
        .statusCode,
    ).toBe(401);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.userName, 'employee'));
  });
});

describe('phone + real name sign-in', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
  });
  afterAll(() => t.close());
  const phoneLogin = (payload: object, remoteAddress = '10.9.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/h5/auth/phone-login',
      payload,
      headers: csrf,
      remoteAddress,
    });

  it('signs in the demo customer and creates a Customer for a new number', async () => {
    const known = await phoneLogin({ phoneNumber: '13800138000', realName: '张三' });
    expect(known.statusCode).toBe(200);
    expect(known.json().user).toMatchObject({ realName: '张三', roles: ['Customer'], userType: 1 });
    expect(known.json().user.permissions).toEqual([
      'SnowGearSmartStore.CustomerOperations.Payment',
      'SnowGearSmartStore.CustomerOperations.ViewOrders',
    ]);
    const fresh = await phoneLogin({ phoneNumber: '13612345678', realName: ' 李 四 ' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user).toMatchObject({
      userName: '13612345678',
      realName: '李 四',
      roles: ['Customer'],
    });
    const again = await phoneLogin({ phoneNumber: '13612345678', realName: '李 四' });
    expect(again.json().user.id).toBe(fresh.json().user.id);
  });

  it('refuses a known number with another name, and malformed input', async () => {
    const other = await phoneLogin({ phoneNumber: '13800138000', realName: '李四' });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toMatchObject({
      code: 'Account:RealNameMismatch',
      message: '该手机号已登记的姓名与您输入的不一致，请核对或联系门店',
    });
    for (const bad of [
      { phoneNumber: '12800138000', realName: '张三' },
      { phoneNumber: '1380013800', realName: '张三' },
      { phoneNumber: '13800138000', realName: '张' },
      { phoneNumber: '13800138000', realName: '<script>' },
    ]) {
      const res = await phoneLogin(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('refuses to bind a WeChat open id that WeChat did not just give this server', async () => {
    const res = await phoneLogin({
      phoneNumber: '13700000001',
      realName: '王五',
      weChatOpenId: 'o-typed-in',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('微信授权已过期，请重新进行微信登录');
  });
});
