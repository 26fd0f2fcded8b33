import { describe, expect, it } from 'vitest';
import { Permissions, RoleName } from '@snowgear/contracts';
import { ANONYMOUS, type SessionSnapshot } from '@/lib/authorization';
import { findRouteMeta, mayOpen, setRouteTable } from './route-meta';

const clerk: SessionSnapshot = {
  isAuthenticated: true,
  roles: [RoleName.StoreEmployee],
  activeRole: RoleName.StoreEmployee,
  permissions: [Permissions.StoreManagement.Orders],
};

describe('whether a user may open a path', () => {
  // A table of two routes of its own (app/routes.ts hands the app's over as it loads).
  setRouteTable([
    {
      path: '/store/orders/detail/:id',
      layout: 'normal',
      needsLogin: true,
      roles: [RoleName.StoreEmployee],
    },
    {
      path: '/store/finance',
      layout: 'tabBar',
      needsLogin: true,
      permissions: [Permissions.StoreManagement.Finance],
    },
  ]);

  it("follows the route's guard", () => {
    expect(mayOpen('/store/orders/detail/7?tab=gear', clerk)).toBe(true);
    expect(mayOpen('/store/orders/detail/7', ANONYMOUS)).toBe(false);
    expect(mayOpen('/store/finance', clerk)).toBe(false);
  });

  it('is no for a path no page has', () => {
    expect(findRouteMeta('/store/nowhere')).toBeUndefined();
    expect(mayOpen('/store/nowhere', clerk)).toBe(false);
  });
});
