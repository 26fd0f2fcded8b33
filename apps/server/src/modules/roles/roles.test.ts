import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ROLE_PERMISSIONS,
  Permissions as P,
  type RoleMatrix,
  type RoleName,
} from '@snowgear/contracts';
import {
  callerAs,
  createTestApp,
  signIn,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { businessDay } from '@/modules/orders/numbering.js';

/** Today in the stores' zone ("2026-11-24"), which the audit log's dates are read in. */
const today = () => {
  const day = businessDay(new Date(), 'Asia/Shanghai');
  return `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
};

describe('roles and permissions', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['admin', 'manager', 'employee', 'driver']));
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const matrix = async (as = 'admin') => {
    const res = await call(as, 'GET', '/api/app/roles/matrix');
    expect(res.statusCode).toBe(200);
    return res.json<RoleMatrix>();
  };
  const permissionsOf = async (role: string) =>
    (await matrix()).roles.find((r) => r.name === role)!.permissions;
  const put = (role: string, permissions: string[], as = 'admin', language = 'zh-CN') =>
    call(as, 'PUT', `/api/app/roles/${role}/permissions`, { permissions }, language);

  it('shows every role with its permissions, grouped as in spec §6, to those who manage staff', async () => {
    const m = await matrix('manager');
    expect(m.canEdit).toBe(false);
    expect(m.roles.map((r) => r.name)).toEqual([
      'SuperAdmin',
      'StoreManager',
      'StoreEmployee',
      'Driver',
      'Agent',
      'Customer',
    ]);
    expect(m.roles.find((r) => r.name === 'StoreManager')).toMatchObject({
      displayName: '店长',
      editable: true,
    });
    expect(m.roles.find((r) => r.name === 'SuperAdmin')!.editable).toBe(false);
    for (const role of m.roles) {
      expect([...role.permissions].sort(), role.name).toEqual(
        [...DEFAULT_ROLE_PERMISSIONS[role.name as RoleName]].sort(),
      );
    }
    expect(m.groups.map((g) => [g.name, g.permissions.length])).toEqual([
      ['SystemManagement', 3],
      ['StoreManagement', 4],
      ['BusinessOperations', 7],
      ['DeliveryManagement', 2],
      ['AgentBusiness', 3],
      ['CustomerOperations', 2],
    ]);
    expect((await matrix('admin')).canEdit).toBe(true);
    expect((await call('employee', 'GET', '/api/app/roles/matrix')).statusCode).toBe(403);
    expect((await call('driver', 'GET', '/api/app/roles/matrix')).statusCode).toBe(403);
    expect((await t.app.inject('/api/app/roles/matrix')).statusCode).toBe(401);
  });

  it('lets only the super admin change a role', async () => {
    const before = await permissionsOf('StoreEmployee');
    const res = await put('StoreEmployee', [], 'manager');
    expect(res.statusCode).toBe(403);
    expect(await permissionsOf('StoreEmployee')).toEqual(before);
  });

  it('applies a change from the very next request: a removed permission refuses the employee, restoring it lets them in again', async () => {
    const original = await permissionsOf('StoreEmployee');
    // Registering small equipment needs EquipmentCreate; an empty body is then only a 400.
    const tryCreate = () => call('employee', 'POST', '/api/app/small-equipment', {});
    expect((await tryCreate()).statusCode).toBe(400);

    const without = original.filter((p) => p !== P.BusinessOperations.EquipmentCreate);
    const removed = await put('StoreEmployee', without);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      added: [],
      removed: [P.BusinessOperations.EquipmentCreate],
      role: { name: 'StoreEmployee', permissions: without },
    });
    const refused = await tryCreate();
    expect(refused.statusCode).toBe(403);
    const profile = (await call('employee', 'GET', '/api/app/account/my-profile')).json();
    expect(profile.permissions).not.toContain(P.BusinessOperations.EquipmentCreate);
    // What else the employee may do is untouched.
    expect((await call('employee', 'GET', '/api/app/small-equipment')).statusCode).toBe(200);

    const restored = await put('StoreEmployee', original);
    expect(restored.json()).toMatchObject({
      added: [P.BusinessOperations.EquipmentCreate],
      removed: [],
    });
    expect((await tryCreate()).statusCode).toBe(400);
    expect(await permissionsOf('StoreEmployee')).toEqual(original);
  });

  it('writes an audit line naming what was added and removed, and none when nothing changed', async () => {
    const original = await permissionsOf('Customer');
    const next = [P.CustomerOperations.ViewOrders, P.AgentBusiness.Performance];
    expect((await put('Customer', next)).statusCode).toBe(200);
    expect((await put('Customer', next)).json()).toMatchObject({ added: [], removed: [] });
    expect((await put('Customer', original)).statusCode).toBe(200);

    const log = await call(
      'admin',
      'GET',
      `/api/app/audit-log?categories=staff&keyword=${encodeURIComponent('顾客')}&from=${today()}&to=${today()}`,
    );
    expect(log.statusCode).toBe(200);
    const lines = log.json<{
      items: { summary: string; operatorName: string; storeName: string | null }[];
    }>().items;
    expect(lines.map((l) => l.summary)).toEqual([
      '修改角色“顾客”的权限：新增 在线支付；移除 业绩',
      '修改角色“顾客”的权限：新增 业绩；移除 在线支付',
    ]);
    expect(lines[0]).toMatchObject({ operatorName: '系统管理员', storeName: null });
    const english = await call(
      'admin',
      'GET',
      `/api/app/audit-log?categories=staff&keyword=Customer&from=${today()}&to=${today()}`,
      undefined,
      'en-US',
    );
    expect(english.json().items[0].summary).toBe(
      'Changed the permissions of Customer: added Pay own orders; removed Performance',
    );
  });

  it('never changes the super admin, and refuses names that are no permission next to their place', async () => {
    const fixed = await put('SuperAdmin', [P.SystemManagement.Default]);
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json().error).toMatchObject({
      code: 'Role:SuperAdminFixed',
      message: '超级管理员始终拥有全部权限，不能修改',
    });
    expect((await permissionsOf('SuperAdmin')).length).toBe(21);

    const before = await permissionsOf('Driver');
    const unknown = await put(
      'Driver',
      [P.DeliveryManagement.DeliveryOrders, 'SnowGearSmartStore.Teleport'],
      'admin',
      'en-US',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.validationErrors).toEqual([
      {
        message: 'There is no permission called SnowGearSmartStore.Teleport',
        members: ['permissions.1'],
      },
    ]);
    expect(await permissionsOf('Driver')).toEqual(before);

    expect((await put('Nobody', [])).statusCode).toBe(404);
    expect((await call('admin', 'PUT', '/api/app/roles/Driver/permissions', {})).statusCode).toBe(
      400,
    );
    expect(
      (await call('admin', 'PUT', '/api/app/roles/Driver/permissions', { permissions: 'all' }))
        .statusCode,
    ).toBe(400);
  });
});
