import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

describe('employees', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let storeIds: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['admin', 'manager', 'employee', 'multi']));
    storeIds = await storeIdsByName(t.app);
  });
  afterAll(() => t.close());

  const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { ...csrf, authorization: `Bearer ${tokens[as]}` },
    });
  const names = (body: { items: { userName: string }[] }) =>
    body.items.map((e) => e.userName).sort();

  it('is closed to staff without the people permissions', async () => {
    expect((await call('employee', 'GET', '/api/app/employees')).statusCode).toBe(403);
    expect((await t.app.inject('/api/app/employees')).statusCode).toBe(401);
  });

  it("shows a manager only their own store's employees and drivers, and a SuperAdmin everyone", async () => {
    const mine = (await call('manager', 'GET', '/api/app/employees?maxResultCount=100')).json();
    expect(names(mine)).toEqual(['driver', 'employee']);
    expect(mine.items.every((e: { storeName: string }) => e.storeName === '万龙雪场店')).toBe(true);
    // An English reader reads the store's English name.
    const english = await t.app.inject({
      url: '/api/app/employees?maxResultCount=100',
      headers: { ...csrf, authorization: `Bearer ${tokens.manager}`, 'accept-language': 'en' },
    });
    expect(
      english
        .json()
        .items.every((e: { storeName: string }) => e.storeName === 'Wanlong Resort Store'),
    ).toBe(true);
    const all = (await call('admin', 'GET', '/api/app/employees?maxResultCount=100')).json();
    expect(names(all)).toEqual(
      expect.arrayContaining(['admin', 'agent', 'manager', 'multi', '13800138000']),
    );
    const search = (
      await call('admin', 'GET', `/api/app/employees?keyword=${encodeURIComponent('店长')}`)
    ).json();
    expect(names(search)).toEqual(['manager']);
    // The other store's manager (multi, 太舞小镇店) sees nobody of 万龙雪场店.
    expect(names((await call('multi', 'GET', '/api/app/employees')).json())).toEqual([]);
  });

  it('lets a manager add an employee to their store only, with roles they may assign', async () => {
    const base = {
      userName: 'xiaoliu',
      name: '小刘',
      password: 'Abc123!x',
      phoneNumber: '13911112222',
      email: '',
    };
    const otherStore = await call('manager', 'POST', '/api/app/employees', {
      ...base,
      roles: ['StoreEmployee'],
      primaryStoreId: storeIds['太舞小镇店'],
    });
    expect(otherStore.statusCode).toBe(403);
    expect(otherStore.json().error.message).toBe('只能管理本门店的员工');
    const promote = await call('manager', 'POST', '/api/app/employees', {
      ...base,
      roles: ['StoreManager'],
      primaryStoreId: storeIds['万龙雪场店'],
    });
    expect(promote.json().error.message).toBe('您不能分配该角色：StoreManager');

    const created = await call('manager', 'POST', '/api/app/employees', {
      ...base,
      roles: ['StoreEmployee', 'Driver'],
      primaryStoreId: storeIds['万龙雪场店'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      userName: 'xiaoliu',
      roles: ['StoreEmployee', 'Driver'],
      email: null,
      isActive: true,
    });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      headers: csrf,
      payload: { userNameOrEmailAddress: 'xiaoliu', password: 'Abc123!x' },
    });
    expect(login.statusCode).toBe(200);

    const dup = await call('admin', 'POST', '/api/app/employees', {
      ...base,
      userName: 'XiaoLiu',
      roles: ['Driver'],
      primaryStoreId: null,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('用户名已存在');
    const badInput = await call('admin', 'POST', '/api/app/employees', {
      userName: 'a b',
      name: '',
      password: 'x',
      roles: [],
      primaryStoreId: 'nope',
    });
    expect(badInput.statusCode).toBe(400);
    const fields = new Set(
      badInput.json().error.validationErrors.map((v: { members: string[] }) => v.members[0]),
    );
    expect([...fields].sort()).toEqual(['name', 'password', 'primaryStoreId', 'roles', 'userName']);
  });

  it('edits roles and store; deactivation locks the person out, reactivation lets them back', async () => {
    const list = (await call('admin', 'GET', '/api/app/employees?keyword=employee')).json();
    const id = list.items[0].id;
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      headers: csrf,
      payload: { userNameOrEmailAddress: 'employee', password: '1q2w3E*' },
    });
    const { accessToken, refreshToken } = session.json();

    const edited = await call('admin', 'PUT', `/api/app/employees/${id}`, {
      name: '李店员',
      phoneNumber: '13900000002',
      email: 'employee@snowgear.local',
      roles: ['StoreEmployee', 'Driver'],
      primaryStoreId: storeIds['云顶夜场店'],
    });
    expect(edited.json()).toMatchObject({
      roles: ['StoreEmployee', 'Driver'],
      storeName: '云顶夜场店',
    });
    // Now outside the 万龙 manager's store.
    expect((await call('manager', 'GET', `/api/app/employees/${id}`)).statusCode).toBe(404);

    const off = await call('admin', 'POST', `/api/app/employees/${id}/deactivate`);
    expect(off.json().isActive).toBe(false);
    expect(
      (
        await t.app.inject({
          url: '/api/app/account/my-profile',
          headers: { authorization: `Bearer ${accessToken}` },
        })
      ).statusCode,
    ).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/refresh-token',
      headers: csrf,
      payload: { refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      headers: csrf,
      payload: { userNameOrEmailAddress: 'employee', password: '1q2w3E*' },
    });
    expect(relogin.json().error.code).toBe('Account:Disabled');
    expect((await call('admin', 'POST', `/api/app/employees/${id}/activate`)).json().isActive).toBe(
      true,
    );
  });

  it('resets a password, and nobody deactivates themselves', async () => {
    const driver = (await call('manager', 'GET', '/api/app/employees?keyword=driver')).json()
      .items[0];
    expect(
      (
        await call('manager', 'POST', `/api/app/employees/${driver.id}/reset-password`, {
          newPassword: 'weak',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('manager', 'POST', `/api/app/employees/${driver.id}/reset-password`, {
          newPassword: 'Dr1ver!new',
        })
      ).statusCode,
    ).toBe(204);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      headers: csrf,
      payload: { userNameOrEmailAddress: 'driver', password: 'Dr1ver!new' },
    });
    expect(login.statusCode).toBe(200);
    const me = (await call('admin', 'GET', '/api/app/employees?keyword=admin')).json().items[0];
    expect(
      (await call('admin', 'POST', `/api/app/employees/${me.id}/deactivate`)).json().error.message,
    ).toBe('不能停用自己的账号');
    const roles = (await call('manager', 'GET', '/api/app/employees/assignable-roles')).json();
    expect(roles).toEqual({
      roles: [
        { name: 'StoreEmployee', displayName: '店员' },
        { name: 'Driver', displayName: '司机' },
      ],
      storeId: storeIds['万龙雪场店'],
    });
  });

  describe('bad input', () => {
    const newcomer = (userName: string, extra: object = {}) => ({
      userName,
      name: '新人',
      password: 'Abc123!x',
      phoneNumber: '',
      email: '',
      roles: ['StoreEmployee'],
      primaryStoreId: storeIds['万龙雪场店'],
      ...extra,
    });

    it('holds a role named twice once, on create and on update', async () => {
      const created = await call(
        'admin',
        'POST',
        '/api/app/employees',
        newcomer('twice', { roles: ['StoreEmployee', 'StoreEmployee'] }),
      );
      expect(created.statusCode).toBe(201);
      expect(created.json().roles).toEqual(['StoreEmployee']);
      const updated = await call('admin', 'PUT', `/api/app/employees/${created.json().id}`, {
        name: '新人',
        roles: ['Driver', 'StoreEmployee', 'Driver'],
        primaryStoreId: storeIds['万龙雪场店'],
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().roles.sort()).toEqual(['Driver', 'StoreEmployee']);
    });

    it('answers two sign-ups of one new user name at once with one account and a 409', async () => {
      const [a, b] = await Promise.all([
        call('admin', 'POST', '/api/app/employees', newcomer('racer', { name: '甲' })),
        call('admin', 'POST', '/api/app/employees', newcomer('RACER', { name: '乙' })),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json().error).toMatchObject({
        code: 'Identity:DuplicateUser',
        message: '用户名已存在',
      });
      const [c, d] = await Promise.all([
        call(
          'admin',
          'POST',
          '/api/app/employees',
          newcomer('phone1', { phoneNumber: '13711112222' }),
        ),
        call(
          'admin',
          'POST',
          '/api/app/employees',
          newcomer('phone2', { phoneNumber: '13711112222' }),
        ),
      ]);
      expect([c.statusCode, d.statusCode].sort()).toEqual([201, 409]);
      expect((c.statusCode === 409 ? c : d).json().error.code).toBe('Identity:DuplicateUser');
    });

    it('refuses names with nothing visible, line breaks or bidi overrides', async () => {
      for (const name of ['\u200b\u200b', '李\n四', 'evil\u202etxt.exe']) {
        const res = await call(
          'admin',
          'POST',
          '/api/app/employees',
          newcomer('badname', { name }),
        );
        expect(res.statusCode, JSON.stringify(name)).toBe(400);
        expect(res.json().error.validationErrors[0].members).toEqual(['name']);
      }
    });

    it('answers a store that does not exist with StoreNotFound', async () => {
      const res = await call(
        'admin',
        'POST',
        '/api/app/employees',
        newcomer('nostore', { primaryStoreId: '7f3c2f1e-5d55-4c7e-9b1d-2f6a4c8e9b10' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'Store:NotFound', message: '门店不存在' });
    });
  });
});
