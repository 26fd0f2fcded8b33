import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import {
  clearSession,
  loginWithPassword,
  loginWithPhone,
  logout,
  primaryRole,
  refreshIfNeeded,
  reloadProfile,
  resolveActiveRole,
  restoreSession,
  sessionSnapshot,
  switchableRoles,
  switchRole,
  useSession,
} from './session-store';
import { normaliseAuthResponse, tokenExpiry, userFromToken } from '../utils/token';
import { sendSmsCode } from '../api/send-sms-code';

/** The session rules of spec §4 against the real server. */
const realBase = http.defaults.baseURL;

describe('session', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    clearSession();
  });
  afterEach(() => {
    http.defaults.baseURL = realBase;
  });

  it('signs in with a password, stores tokens and user under the spec keys, remember-me off by default', async () => {
    const user = await loginWithPassword({
      userNameOrEmailAddress: 'manager',
      password: '1q2w3E*',
      rememberMe: false,
    });
    expect(user.roles).toEqual(['StoreManager']);
    expect(window.localStorage.getItem('access_token')).toMatch(/^ey/);
    expect(window.localStorage.getItem('refresh_token')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('user_info')!).userName).toBe('manager');
    expect(JSON.parse(window.localStorage.getItem('permissions')!)).toContain(
      'SnowGearSmartStore.StoreManagement.Employees',
    );
    expect(window.localStorage.getItem('active_role')).toBe('StoreManager');
    expect(window.localStorage.getItem('remember_login')).toBe('false');
    expect(sessionSnapshot().isAuthenticated).toBe(true);
  });

  it('shows the server message for wrong credentials', async () => {
    const err: unknown = await loginWithPassword({
      userNameOrEmailAddress: 'manager',
      password: 'nope',
      rememberMe: false,
    }).catch((e: unknown) => e);
    expect((err as Error).message).toBe('用户名或密码错误');
    expect(sessionSnapshot().isAuthenticated).toBe(false);
  });

  it('keeps the saved active role while still held, else the primary role', async () => {
    window.localStorage.setItem('active_role', 'Driver');
    useSession.setState({ activeRole: 'Driver' });
    await loginWithPassword({ userNameOrEmailAddress: 'multi', password: '1q2w3E*' });
    expect(useSession.getState().activeRole).toBe('Driver');
    clearSession();
    useSession.setState({ activeRole: 'SuperAdmin' });
    await loginWithPassword({ userNameOrEmailAddress: 'multi', password: '1q2w3E*' });
    expect(useSession.getState().activeRole).toBe('StoreManager');
  });

  it('switches roles by the rules: not held → error; current → only navigate; other → saved', async () => {
    await loginWithPassword({ userNameOrEmailAddress: 'multi', password: '1q2w3E*' });
    expect(switchRole('SuperAdmin')).toEqual({ ok: false, message: '您没有该角色的权限' });
    expect(switchRole('StoreManager')).toEqual({
      ok: true,
      home: '/store/dashboard',
      changed: false,
    });
    expect(switchRole('Driver')).toEqual({ ok: true, home: '/driver/dashboard', changed: true });
    expect(window.localStorage.getItem('active_role')).toBe('Driver');
    expect(switchRole('Agent')).toMatchObject({ home: '/agent/dashboard' });
  });

  it('restores the session from storage only when both token and user are there', async () => {
    await loginWithPassword({ userNameOrEmailAddress: 'employee', password: '1q2w3E*' });
    useSession.setState({ user: null, accessToken: null });
    expect(restoreSession()).toBe(true);
    expect(useSession.getState().user?.userName).toBe('employee');
    window.localStorage.removeItem('user_info');
    expect(restoreSession()).toBe(false);
    expect(sessionSnapshot().isAuthenticated).toBe(false);
  });

  it('logout clears everything even when the server is unreachable; a customer goes to /customer/login', async () => {
    const { sandboxCode } = await sendSmsCode('13800138000');
    await loginWithPhone({ phoneNumber: '13800138000', realName: '张三', code: sandboxCode! });
    http.defaults.baseURL = 'http://127.0.0.1:9/api';
    expect(await logout()).toBe('/customer/login');
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(window.localStorage.getItem('user_info')).toBeNull();
    http.defaults.baseURL = realBase;
    await loginWithPassword({ userNameOrEmailAddress: 'driver', password: '1q2w3E*' });
    const token = useSession.getState().accessToken!;
    expect(await logout()).toBe('/login');
    // The server ended the sign-in: the old token no longer works.
    const res = await fetch(`${window.location.origin}/api/app/account/my-profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
  });

  it('refreshes the tokens shortly before expiry, once for concurrent callers', async () => {
    await loginWithPassword({ userNameOrEmailAddress: 'agent', password: '1q2w3E*' });
    const before = useSession.getState();
    await refreshIfNeeded();
    expect(useSession.getState().accessToken).toBe(before.accessToken);
    const exp = tokenExpiry(before.accessToken!)!;
    const nearExpiry = (exp - 60) * 1000;
    await Promise.all([refreshIfNeeded(nearExpiry), refreshIfNeeded(nearExpiry)]);
    const after = useSession.getState();
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect((await reloadProfile()).userName).toBe('agent');
  });
});

describe('token helpers', () => {
  it('accepts capitalised or lower-case fields and rejects a response without an access token', () => {
    expect(
      normaliseAuthResponse({ AccessToken: 'a.b.c', RefreshToken: 'r', ExpiresIn: 60 }, 'bad'),
    ).toMatchObject({
      accessToken: 'a.b.c',
      refreshToken: 'r',
      expiresIn: 60,
    });
    expect(normaliseAuthResponse({ accessToken: 'x' }, 'bad').expiresIn).toBe(86400);
    expect(() => normaliseAuthResponse({ refreshToken: 'r' }, '登录响应格式错误')).toThrow(
      '登录响应格式错误',
    );
  });

  it('decodes the basic user from the token: role, roles or the standard role claim', () => {
    const jwt = (payload: object) =>
      `h.${btoa(unescape(encodeURIComponent(JSON.stringify(payload)))).replace(/=+$/, '')}.s`;
    expect(
      userFromToken(jwt({ sub: '1', unique_name: 'li', given_name: '李', role: 'Driver' }), 'x'),
    ).toMatchObject({
      id: '1',
      userName: 'li',
      name: '李',
      roles: ['Driver'],
      permissions: [],
    });
    expect(userFromToken(jwt({ sub: '2', roles: ['Agent', 'Driver'] }), 'x').roles).toEqual([
      'Agent',
      'Driver',
    ]);
    expect(
      userFromToken(
        jwt({
          sub: '3',
          'http://schemas.microsoft.com/ws/2008/06/identity/claims/role': 'StoreEmployee',
        }),
        'x',
      ).roles,
    ).toEqual(['StoreEmployee']);
    expect(() => userFromToken('not-a-token', '令牌格式错误')).toThrow('令牌格式错误');
    expect(() => userFromToken('a.%%%.c', '令牌格式错误')).toThrow('令牌格式错误');
  });

  it('orders roles by priority and offers the switcher for staff roles only', () => {
    expect(primaryRole(['Customer', 'Agent', 'Driver'])).toBe('Driver');
    expect(primaryRole(['Customer', 'SuperAdmin'])).toBe('SuperAdmin');
    expect(resolveActiveRole('Agent', ['Driver', 'Agent'])).toBe('Agent');
    expect(resolveActiveRole('Agent', ['Driver'])).toBe('Driver');
    expect(switchableRoles(['Customer', 'Driver'])).toEqual(['Driver']);
    expect(switchableRoles(['StoreManager', 'Driver', 'Agent', 'Customer'])).toEqual([
      'StoreManager',
      'Driver',
      'Agent',
    ]);
  });
});
