import { createHash } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_TENANT_ID } from '@snowgear/contracts';
import { refreshTokens, users } from '@/db/schema.js';
import {
  createTestApp,
  customerToken,
  TEST_SECRET,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

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

    // A minute later (past the grace window for simultaneous refreshes), a thief replays it.
    await t.database.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - interval '1 minute'` })
      .where(sql`${refreshTokens.rotatedAt} is not null`);
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

  it('two tabs refreshing at once both get the same new pair; a replay after the grace window ends the sign-in', async () => {
    const first = (await login('agent', PASSWORD, '10.3.1.1')).json();
    const refreshes = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/app/account/refresh-token', { refreshToken: first.refreshToken }),
      ),
    );
    expect(refreshes.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const pairs = new Set(refreshes.map((r) => `${r.json().accessToken} ${r.json().refreshToken}`));
    expect(pairs.size).toBe(1);
    const next = refreshes[0]!.json();
    expect(next.user.userName).toBe('agent');
    expect((await get('/api/app/account/my-profile', next.accessToken)).statusCode).toBe(200);
    // The new refresh token works once, as usual.
    const third = await post('/api/app/account/refresh-token', { refreshToken: next.refreshToken });
    expect(third.statusCode).toBe(200);

    // Long after the rotation, the first token is a replay: the whole sign-in ends.
    await t.database.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - interval '31 seconds'` })
      .where(sql`${refreshTokens.rotatedAt} is not null`);
    const late = await post('/api/app/account/refresh-token', { refreshToken: first.refreshToken });
    expect(late.statusCode).toBe(401);
    expect((await get('/api/app/account/my-profile', third.json().accessToken)).statusCode).toBe(
      401,
    );
  });

  it('refuses an access token without an expiry, even one signed with our key', async () => {
    const { user } = (await login('employee', PASSWORD, '10.3.2.1')).json();
    const session = await t.database.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id))
      .limit(1);
    const key = createHash('sha256').update(`access-token:${TEST_SECRET}`).digest();
    const claims = {
      tenantId: HOST_TENANT_ID,
      sid: session[0]!.familyId,
      unique_name: 'employee',
      role: 'StoreEmployee',
    };
    const forever = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt()
      .sign(key);
    expect((await get('/api/app/account/my-profile', forever)).statusCode).toBe(401);
    const expiring = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    expect((await get('/api/app/account/my-profile', expiring)).statusCode).toBe(200);
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

  it('refuses a password change for an account that signs in by phone and has no password', async () => {
    const token = await customerToken(t);
    const profile = (await get('/api/app/account/my-profile', token)).json();
    expect(profile).toMatchObject({ userType: 1, hasPassword: false });
    const auth = { authorization: `Bearer ${token}` };
    const body = { currentPassword: '', newPassword: 'N3w-Passw0rd' };
    const zh = await post('/api/app/account/change-password', body, auth);
    expect(zh.statusCode).toBe(403);
    expect(zh.json().error).toMatchObject({
      code: 'Account:NoPassword',
      message: '您的账号用手机号和验证码登录，没有密码，无需修改',
    });
    const en = await post('/api/app/account/change-password', body, {
      ...auth,
      'accept-language': 'en',
    });
    expect(en.json().error.message).toBe(
      'Your account signs in with your phone number and a code; it has no password to change',
    );
    const [row] = await t.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, profile.id));
    expect(row?.passwordHash).toBeNull();
    // The session goes on.
    expect((await get('/api/app/account/my-profile', token)).statusCode).toBe(200);
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
